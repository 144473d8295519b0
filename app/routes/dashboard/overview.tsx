import { Plus } from "lucide-react";
import { Link, href } from "react-router";
import { SignOutForm } from "~/components/sign-out-form";
import { buttonClasses } from "~/components/ui/button";
import { userContext } from "~/context";
import { firstName } from "~/domain/account";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => [{ title: "My Bookings" }];

export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  return { firstName: firstName(user.user_metadata), email: user.email ?? "" };
}

export default function DashboardOverview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold">{loaderData.firstName ? `Welcome back, ${loaderData.firstName}!` : "Welcome back!"}</h1>
        <p className="text-slate-600">{loaderData.email}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={`${href("/book/:step?")}?from=dashboard`} className={buttonClasses("primary", "md", "whitespace-nowrap")}>
          <Plus aria-hidden className="size-5" />
          Book New Move
        </Link>
        <SignOutForm className={buttonClasses("outline", "md", "whitespace-nowrap")} label="Sign Out" />
      </div>
    </div>
  );
}
