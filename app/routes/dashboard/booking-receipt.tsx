import { ReceiptDocument } from "~/components/booking/receipt-document";
import { sessionContext, settingsContext, userContext } from "~/context";
import { ownBooking } from "~/services/customer-bookings.server";
import { bookingIdParam, bookingNotFound, customerBookingPath } from "../booking-params";
import { pageMeta } from "../frame-meta";
import { receiptPage } from "../receipt-page.server";
import type { Route } from "./+types/booking-receipt";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData ? `Receipt ${loaderData.receipt.number}` : "Receipt", matches);

/** A receipt of one of the customer's own bookings, read with their own client: another's is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const bookingId = bookingIdParam(params);
  const { supabase } = context.get(sessionContext);
  const found = await ownBooking(supabase, context.get(userContext).id, bookingId);
  if (found.kind === "not-found") throw bookingNotFound();
  const { timeZone } = await context.get(settingsContext)();
  return { ...(await receiptPage(supabase, found.booking, params.receiptId, timeZone)), backTo: customerBookingPath(bookingId) };
}

export default function BookingReceipt({ loaderData }: Route.ComponentProps) {
  return <ReceiptDocument receipt={loaderData.receipt} booking={loaderData.booking} backTo={loaderData.backTo} />;
}
