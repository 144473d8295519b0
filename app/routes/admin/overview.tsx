import { redirect } from "react-router";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { BookingsTable } from "~/components/admin/bookings-table";
import { adminBookingScope } from "~/domain/admin-bookings-query";
import { ADMIN_BOOKING_VIEW_LABELS, ADMIN_BOOKING_VIEWS, adminOverviewPath, movedOverviewTabPath } from "~/domain/admin-overview-tabs";
import { bookingStatusAction, loadBookingsTable } from "./bookings-table.server";
import type { Route } from "./+types/overview";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Admin Dashboard", matches);

/** Bookmarks of the tabs that were `/admin?tab=…` go to their own pages for good, before anything is read. */
const moveOldTabAddresses: Route.MiddlewareFunction = ({ request }) => {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const moved = movedOverviewTabPath(new URL(request.url).searchParams);
  if (moved) throw redirect(moved, 301);
};

export const middleware: Route.MiddlewareFunction[] = [moveOldTabAddresses];

/** The dashboard's Bookings tab: the table for the sub-tab `view` names. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const view = adminBookingScope(new URL(request.url).searchParams.get("view"));
  return { view, bookings: await loadBookingsTable(request, context, view) };
}

/** The bookings tab's status forms post here. */
export async function action({ request, context }: Route.ActionArgs) {
  return bookingStatusAction(request, context);
}

export default function AdminOverviewBookings({ loaderData }: Route.ComponentProps) {
  const { view, bookings } = loaderData;
  return (
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
  );
}
