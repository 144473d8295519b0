import type Stripe from "stripe";
import type { BookingRow } from "~/domain/booking";
import { NOT_FOUND, type Lookup } from "~/domain/lookup";
import { BookingStoreError } from "./bookings.server";
import { CHECKOUT_CLOSED, expireCheckoutSession, type CheckoutClosing } from "./payments.server";
import type { AppSupabaseClient } from "./supabase.server";

/** What the cancellation page shows of a booking. */
export type BookingToCancel = Pick<BookingRow, "id" | "full_name" | "status" | "deposit_status" | "deposit_amount_cents">;

/** The booking staff are about to cancel, read with their own client. Throws BookingStoreError when the database fails. */
export async function loadBookingToCancel(supabase: AppSupabaseClient, bookingId: string): Promise<Lookup<{ booking: BookingToCancel }>> {
  const { data, error } = await supabase
    .from("bookings")
    .select("id, full_name, status, deposit_status, deposit_amount_cents")
    .eq("id", bookingId)
    .maybeSingle();
  if (error) throw new BookingStoreError("could not read a booking to cancel", error);
  return data ? { kind: "found", booking: data } : NOT_FOUND;
}

export type StaffCancelResult =
  /** `checkout` says whether an open Checkout Session of the booking was closed (one that was never open counts as closed). */
  { kind: "cancelled"; booking: BookingRow; checkout: CheckoutClosing } | { kind: "not-found" } | { kind: "forbidden" };

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
  const checkout = sessionId && unpaid ? await expireCheckoutSession(stripe, sessionId) : CHECKOUT_CLOSED;
  return { kind: "cancelled", booking: data, checkout };
}
