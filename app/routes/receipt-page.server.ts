import { formatMoveDate } from "~/domain/booking-labels";
import { shortBookingId, type BookingRow } from "~/domain/booking";
import { receiptView } from "~/domain/receipts";
import type { ListedReceipt } from "~/components/booking/booking-payments-section";
import type { ReceiptBooking } from "~/components/booking/receipt-document";
import { readReceipts } from "~/services/receipts.server";
import type { AppSupabaseClient } from "~/services/supabase.server";
import { bookingNotFound } from "./booking-params";

// A booking's receipts, the same for its signed-in owner and for the holder of its emails' link: the
// page hands over the booking (checked as the visitor's) and how its receipts are addressed.

/** The booking's payments and refunds as its page lists them, each with the address of its receipt. */
export async function listedReceipts(
  client: AppSupabaseClient,
  booking: BookingRow,
  { timeZone, receiptHref }: { timeZone: string; receiptHref: (receiptId: string) => string },
): Promise<ListedReceipt[]> {
  const receipts = await readReceipts(client, booking);
  return receipts.map((receipt) => ({ ...receiptView(receipt, booking.id, timeZone), href: receiptHref(receipt.id) }));
}

/** One receipt of the booking, for its printable page; the site's 404 when the booking has none by that id. */
export async function receiptPage(client: AppSupabaseClient, booking: BookingRow, receiptId: string, timeZone: string) {
  const receipt = (await readReceipts(client, booking)).find((candidate) => candidate.id === receiptId);
  if (!receipt) throw bookingNotFound();
  const about: ReceiptBooking = {
    shortId: shortBookingId(booking.id),
    customerName: booking.full_name,
    email: booking.email,
    moveDate: formatMoveDate(booking.moving_date),
    from: booking.moving_from,
    to: booking.moving_to,
  };
  return { receipt: receiptView(receipt, booking.id, timeZone), booking: about };
}
