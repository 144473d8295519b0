import type Stripe from "stripe";
import type { BookingRow } from "~/domain/booking";
import { BookingStoreError } from "./bookings.server";
import { CHECKOUT_CLOSED, expireCheckoutSession, type CheckoutClosing } from "./payments.server";
import { refundOwedDeposit } from "./refunds.server";
import type { AppSupabaseClient } from "./supabase.server";

// A customer cancels their own booking, signed in or through the link of its emails. The database
// applies the company's rules (pending or confirmed, at least the notice before the move) and marks a
// paid deposit owed back when the company refunds cancellations in time; the deposit is then refunded
// through Stripe at once. A Checkout still open for the booking is closed, so it cannot be paid later.

/** What became of the deposit. */
export type DepositAfterCancellation =
  /** None was paid. */
  | { kind: "unpaid" }
  /** Paid, and kept by the company's rules. */
  | { kind: "kept" }
  | { kind: "refunded" }
  /** Owed back, but Stripe could not be reached: the office sees it as Refund due. */
  | { kind: "refund-pending"; cause: unknown };

export type CustomerCancellationResult =
  | { kind: "cancelled"; booking: BookingRow; checkout: CheckoutClosing; deposit: DepositAfterCancellation }
  /** Not the customer's booking (or no such booking). */
  | { kind: "not-found" }
  /** Its status does not allow it: under way, completed or cancelled already. */
  | { kind: "not-cancellable" }
  /** Closer to the move than the company's notice. */
  | { kind: "too-late" };

/** Postgres error codes the cancelling functions raise. */
const CANCEL_REFUSALS: Record<string, Exclude<CustomerCancellationResult["kind"], "cancelled">> = {
  P0002: "not-found",
  "22023": "not-cancellable",
  "23514": "too-late",
};

interface Services {
  /** Only to refund a deposit the rules owe back: the customer holds no right to record refunds. */
  serviceRole: AppSupabaseClient;
  stripe: Stripe;
}

/**
 * The signed-in customer cancels their own booking, with their own client (`cancel_my_booking`: another
 * customer's booking is not found). Throws BookingStoreError when the database fails.
 */
export async function cancelMyBooking(supabase: AppSupabaseClient, services: Services, bookingId: string): Promise<CustomerCancellationResult> {
  const { data, error } = await supabase.rpc("cancel_my_booking", { _booking_id: bookingId });
  return settle(services, { data, error });
}

/**
 * The holder of a booking's 'Manage your booking' link cancels it: the link's signature was checked and
 * names this booking and `email`, so the service role asks (`cancel_booking_by_manage_link`). Throws
 * BookingStoreError when the database fails.
 */
export async function cancelByManageLink(services: Services, { bookingId, email }: { bookingId: string; email: string }): Promise<CustomerCancellationResult> {
  const { data, error } = await services.serviceRole.rpc("cancel_booking_by_manage_link", { _booking_id: bookingId, _email: email });
  return settle(services, { data, error });
}

async function settle(
  { serviceRole, stripe }: Services,
  { data, error }: { data: BookingRow | null; error: { code: string; message: string } | null },
): Promise<CustomerCancellationResult> {
  if (error || !data) {
    const refusal = error ? CANCEL_REFUSALS[error.code] : undefined;
    if (refusal) return { kind: refusal };
    throw new BookingStoreError("could not cancel a booking", error ?? "no booking returned");
  }
  const sessionId = data.stripe_checkout_session_id;
  const checkout = !sessionId || data.deposit_status === "paid" ? CHECKOUT_CLOSED : await expireCheckoutSession(stripe, sessionId);
  return { kind: "cancelled", booking: data, checkout, deposit: await depositAfter(serviceRole, stripe, data) };
}

async function depositAfter(serviceRole: AppSupabaseClient, stripe: Stripe, booking: BookingRow): Promise<DepositAfterCancellation> {
  if (booking.deposit_status !== "paid") return { kind: "unpaid" };
  if (booking.refund_due_at === null) return { kind: "kept" };
  const refund = await refundOwedDeposit(serviceRole, stripe, booking.id);
  switch (refund.kind) {
    case "refunded":
    case "already-refunded":
      return { kind: "refunded" };
    case "stripe-failed":
      return { kind: "refund-pending", cause: refund.cause };
    case "nothing-owed":
      // Owed a moment ago: refunded meanwhile by the office, or by Stripe's own event.
      return { kind: "refunded" };
    default:
      return refund satisfies never;
  }
}
