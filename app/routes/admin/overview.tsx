import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { BookingsTable } from "~/components/admin/bookings-table";
import { StatCards } from "~/components/admin/stat-cards";
import { UsersPreview } from "~/components/admin/users-preview";
import { WebsiteAnalyticsTab } from "~/components/admin/website-analytics-tab";
import { adminBookingScope } from "~/domain/admin-bookings-query";
import {
  ADMIN_BOOKING_VIEW_LABELS,
  ADMIN_BOOKING_VIEWS,
  ADMIN_OVERVIEW_TAB_LABELS,
  ADMIN_OVERVIEW_TABS,
  adminOverviewPath,
  adminOverviewTab,
} from "~/domain/admin-overview-tabs";
import { ensurePermission } from "~/middleware/guards.server";
import { bookingStatusAction, loadBookingsTable } from "./bookings-table.server";
import type { Route } from "./+types/overview";
import { loadStatCards, loadUsersPreview, loadWebsiteAnalyticsTab } from "./overview-dashboard.server";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Admin Dashboard", matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab = adminOverviewTab(params.get("tab"));
  const view = adminBookingScope(params.get("view"));
  // The Users and Website Analytics tabs are for whoever may read them: anyone else gets the 403 page before anything is read.
  if (tab === "users") await ensurePermission(request, context, "users:read");
  if (tab === "analytics") await ensurePermission(request, context, "analytics:read");
  const [stats, usersPreview, bookings, websiteAnalytics] = await Promise.all([
    loadStatCards(context),
    tab === "users" ? loadUsersPreview(context) : null,
    tab === "bookings" ? loadBookingsTable(request, context, view) : null,
    // Relative times are from the moment of this request.
    tab === "analytics" ? loadWebsiteAnalyticsTab(context, new Date()) : null,
  ]);
  return { stats, tab, view, usersPreview, bookings, websiteAnalytics };
}

/** The bookings tab's status forms post here. */
export async function action({ request, context }: Route.ActionArgs) {
  return bookingStatusAction(request, context);
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { stats, tab, view, usersPreview, bookings, websiteAnalytics } = loaderData;
  return (
    <>
      <AdminPageHeading title="Admin Dashboard" description="Bookings, customers and the website at a glance." />
      <StatCards stats={stats} />
      <div className="mt-6 flex flex-col gap-4">
        <AdminTabs
          label="Dashboard sections"
          tabs={ADMIN_OVERVIEW_TABS.map((candidate) => ({
            to: adminOverviewPath(candidate),
            label: ADMIN_OVERVIEW_TAB_LABELS[candidate],
            current: candidate === tab,
          }))}
        />
        {tab === "bookings" && bookings ? (
          <>
            <AdminTabs
              small
              label="Bookings by status"
              tabs={ADMIN_BOOKING_VIEWS.map((candidate) => ({
                to: adminOverviewPath("bookings", candidate),
                label: ADMIN_BOOKING_VIEW_LABELS[candidate],
                current: candidate === view,
              }))}
            />
            <BookingsTable {...bookings} />
          </>
        ) : null}
        {tab === "users" ? <UsersPreview preview={usersPreview} /> : null}
        {tab === "analytics" && websiteAnalytics ? <WebsiteAnalyticsTab state={websiteAnalytics} /> : null}
      </div>
    </>
  );
}
