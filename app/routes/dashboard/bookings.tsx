import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = () => [{ title: "All bookings" }];

/** All of the customer's bookings, newest first, a page at a time (`?page=`). */
export async function loader(_args: Route.LoaderArgs) {
  return {};
}

export default function DashboardBookings() {
  return <h1 className="text-2xl font-bold">All bookings</h1>;
}
