import { Plus } from "lucide-react";
import { Link, NavLink, Outlet, href } from "react-router";
import { SignOutForm } from "~/components/sign-out-form";
import { buttonClasses } from "~/components/ui/button";
import { userContext } from "~/context";
import { firstName } from "~/domain/account";
import { DASHBOARD_TABS, DASHBOARD_TAB_LABELS, dashboardTabPath } from "~/domain/dashboard-tabs";
import { signedInFullName } from "~/services/session.server";
import type { Route } from "./+types/tabs-layout";

/** The header's facts; each tab's page loads its own data. */
export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  return { firstName: firstName(signedInFullName(context)), email: user.email ?? "" };
}

/** The dashboard's header and tab links around the open tab's page. */
export default function DashboardTabsLayout({ loaderData: header }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{header.firstName ? `Hi, ${header.firstName}!` : "Hi!"}</h1>
          <p className="text-slate-600">{header.email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`${href("/book")}?from=dashboard`} className={buttonClasses("primary", "md", "whitespace-nowrap")}>
            <Plus aria-hidden className="size-5" />
            Book New Move
          </Link>
          {/* On a phone the account menu's Sign out is enough: this one would push the next move down. */}
          <div className="hidden sm:block">
            <SignOutForm className={buttonClasses("outline", "md", "whitespace-nowrap")} />
          </div>
        </div>
      </div>
      <DashboardTabs />
      <section aria-labelledby="dashboard-tab-heading">
        <Outlet />
      </section>
    </div>
  );
}

/** Links, not buttons: each tab has its own address, works without JavaScript and can be bookmarked. */
function DashboardTabs() {
  return (
    <nav aria-label="Dashboard" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-1">
        {DASHBOARD_TABS.map((tab) => (
          <li key={tab}>
            {/* The open tab's link says so (aria-current="page"); the overview's only on the dashboard itself. */}
            <NavLink
              to={dashboardTabPath(tab)}
              end
              className={({ isActive }) =>
                `inline-flex h-11 items-center border-b-2 px-4 font-medium ${
                  isActive ? "border-brand-700 text-brand-900" : "border-transparent text-slate-600 hover:text-slate-900"
                }`
              }
              preventScrollReset
            >
              {DASHBOARD_TAB_LABELS[tab]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
