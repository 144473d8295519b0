import { ShieldAlert } from "lucide-react";
import { Link, isRouteErrorResponse } from "react-router";
import { SiteHeader } from "~/components/site-header";
import { SignOutForm } from "~/components/sign-out-form";
import { buttonClasses } from "~/components/ui/button";
import { requireAdmin } from "~/services/auth.server";
import type { Route } from "./+types/admin-dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { email: admin.email ?? "" };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold">Admin Dashboard</h1>
            <p className="text-slate-600">
              {loaderData.email} <span className="text-sm text-slate-500">· Administrator</span>
            </p>
          </div>
          <SignOutForm className={buttonClasses("outline", "md")} label="Sign Out" />
        </div>
      </main>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 403) throw error;
  return (
    <>
      <SiteHeader />
      <main className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <ShieldAlert aria-hidden className="size-12 text-red-600" />
        <h1 className="text-2xl font-bold">Access Denied</h1>
        <p className="text-slate-600">You don't have permission to access the admin dashboard.</p>
        <p className="text-slate-600">Please contact support if you believe this is an error.</p>
        <Link to="/dashboard" className={buttonClasses("outline", "md")}>
          Go to My Bookings
        </Link>
      </main>
    </>
  );
}
