import type { BookingRow } from "../../../app/domain/booking.ts";
import { savePendingBooking } from "../../../app/services/bookings.server.ts";

/** A booking saved at Pay as the wizard saves it, for tests that need one: a refusal for want of a crew fails the test. */
export async function savedBooking(...args: Parameters<typeof savePendingBooking>): Promise<BookingRow> {
  const saved = await savePendingBooking(...args);
  if (saved.kind !== "saved") throw new Error(`the booking was not saved: ${saved.kind} ${saved.message}`);
  return saved.booking;
}
