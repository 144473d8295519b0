import type { Route } from "./+types/booking-details";

export const meta: Route.MetaFunction = () => [{ title: "Booking details" }];

/** One of the customer's own bookings; anybody else's is a 404. */
export async function loader(_args: Route.LoaderArgs) {
  return {};
}

export default function BookingDetails() {
  return <h1 className="text-2xl font-bold">Booking details</h1>;
}
