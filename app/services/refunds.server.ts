import type Stripe from "stripe";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";
import { isStripeError } from "./stripe-client.server";

// Giving a paid deposit back through Stripe. The refund is keyed by the payment intent that paid the
// deposit, so pressing Refund twice, or two staff members at once, makes one refund: Stripe answers a
// repeated idempotency key with the refund it made for it, and the database records it once. Stripe's
// charge.refunded event records it too, whichever comes first.

export type RefundDepositResult =
  | { kind: "refunded"; refundId: string; amountCents: number }
  /** Refunded before (by this page, another staff member, or Stripe's dashboard). */
  | { kind: "already-refunded" }
  /** No deposit was paid, so there is nothing to give back. */
  | { kind: "nothing-to-refund" }
  /** The booking is not cancelled: a deposit is given back only after its booking is cancelled. */
  | { kind: "not-cancelled" }
  | { kind: "not-found" }
  /** The caller may not change bookings: refused before anything reached Stripe. */
  | { kind: "forbidden" }
  | { kind: "stripe-failed"; cause: unknown };

/** The Idempotency-Key of the one refund a deposit gets. */
export const depositRefundKey = (paymentIntentId: string) => `deposit-refund:${paymentIntentId}`;

/**
 * Refunds the paid deposit of a cancelled booking in full and records the refund (its id, amount, when, by whom),
 * with the staff member's own client: the database checks they may change bookings before Stripe is
 * asked, and again when the refund is recorded. Throws BookingStoreError when the database fails.
 */
export async function refundDeposit(supabase: AppSupabaseClient, stripe: Stripe, bookingId: string): Promise<RefundDepositResult> {
  const allowed = await supabase.rpc("has_permission", { _permission: "bookings:write" });
  if (allowed.error) throw new BookingStoreError("could not check the permission to refund", allowed.error);
  if (!allowed.data) return { kind: "forbidden" };

  const { data: booking, error } = await supabase
    .from("bookings")
    .select("id, status, deposit_status, stripe_payment_intent_id")
    .eq("id", bookingId)
    .maybeSingle();
  if (error) throw new BookingStoreError("could not read a booking to refund", error);
  if (!booking) return { kind: "not-found" };
  if (booking.deposit_status === "refunded") return { kind: "already-refunded" };
  if (booking.status !== "cancelled") return { kind: "not-cancelled" };
  const paymentIntent = booking.stripe_payment_intent_id;
  if (booking.deposit_status !== "paid" || !paymentIntent) return { kind: "nothing-to-refund" };

  const refund = await refundInFull(stripe, { bookingId: booking.id, paymentIntent });
  if (refund.kind !== "refund") return refund;

  const recorded = await supabase.rpc("record_deposit_refund", { _booking_id: booking.id, _refund_id: refund.id, _amount_cents: refund.amount });
  if (recorded.error) throw new BookingStoreError("could not record a refund Stripe made", recorded.error);
  return { kind: "refunded", refundId: refund.id, amountCents: refund.amount };
}

/** Stripe's one refund of a deposit in full, made or found under the deposit's own key. */
async function refundInFull(
  stripe: Stripe,
  { bookingId, paymentIntent }: { bookingId: string; paymentIntent: string },
): Promise<{ kind: "refund"; id: string; amount: number } | { kind: "already-refunded" } | { kind: "stripe-failed"; cause: unknown }> {
  try {
    const refund = await stripe.refunds.create(
      { payment_intent: paymentIntent, metadata: { booking_id: bookingId } },
      { idempotencyKey: depositRefundKey(paymentIntent) },
    );
    return { kind: "refund", id: refund.id, amount: refund.amount };
  } catch (cause) {
    // Refunded already under an older key (Stripe keeps keys a day): Stripe's event records it.
    if (isStripeError(cause, "StripeInvalidRequestError") && cause.code === "charge_already_refunded") return { kind: "already-refunded" };
    return { kind: "stripe-failed", cause };
  }
}

/** What giving back a deposit the company owes came to. */
export type OwedRefundResult =
  { kind: "refunded"; amountCents: number } | { kind: "already-refunded" } | { kind: "nothing-owed" } | { kind: "stripe-failed"; cause: unknown };

/**
 * Refunds the deposit a cancelled booking is owed back (a customer cancelled in time, by the company's
 * rules) and records it, for a customer who holds no right to record refunds: the service role, work
 * the rules decided rather than a person. Under the deposit's own key, as the office's Refund, so the
 * two, or two requests at once, make one refund. Throws BookingStoreError when the database fails.
 */
export async function refundOwedDeposit(serviceRole: AppSupabaseClient, stripe: Stripe, bookingId: string): Promise<OwedRefundResult> {
  const { data: booking, error } = await serviceRole
    .from("bookings")
    .select("id, status, deposit_status, refund_due_at, stripe_payment_intent_id")
    .eq("id", bookingId)
    .maybeSingle();
  if (error) throw new BookingStoreError("could not read a booking owed a refund", error);
  if (booking?.deposit_status === "refunded") return { kind: "already-refunded" };
  const paymentIntent = booking?.stripe_payment_intent_id;
  if (!booking || booking.status !== "cancelled" || booking.refund_due_at === null || booking.deposit_status !== "paid" || !paymentIntent) {
    return { kind: "nothing-owed" };
  }
  const refund = await refundInFull(stripe, { bookingId, paymentIntent });
  if (refund.kind !== "refund") return refund;
  const recorded = await serviceRole.rpc("record_owed_deposit_refund", { _booking_id: bookingId, _refund_id: refund.id, _amount_cents: refund.amount });
  if (recorded.error) throw new BookingStoreError("could not record a refund Stripe made", recorded.error);
  return { kind: "refunded", amountCents: refund.amount };
}

/** `duplicate`: the event was applied before; `unchanged`: it refunded no deposit (partial, or recorded already). */
export type RefundEventApplication = { kind: "duplicate" } | { kind: "refunded" } | { kind: "unchanged" };

/**
 * Stripe's `charge.refunded`: records the event and marks the deposit paid by the charge's payment
 * intent refunded, in one transaction, once (a redelivery, or the staff's own record first, changes
 * nothing). Only a charge refunded in full refunds the deposit. Throws BookingStoreError when the
 * database fails.
 */
export async function applyChargeRefunded(serviceRole: AppSupabaseClient, event: Stripe.ChargeRefundedEvent): Promise<RefundEventApplication> {
  const charge = event.data.object;
  const paymentIntent = typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  // The generated argument types cannot say "null"; the function takes null for "none".
  const { data, error } = await serviceRole.rpc("apply_stripe_refund_event", {
    _event_id: event.id,
    _event_type: event.type,
    // A partial refund, or a charge of no payment intent, refunds no deposit: only the event is recorded.
    _payment_intent_id: (charge.refunded && paymentIntent ? paymentIntent : null) as string,
    _refund_id: (charge.refunds?.data.at(-1)?.id ?? null) as string,
    _amount_cents: charge.amount_refunded,
  });
  if (error) throw new BookingStoreError("could not apply a Stripe refund event", error);
  if (data !== "duplicate" && data !== "refunded" && data !== "unchanged")
    throw new BookingStoreError("could not apply a Stripe refund event", `unexpected answer ${data}`);
  return { kind: data };
}
