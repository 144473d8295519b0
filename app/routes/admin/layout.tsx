import { ArrowLeft } from "lucide-react";
import { Outlet } from "react-router";
import { AdminDrawer } from "~/components/admin/admin-drawer";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { buttonClasses } from "~/components/ui/button";
import { requestContext, servicesContext, sessionContext, settingsContext, userContext } from "~/context";
import { adminPagesFor } from "~/domain/admin-navigation";
import { sidebarStateFrom } from "~/domain/admin-sidebar";
import { ADMIN_AREA_PERMISSION, leadingRole } from "~/domain/permissions";
import { WEBSITE_PATH } from "~/domain/website-path";
import { requirePermission } from "~/middleware/guards.server";
import { countPendingBookings } from "~/services/admin-bookings.server";
import { errorPageMeta } from "../frame-meta";
import { LayoutErrorBoundary } from "../layout-frame";
import type { Route } from "./+types/layout";

/** Only staff below this layout: signed-out visitors go to the login view, customers see Access Denied. */
export const middleware: Route.MiddlewareFunction[] = [requirePermission(ADMIN_AREA_PERMISSION)];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext);
  const [roles, pendingCount, settings] = await Promise.all([session.roles(), countPendingBookings(session.supabase), context.get(settingsContext)()]);
  if (pendingCount.kind === "failed")
    context.get(requestContext).logger.warn({ err: pendingCount.cause }, "could not count the pending bookings for the sidebar");
  return {
    sidebarState: sidebarStateFrom(request.headers.get("Cookie")),
    pendingCount: pendingCount.kind === "counted" ? pendingCount.count : 0,
    pages: adminPagesFor(roles, { mailbox: context.get(servicesContext).mailbox !== undefined }),
    email: context.get(userContext).email ?? "",
    roleLabel: leadingRole(roles) === "admin" ? "Administrator" : "Moderator",
    executive: { name: settings.executiveName, title: settings.executiveTitle },
  };
}

/** The admin area's frame: the sidebar (a drawer below 768px) beside each page, under a header with
 *  the way back to the website and who runs the company. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { executive } = loaderData;
  return (
    <div className="flex min-h-screen bg-slate-50">
      <AdminSidebar
        state={loaderData.sidebarState}
        pendingCount={loaderData.pendingCount}
        pages={loaderData.pages}
        email={loaderData.email}
        roleLabel={loaderData.roleLabel}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-3">
          <AdminDrawer pendingCount={loaderData.pendingCount} pages={loaderData.pages} email={loaderData.email} roleLabel={loaderData.roleLabel} />
          <a href={WEBSITE_PATH} className={buttonClasses("outline", "sm")}>
            <ArrowLeft aria-hidden className="size-4" />
            Back to Website
          </a>
          <p className="ml-auto min-w-0 text-right text-sm leading-tight">
            <span className="block truncate font-semibold">{executive.name}</span>
            <span className="block truncate text-slate-500">{executive.title}</span>
          </p>
        </header>
        <main className="min-w-0 flex-1 px-4 py-6 md:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

// The title of an error this layout caught; each page names itself. No "noindex": a crawler is sent
// to the sign-in page and never sees a page behind it.
export const meta: Route.MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : []);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LayoutErrorBoundary error={error} />;
}
