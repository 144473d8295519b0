import { Outlet, useLocation } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { StatCards } from "~/components/admin/stat-cards";
import { ADMIN_OVERVIEW_TAB_LABELS, ADMIN_OVERVIEW_TABS, adminOverviewPath, adminOverviewTabAt } from "~/domain/admin-overview-tabs";
import type { Route } from "./+types/overview-layout";
import { loadStatCards } from "./overview-dashboard.server";

/** What every tab of the dashboard shows above it: the stat cards. */
export async function loader({ context }: Route.LoaderArgs) {
  return { stats: await loadStatCards(context) };
}

/** The dashboard's frame: its heading, the stat cards and the tabs, each tab a page of its own below. */
export default function AdminOverviewLayout({ loaderData }: Route.ComponentProps) {
  const tab = adminOverviewTabAt(useLocation().pathname);
  return (
    <>
      <AdminPageHeading title="Admin Dashboard" description="Bookings, customers and the website at a glance." />
      <StatCards stats={loaderData.stats} />
      <div className="mt-6 flex flex-col gap-4">
        <AdminTabs
          label="Dashboard sections"
          tabs={ADMIN_OVERVIEW_TABS.map((candidate) => ({
            to: adminOverviewPath(candidate),
            label: ADMIN_OVERVIEW_TAB_LABELS[candidate],
            current: candidate === tab,
          }))}
        />
        <Outlet />
      </div>
    </>
  );
}
