import { Link, href } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { BookingsTable } from "~/components/admin/bookings-table";
import { buttonClasses } from "~/components/ui/button";
import { adminBookingsSearch, DEFAULT_ADMIN_BOOKINGS_QUERY } from "~/domain/admin-bookings-query";
import { bookingStatusAction, loadBookingsTable } from "./bookings-table.server";
import type { Route } from "./+types/pending";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Pending Bookings · Admin", matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBookingsTable(request, context, "pending");
}

/** Each row's status form posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  return bookingStatusAction(request, context);
}

export default function AdminPending({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* Abandoned checkouts are no pending work: they are listed apart, among all bookings. */}
      <AdminPageHeading
        title="Pending Bookings"
        description="Bookings awaiting confirmation."
        actions={
          <Link
            to={`${href("/admin/bookings")}${adminBookingsSearch(new URLSearchParams(), DEFAULT_ADMIN_BOOKINGS_QUERY, { status: "abandoned" })}`}
            className={buttonClasses("outline", "sm")}
          >
            Abandoned checkouts
          </Link>
        }
      />
      <BookingsTable {...loaderData} />
    </>
  );
}
