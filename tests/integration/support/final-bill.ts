import type { AppSupabaseClient } from "../../../app/services/supabase.server.ts";
import type { SignedInVisitor } from "./app-client.ts";
import { insertStoredBooking } from "./stored-booking.ts";

/** The admin's page that bills a move. */
export const billPath = (bookingId: string) => `/admin/bookings/${bookingId}/bill`;

/**
 * The final bill's form as the page posts it, for a move booked at 10:00: the crew worked until 16:20,
 * which an elite local crew bills as $1,075 with nothing added. `fields` replace any of it.
 */
export const billForm = (intent: string, fields: Record<string, string> = {}) => ({
  intent,
  startedAt: "10:00",
  endedAt: "16:20",
  totalHours: "",
  totalMinutes: "",
  extraMovers: "0",
  tvMounting: "0",
  deepCleaningBedrooms: "0",
  discount: "",
  discountReason: "",
  ...fields,
});

/** The office completes move `bookingId` with the $1,075 bill, through its page; throws unless it was kept. */
export async function completeMove(staff: SignedInVisitor, bookingId: string, fields: Record<string, string> = {}): Promise<void> {
  const answer = await staff.visitor.act(billPath(bookingId), billForm("complete-move", fields));
  if (answer.status !== 302) throw new Error(`the move was not billed: ${answer.status} ${JSON.stringify(answer.value)}`);
}

/** A confirmed move of `owner`'s at 10:00 whose deposit is paid, ready to bill (see insertStoredBooking for the rest). */
export const paidMove = (
  serviceRole: AppSupabaseClient,
  owner: Parameters<typeof insertStoredBooking>[1],
  columns: Parameters<typeof insertStoredBooking>[2] = {},
) =>
  insertStoredBooking(serviceRole, owner, {
    status: "confirmed",
    deposit_status: "paid",
    deposit_paid_at: new Date().toISOString(),
    moving_time: "10:00",
    ...columns,
  });
