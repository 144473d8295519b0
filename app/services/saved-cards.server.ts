import type Stripe from "stripe";
import type { SavedCard } from "~/domain/saved-card";
import { BookingStoreError } from "./bookings.server";
import { CHECKOUT_SESSION_ID } from "./checkout-session-ids.server";
import type { AppSupabaseClient } from "./supabase.server";
import { isStripeError, isStripeNotFound } from "./stripe-client.server";

// A card saved with the deposit, with the customer's consent, and the office's charge of a move's
// balance to it. The deposit's Checkout Session asks Stripe to keep the card for later payments
// without the customer (`setup_future_usage: off_session`); once paid, the booking keeps Stripe's ids
// for it and what the customer recognises it by. A charge is an attempt of bill_payments like a
// Checkout payment: opened first by `open_saved_card_payment` (as the office's own user: the database
// checks they may bill), then a PaymentIntent confirmed off session under a key named by the attempt,
// so pressing again repeats the same request. A charge the bank refuses, or wants the customer to
// confirm, is closed and the customer emailed to pay with their link (the database queues it).

/** Marks a deposit's Checkout Session that saves its card (the customer ticked the box). */
export const SAVE_CARD_METADATA = "save_card";
/** Marks a PaymentIntent that charges a saved card (its purpose is the balance's). */
export const SAVED_CARD_METHOD = "saved_card";

/** The card saved for booking `bookingId`, read with `client` (a customer reads only their own). */
export async function readSavedCard(client: AppSupabaseClient, bookingId: string): Promise<SavedCard | null> {
  const { data, error } = await client.from("saved_cards").select("brand, last4, exp_month, exp_year").eq("booking_id", bookingId).maybeSingle();
  if (error) throw new BookingStoreError("could not read a saved card", error);
  return data ? { brand: data.brand, last4: data.last4, expMonth: data.exp_month, expYear: data.exp_year } : null;
}

export type KeptCard = { kind: "kept" } | { kind: "none" } | { kind: "stripe-unavailable"; cause: unknown };

/**
 * After the deposit's Checkout Session `sessionId` was paid: when the customer asked for their card
 * to be saved, it is kept for the booking the session paid (once; a second call finds it kept). A
 * session that saves nothing, is not paid, or names no booking is `none`.
 */
export async function keepDepositCard(stripe: Stripe, serviceRole: AppSupabaseClient, sessionId: string): Promise<KeptCard> {
  if (!CHECKOUT_SESSION_ID.test(sessionId)) return { kind: "none" };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent.payment_method"] });
  } catch (error) {
    if (isStripeNotFound(error)) return { kind: "none" };
    return { kind: "stripe-unavailable", cause: error };
  }
  return keepCardOf(serviceRole, session);
}

/** Like keepDepositCard, with the session read already (its payment intent and payment method expanded). */
export async function keepCardOf(serviceRole: AppSupabaseClient, session: Stripe.Checkout.Session): Promise<KeptCard> {
  const bookingId = session.metadata?.booking_id;
  const intent = session.payment_intent;
  const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
  if (session.metadata?.[SAVE_CARD_METADATA] !== "yes" || session.payment_status !== "paid" || !bookingId || !customer) return { kind: "none" };
  if (!intent || typeof intent === "string" || intent.setup_future_usage !== "off_session") return { kind: "none" };
  const method = intent.payment_method;
  if (!method || typeof method === "string" || !method.card) return { kind: "none" };
  const { error } = await serviceRole.from("saved_cards").upsert(
    {
      booking_id: bookingId,
      stripe_customer_id: customer,
      stripe_payment_method_id: method.id,
      brand: method.card.brand,
      last4: method.card.last4,
      exp_month: method.card.exp_month,
      exp_year: method.card.exp_year,
    },
    { onConflict: "booking_id", ignoreDuplicates: true },
  );
  if (error) throw new BookingStoreError("could not keep a saved card", error);
  return { kind: "kept" };
}

/** Whether one of Stripe's events tells of a deposit whose card the customer asked to save. */
export function savesDepositCard(event: Stripe.Event): event is Stripe.CheckoutSessionCompletedEvent | Stripe.CheckoutSessionAsyncPaymentSucceededEvent {
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") return false;
  return event.data.object.metadata?.[SAVE_CARD_METADATA] === "yes" && event.data.object.payment_status === "paid";
}

export type ForgottenCard = { kind: "forgotten" } | { kind: "none" } | { kind: "stripe-unavailable"; cause: unknown };

/**
 * The customer withdraws their consent: the card saved for booking `bookingId` is detached from its
 * Stripe customer (so nobody can charge it again) and forgotten here. The caller has checked the
 * booking is the visitor's. A card Stripe has already detached, or no longer knows, is forgotten too.
 */
export async function forgetSavedCard(stripe: Stripe, serviceRole: AppSupabaseClient, bookingId: string): Promise<ForgottenCard> {
  const card = await serviceRole.from("saved_cards").select("stripe_payment_method_id").eq("booking_id", bookingId).maybeSingle();
  if (card.error) throw new BookingStoreError("could not read a saved card", card.error);
  if (!card.data) return { kind: "none" };
  try {
    await stripe.paymentMethods.detach(card.data.stripe_payment_method_id);
  } catch (error) {
    const gone = isStripeError(error, "StripeInvalidRequestError") && (error.statusCode === 404 || error.code === "payment_method_unexpected_state");
    if (!gone) return { kind: "stripe-unavailable", cause: error };
  }
  const removed = await serviceRole.from("saved_cards").delete().eq("booking_id", bookingId);
  if (removed.error) throw new BookingStoreError("could not forget a saved card", removed.error);
  return { kind: "forgotten" };
}

export type SavedCardCharge =
  | { kind: "paid"; amountCents: number }
  /** Refused by the bank, or the bank wants the customer to confirm it: the customer was emailed their link. */
  | { kind: "customer-pays"; amountCents: number; needsAuthentication: boolean }
  /** Stripe took the charge and has not settled it yet: its event will. */
  | { kind: "processing" }
  | { kind: "no-card" }
  | { kind: "paid-already" }
  | { kind: "needs-approval" }
  | { kind: "busy" }
  | { kind: "not-found" }
  | { kind: "forbidden" }
  | { kind: "stripe-unavailable"; cause?: unknown };

const OPEN_REFUSALS: Record<string, SavedCardCharge> = {
  "no-card": { kind: "no-card" },
  paid: { kind: "paid-already" },
  "needs-approval": { kind: "needs-approval" },
  busy: { kind: "busy" },
};

const BALANCE_CURRENCY = "usd";

/**
 * Charges what the office may charge now of booking `bookingId`'s bill to its saved card. `staff` is
 * the office's own client (the database checks they may bill); `replacing` is the customer's open
 * Checkout attempt, already closed by the caller, that this charge replaces.
 */
export async function chargeSavedCard(
  stripe: Stripe,
  { staff, serviceRole }: { staff: AppSupabaseClient; serviceRole: AppSupabaseClient },
  bookingId: string,
  { replacing }: { replacing?: string } = {},
): Promise<SavedCardCharge> {
  const opened = await staff.rpc("open_saved_card_payment", { _booking_id: bookingId, _replacing: replacing });
  if (opened.error) {
    if (opened.error.code === "P0002") return { kind: "not-found" };
    if (opened.error.code === "42501") return { kind: "forbidden" };
    const refusal = opened.error.code === "P0001" ? OPEN_REFUSALS[opened.error.message] : undefined;
    if (refusal) return refusal;
    throw new BookingStoreError("could not open a charge to a saved card", opened.error);
  }
  const attempt = opened.data;
  const card = await serviceRole.from("saved_cards").select("stripe_customer_id, stripe_payment_method_id").eq("booking_id", bookingId).single();
  if (card.error) throw new BookingStoreError("could not read a saved card", card.error);

  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: attempt.balance_cents,
        currency: BALANCE_CURRENCY,
        customer: card.data.stripe_customer_id,
        payment_method: card.data.stripe_payment_method_id,
        off_session: true,
        confirm: true,
        description: "Balance for your move",
        metadata: { booking_id: bookingId, bill_payment_id: attempt.id, purpose: "balance", method: SAVED_CARD_METHOD },
      },
      // Named by the attempt: a press again while it is open repeats this request, and Stripe answers it the same.
      { idempotencyKey: `bill-payment-${attempt.id}` },
    );
  } catch (error) {
    if (isStripeError(error, "StripeCardError")) {
      const failureCode = error.code ?? "card_declined";
      await settle(serviceRole, attempt.id, { outcome: "failed", paymentIntentId: error.payment_intent?.id ?? null, failureCode });
      return { kind: "customer-pays", amountCents: attempt.balance_cents, needsAuthentication: failureCode === "authentication_required" };
    }
    // Unanswered: the attempt stays open, and the office may press again.
    return { kind: "stripe-unavailable", cause: error };
  }
  if (intent.status === "succeeded") {
    const settled = await settle(serviceRole, attempt.id, { outcome: "paid", paymentIntentId: intent.id, amountCents: intent.amount_received });
    return settled === "mismatch" ? { kind: "stripe-unavailable" } : { kind: "paid", amountCents: intent.amount_received };
  }
  if (intent.status === "processing") return { kind: "processing" };
  // Any other state (requires_action, requires_payment_method) is the customer's to finish.
  await settle(serviceRole, attempt.id, { outcome: "failed", paymentIntentId: intent.id, failureCode: "authentication_required" });
  return { kind: "customer-pays", amountCents: attempt.balance_cents, needsAuthentication: true };
}

const SETTLINGS = ["paid", "failed", "unchanged", "mismatch", "unknown"] as const;
export type SavedCardSettling = (typeof SETTLINGS)[number];

interface Settling {
  outcome: "paid" | "failed";
  paymentIntentId: string | null;
  amountCents?: number;
  failureCode?: string;
}

async function settle(serviceRole: AppSupabaseClient, paymentId: string, settling: Settling): Promise<SavedCardSettling> {
  const { data, error } = await serviceRole.rpc("settle_saved_card_payment", {
    _payment_id: paymentId,
    _outcome: settling.outcome,
    _payment_intent_id: settling.paymentIntentId ?? undefined,
    _amount: settling.amountCents,
    _failure_code: settling.failureCode,
  });
  if (error) throw new BookingStoreError("could not settle a charge to a saved card", error);
  return asSettling(data);
}

function asSettling(answer: string): SavedCardSettling {
  if (!(SETTLINGS as readonly string[]).includes(answer))
    throw new BookingStoreError("could not settle a charge to a saved card", `unexpected answer ${answer}`);
  return answer as SavedCardSettling;
}

type PaymentIntentEvent = Stripe.PaymentIntentSucceededEvent | Stripe.PaymentIntentPaymentFailedEvent;

/** Whether one of Stripe's events tells of the office's charge to a saved card. */
export function isSavedCardEvent(event: Stripe.Event): event is PaymentIntentEvent {
  if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") return false;
  const metadata = event.data.object.metadata;
  return metadata.method === SAVED_CARD_METHOD && typeof metadata.bill_payment_id === "string";
}

/**
 * One of Stripe's events about a charge to a saved card, applied once however often it is delivered
 * (`apply_saved_card_payment_event` records the event with its effect). 'duplicate' for a redelivery.
 */
export async function applySavedCardEvent(serviceRole: AppSupabaseClient, event: PaymentIntentEvent): Promise<SavedCardSettling | "duplicate"> {
  const intent = event.data.object;
  const paid = event.type === "payment_intent.succeeded";
  const { data, error } = await serviceRole.rpc("apply_saved_card_payment_event", {
    _event_id: event.id,
    _event_type: event.type,
    // An id that is no uuid finds no attempt: the event is recorded and ignored.
    _payment_id: UUID.test(intent.metadata.bill_payment_id ?? "") ? intent.metadata.bill_payment_id! : NO_PAYMENT,
    _outcome: paid ? "paid" : "failed",
    _payment_intent_id: intent.id,
    _amount: paid ? intent.amount_received : undefined,
    _failure_code: paid ? undefined : (intent.last_payment_error?.code ?? "card_declined"),
  });
  if (error) throw new BookingStoreError("could not apply a Stripe event to a charge to a saved card", error);
  return data === "duplicate" ? "duplicate" : asSettling(data);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_PAYMENT = "00000000-0000-0000-0000-000000000000";
