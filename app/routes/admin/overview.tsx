import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { BookingsTable } from "~/components/admin/bookings-table";
import { adminBookingScope } from "~/domain/admin-bookings-query";
import {
  ADMIN_BOOKING_VIEW_LABELS,
  ADMIN_BOOKING_VIEWS,
  ADMIN_OVERVIEW_TAB_LABELS,
  ADMIN_OVERVIEW_TABS,
  adminOverviewPath,
  adminOverviewTab,
} from "~/domain/admin-overview-tabs";
import { bookingStatusAction, loadBookingsTable } from "./bookings-table.server";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab = adminOverviewTab(params.get("tab"));
  const view = adminBookingScope(params.get("view"));
  return { tab, view, bookings: tab === "bookings" ? await loadBookingsTable(request, context, view) : null };
}

/** The bookings tab's status forms post here. */
export async function action({ request, context }: Route.ActionArgs) {
  return bookingStatusAction(request, context);
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { tab, view, bookings } = loaderData;
  return (
    <>
      <AdminPageHeading title="Admin Dashboard" description="Bookings, customers and the website at a glance." />
      <div className="flex flex-col gap-4">
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
        {tab === "users" ? (
          <section aria-label="Users">
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">The users list is not built yet.</p>
          </section>
        ) : null}
        {tab === "analytics" ? (
          <section aria-label="Website Analytics">
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
              Website analytics arrive in a later release: page views, visitors and where they come from.
            </p>
          </section>
        ) : null}
      </div>
    </>
  );
}
