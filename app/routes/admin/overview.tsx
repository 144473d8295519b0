import { SignOutForm } from "~/components/sign-out-form";
import { buttonClasses } from "~/components/ui/button";
import { userContext } from "~/context";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard" }];

export function loader({ context }: Route.LoaderArgs) {
  return { email: context.get(userContext).email ?? "" };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold">Admin Dashboard</h1>
        <p className="text-slate-600">
          {loaderData.email} <span className="text-sm text-slate-500">· Administrator</span>
        </p>
      </div>
      <SignOutForm className={buttonClasses("outline", "md", "whitespace-nowrap")} label="Sign Out" />
    </div>
  );
}
