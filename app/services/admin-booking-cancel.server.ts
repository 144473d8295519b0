import type Stripe from "stripe";
import type { BookingRow } from "~/domain/booking";
import { BookingStoreError } from "./bookings.server";
import { expireCheckoutSession } from "./payments.server";
import type { AppSupabaseClient } from "./supabase.server";

export type StaffCancelResult =
  /** `checkoutClosed` is false when an open Checkout Session of the booking could not be closed. */
  { kind: "cancelled"; booking: BookingRow; checkoutClosed: boolean } | { kind: "not-found" } | { kind: "forbidden" };

/**
 * Staff cancel a booking through `set_booking_status` (the database checks they may change statuses
 * and writes the history row with them as its author). A deposit checkout still open is closed, so
 * the cancelled booking cannot be paid afterwards. Throws BookingStoreError when the database fails.
 */
export async function cancelBookingAsStaff(supabase: AppSupabaseClient, stripe: Stripe, bookingId: string): Promise<StaffCancelResult> {
  const { data, error } = await supabase.rpc("set_booking_status", { _booking_id: bookingId, _status: "cancelled" });
  if (error) {
    if (error.code === "42501") return { kind: "forbidden" };
    if (error.code === "P0002") return { kind: "not-found" };
    throw new BookingStoreError("could not cancel a booking", error);
  }
  const sessionId = data.stripe_checkout_session_id;
  const unpaid = data.deposit_status !== "paid" && data.deposit_status !== "refunded";
  const checkoutClosed = sessionId && unpaid ? await expireCheckoutSession(stripe, sessionId) : true;
  return { kind: "cancelled", booking: data, checkoutClosed };
}
