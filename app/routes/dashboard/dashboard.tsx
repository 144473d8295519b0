import { Plus } from "lucide-react";
import { Link } from "react-router";
import { SiteHeader } from "~/components/site-header";
import { SignOutForm } from "~/components/sign-out-form";
import { buttonClasses } from "~/components/ui/button";
import { requireUser } from "~/services/auth.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "My Bookings" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const fullName = typeof user.user_metadata.full_name === "string" ? user.user_metadata.full_name.trim() : "";
  return { firstName: fullName.split(/\s+/)[0] || null, email: user.email ?? "" };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold">{loaderData.firstName ? `Welcome back, ${loaderData.firstName}!` : "Welcome back!"}</h1>
            <p className="text-slate-600">{loaderData.email}</p>
          </div>
          <div className="flex gap-2">
            <Link to="/book" className={buttonClasses("primary", "md")}>
              <Plus aria-hidden className="size-5" />
              Book New Move
            </Link>
            <SignOutForm className={buttonClasses("outline", "md")} label="Sign Out" />
          </div>
        </div>
      </main>
    </>
  );
}
