import type { AppSupabaseClient } from "../../../app/services/supabase.server.ts";
import type { SignedInVisitor } from "./app-client.ts";
import { billForm } from "../../../server/testing/bill-form.ts";
import { insertStoredBooking } from "./stored-booking.ts";

/** The admin's page that bills a move. */
export const billPath = (bookingId: string) => `/admin/bookings/${bookingId}/bill`;

export { billForm };

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
