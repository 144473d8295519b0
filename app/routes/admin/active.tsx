import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { BookingsTable } from "~/components/admin/bookings-table";
import { bookingStatusAction, loadBookingsTable } from "./bookings-table.server";
import type { Route } from "./+types/active";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Active Moves · Admin", matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBookingsTable(request, context, "active");
}

/** Each row's status form posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  return bookingStatusAction(request, context);
}

export default function AdminActive({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeading title="Active Moves" description="Confirmed moves and moves under way." />
      <BookingsTable {...loaderData} />
    </>
  );
}
