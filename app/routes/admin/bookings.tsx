import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { BookingsTable } from "~/components/admin/bookings-table";
import { bookingStatusAction, loadBookingsTable } from "./bookings-table.server";
import type { Route } from "./+types/bookings";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("All Bookings · Admin", matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBookingsTable(request, context, "all");
}

/** Each row's status form posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  return bookingStatusAction(request, context);
}

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeading title="All Bookings" description="Every booking: search, filter, sort, change a status or export the list." />
      <BookingsTable {...loaderData} />
    </>
  );
}
