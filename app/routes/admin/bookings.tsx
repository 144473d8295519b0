import { NotBuiltYet } from "~/components/admin/not-built-yet";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = () => [{ title: "All Bookings · Admin" }];

export default function AdminBookings() {
  return <NotBuiltYet title="All Bookings" what="every booking, to search, filter, sort and export" />;
}
