import { href } from "react-router";
import type Stripe from "stripe";
import type { BookingRow } from "~/domain/booking";
import { CHECKOUT_LIFETIME_SECONDS, capacityRefusalOf } from "~/domain/capacity";
import { DEPOSIT_CENTS } from "~/domain/pricing";
import { applyBalanceSessionEvent, isBalanceSession, type BalanceEventApplication } from "./balance-payments.server";
import { BookingStoreError, bookingById, bookingForCheckoutSession } from "./bookings.server";
import { CHECKOUT_SESSION_ID, paymentIntentOf } from "./checkout-session-ids.server";
import { applyChargeRefunded } from "./refunds.server";
import { SAVE_CARD_METADATA, applySavedCardEvent, isSavedCardEvent, keepCardOf, type SavedCardSettling } from "./saved-cards.server";
import { isStripeError, isStripeNotFound } from "./stripe-client.server";
import type { AppSupabaseClient } from "./supabase.server";

// The $50 deposit, paid through Stripe Checkout. The booking row exists before the customer goes to
// Checkout; the webhook and the success page both fulfil through fulfilCheckout, which changes a
// booking once however often, and however concurrently, it runs.

export const DEPOSIT_CURRENCY = "usd";
export const DEPOSIT_LINE_ITEM_NAME = "Moving deposit";
/** How long a Checkout Session takes payments (Stripe allows 30 minutes to 24 hours), and a booking holds its crew meanwhile. */
export { CHECKOUT_LIFETIME_SECONDS };
/** A hold ending sooner than this is taken afresh before a new Checkout Session is made. */
const HOLD_MARGIN_SECONDS = 5 * 60;
/** A session about to expire is not handed out again: the customer needs time to type a card. */
const REUSE_MARGIN_SECONDS = 10 * 60;
/** Stripe refuses a session that would run less than 30 minutes: a stored expiry closer than this is renewed. */
const SHORTEST_LIFETIME_SECONDS = 30 * 60 + 30;

export const PAYMENT_MESSAGES = {
  failed: "Payment processing failed. Please try again.",
  noCheckoutUrl: "No checkout URL received",
  alreadyPaid: "The deposit for this booking has already been paid.",
  processing: "The payment for this booking is still being processed.",
  slotGone: "No crew is free at this booking's time any more: please call us to choose another time.",
} as const;

// Starting a payment -------------------------------------------------------------------------------

export type StartCheckoutResult =
  /** Send the browser to `url` (303). */
  | { kind: "checkout"; url: string }
  | { kind: "already-paid" }
  /** The session the booking holds was completed and its payment is not settled yet. */
  | { kind: "processing" }
  /** The booking no longer held a crew and none is free at its time (or its day closed): nothing was made. */
  | { kind: "slot-taken" }
  /** Stripe made a session without a checkout address. */
  | { kind: "no-checkout-url" }
  /** Stripe (or the store of attempts) failed: nothing was handed out. */
  | { kind: "stripe-unavailable"; cause?: unknown };

/** What the customer is told when a checkout does not start. */
export const CHECKOUT_REFUSAL_MESSAGES = {
  "already-paid": PAYMENT_MESSAGES.alreadyPaid,
  processing: PAYMENT_MESSAGES.processing,
  "slot-taken": PAYMENT_MESSAGES.slotGone,
  "no-checkout-url": PAYMENT_MESSAGES.noCheckoutUrl,
  "stripe-unavailable": PAYMENT_MESSAGES.failed,
} as const satisfies Record<Exclude<StartCheckoutResult["kind"], "checkout">, string>;

/**
 * The Checkout address for a booking's deposit. A session the booking already holds that is open and
 * not about to expire is handed out again; otherwise a new one is created and stored on the booking
 * (replacing one that expired, and closing one about to). `idempotencyKey` names the customer's
 * attempt (say, the submitted form): a repeated request with it gets the same session from Stripe.
 * A pending booking holds its crew for the new session's lifetime: one whose hold lapsed (a deposit
 * paid later from the dashboard) takes it again first, checked like a new booking, and gets
 * `slot-taken` when no crew is free at its time any more.
 */
export async function startCheckout(
  stripe: Stripe,
  serviceRole: AppSupabaseClient,
  booking: BookingRow,
  { publicUrl, idempotencyKey, saveCard = false }: { publicUrl: string; idempotencyKey: string; saveCard?: boolean },
): Promise<StartCheckoutResult> {
  if (booking.deposit_status === "paid") return { kind: "already-paid" };
  const previous = booking.stripe_checkout_session_id;
  if (previous) {
    const held = await heldSession(stripe, previous, saveCard);
    if (held.kind !== "replace") return held;
  }

  const hold = await holdCrew(serviceRole, booking);
  if (hold) return hold;

  // Stripe answers a repeated key with the session it made for it: the key also names the session
  // this one replaces, so an attempt after an expiry gets a new session, not the expired one again.
  let attempt: CheckoutAttempt;
  try {
    attempt = await checkoutAttempt(serviceRole, `${idempotencyKey}:${previous ?? "first"}${saveCard ? ":save-card" : ""}`);
  } catch (error) {
    return { kind: "stripe-unavailable", cause: error };
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: { currency: DEPOSIT_CURRENCY, unit_amount: DEPOSIT_CENTS, product_data: { name: DEPOSIT_LINE_ITEM_NAME } },
          },
        ],
        client_reference_id: booking.id,
        // With the customer's consent, Stripe keeps the card, on a customer of its own, for the balance.
        ...(saveCard
          ? {
              metadata: { booking_id: booking.id, [SAVE_CARD_METADATA]: "yes" },
              customer_creation: "always" as const,
              payment_intent_data: { metadata: { booking_id: booking.id }, setup_future_usage: "off_session" as const },
            }
          : { metadata: { booking_id: booking.id }, payment_intent_data: { metadata: { booking_id: booking.id } } }),
        customer_email: booking.email,
        success_url: `${publicUrl}${href("/payment-success")}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicUrl}${href("/payment-canceled")}`,
        expires_at: attempt.expiresAt,
      },
      { idempotencyKey: attempt.key },
    );
  } catch (error) {
    // A concurrent request for the same booking may have stored its session meanwhile.
    return (await storedSessionOf(stripe, await bookingById(serviceRole, booking.id))) ?? { kind: "stripe-unavailable", cause: error };
  }
  if (!session.url) return { kind: "no-checkout-url" };

  // Stored only over the session this request replaced: of two concurrent requests one stores its
  // session and the other closes its own and hands out the stored one, so one session can be paid.
  // The booking holds its crew for the session's lifetime.
  const sessionExpiry = new Date(session.expires_at * 1000).toISOString();
  let update = serviceRole
    .from("bookings")
    .update({
      stripe_checkout_session_id: session.id,
      checkout_expires_at: sessionExpiry,
      hold_expires_at: sessionExpiry,
      deposit_status: "unpaid",
      deposit_amount_cents: DEPOSIT_CENTS,
    })
    .eq("id", booking.id)
    .neq("deposit_status", "paid");
  update = previous ? update.eq("stripe_checkout_session_id", previous) : update.is("stripe_checkout_session_id", null);
  const stored = await update.select("id");
  if (stored.error && capacityRefusalOf(stored.error)) {
    await stripe.checkout.sessions.expire(session.id).catch(() => {});
    return { kind: "slot-taken" };
  }
  if (stored.error) throw new BookingStoreError("could not store the checkout session", stored.error);
  if (stored.data.length === 1) return { kind: "checkout", url: session.url };

  const current = await bookingById(serviceRole, booking.id);
  // A concurrent request with the same key got the same session from Stripe and stored it first.
  if (current?.stripe_checkout_session_id === session.id) return { kind: "checkout", url: session.url };
  await stripe.checkout.sessions.expire(session.id).catch(() => {});
  return (await storedSessionOf(stripe, current)) ?? { kind: "stripe-unavailable" };
}

/**
 * Before a new Checkout Session: a pending booking whose hold has lapsed, or is about to, holds its
 * crew again (the database checks that one is free, as for a new booking). Null when it holds one (or
 * needs none: it is no longer pending); the refusal to hand back when no crew is free.
 */
async function holdCrew(serviceRole: AppSupabaseClient, booking: BookingRow): Promise<StartCheckoutResult | null> {
  if (booking.status !== "pending") return null;
  const holdEnds = booking.hold_expires_at ? new Date(booking.hold_expires_at).getTime() : 0;
  if (booking.deposit_status === "unpaid" && holdEnds > Date.now() + HOLD_MARGIN_SECONDS * 1000) return null;
  const held = await serviceRole
    .from("bookings")
    .update({ hold_expires_at: new Date(Date.now() + CHECKOUT_LIFETIME_SECONDS * 1000).toISOString(), deposit_status: "unpaid" })
    .eq("id", booking.id)
    .eq("status", "pending")
    .in("deposit_status", ["unpaid", "expired", "failed"])
    .select("id");
  if (held.error && capacityRefusalOf(held.error)) return { kind: "slot-taken" };
  if (held.error) return { kind: "stripe-unavailable", cause: held.error };
  return null;
}

/**
 * What to do about the session a booking holds: hand it out again (`checkout`), refuse (paid, or
 * still processing), or make a new one (`replace`), after closing it when it is still open. An open
 * session that saves the card when `saveCard` says not (or the other way) is replaced; null takes
 * either.
 */
async function heldSession(stripe: Stripe, sessionId: string, saveCard: boolean | null): Promise<StartCheckoutResult | { kind: "replace" }> {
  try {
    const held = await stripe.checkout.sessions.retrieve(sessionId);
    if (held.status === "complete") return { kind: held.payment_status === "paid" ? "already-paid" : "processing" };
    if (held.status === "open") {
      const savesAsAsked = saveCard === null || (held.metadata?.[SAVE_CARD_METADATA] === "yes") === saveCard;
      if (held.url && savesAsAsked && held.expires_at > nowSeconds() + REUSE_MARGIN_SECONDS) return { kind: "checkout", url: held.url };
      await stripe.checkout.sessions.expire(sessionId);
    }
    return { kind: "replace" };
  } catch (error) {
    // Unknown to Stripe (a session of another account or mode): nothing can be paid through it.
    if (isStripeNotFound(error)) return { kind: "replace" };
    return { kind: "stripe-unavailable", cause: error };
  }
}

/** After losing a race to another request for the same booking: the session that request stored, if usable. */
async function storedSessionOf(stripe: Stripe, current: BookingRow | null): Promise<StartCheckoutResult | null> {
  if (current?.deposit_status === "paid") return { kind: "already-paid" };
  if (!current?.stripe_checkout_session_id) return null;
  const held = await heldSession(stripe, current.stripe_checkout_session_id, null);
  return held.kind === "replace" ? null : held;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface CheckoutAttempt {
  /** The Idempotency-Key of the attempt's Checkout Session request. */
  key: string;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * The Idempotency-Key and expiry of one attempt at paying (the page's Pay press, and every repeat of
 * it). Stripe replays a keyed request only when its body is the same, so the expiry is the one the
 * attempt's first request stored, not one from this request's clock. An attempt whose stored expiry
 * came too close for Stripe is renewed under a key of its own.
 */
async function checkoutAttempt(serviceRole: AppSupabaseClient, key: string): Promise<CheckoutAttempt> {
  const now = nowSeconds();
  const { data, error } = await serviceRole.rpc("checkout_attempt_expiry", {
    _idempotency_key: key,
    _proposed: new Date((now + CHECKOUT_LIFETIME_SECONDS) * 1000).toISOString(),
    _earliest: new Date((now + SHORTEST_LIFETIME_SECONDS) * 1000).toISOString(),
  });
  if (error) throw new BookingStoreError("could not read the expiry of a checkout attempt", error);
  const stored = data[0];
  if (!stored) throw new BookingStoreError("could not read the expiry of a checkout attempt", "no row");
  return {
    key: stored.attempt_renewals === 0 ? key : `${key}:renewed-${stored.attempt_renewals}`,
    expiresAt: Math.floor(new Date(stored.attempt_expires_at).getTime() / 1000),
  };
}

// Fulfilment ---------------------------------------------------------------------------------------

/** The fields of a Checkout Session fulfilment reads; a whole Stripe.Checkout.Session fits. */
export type CheckoutSessionFacts = Pick<Stripe.Checkout.Session, "id" | "payment_status" | "amount_total" | "currency" | "metadata" | "payment_intent">;

/** A deposit recorded as paid, and perhaps refunded since: either way Stripe took it. */
const depositWasPaid = (booking: BookingRow | null) => booking?.deposit_status === "paid" || booking?.deposit_status === "refunded";

/**
 * `paid`: the deposit is recorded (by this call or before it). A booking cancelled before its payment
 * arrived stays cancelled and carries `refund_due_at`: the company owes that deposit back.
 */
export type FulfilResult = { kind: "paid"; booking: BookingRow } | { kind: "not-paid" } | { kind: "mismatch"; reason: string } | { kind: "unknown-booking" };

type PaymentCheck = { kind: "payable"; booking: BookingRow } | Exclude<FulfilResult, { kind: "paid" }>;

/** Whether Stripe says this session paid the deposit of the booking holding it, in its amount and currency. */
async function checkPayment(serviceRole: AppSupabaseClient, session: CheckoutSessionFacts): Promise<PaymentCheck> {
  const booking = await bookingForCheckoutSession(serviceRole, session.id);
  if (!booking) return { kind: "unknown-booking" };
  if (session.metadata?.booking_id !== booking.id) {
    return { kind: "mismatch", reason: `the session names booking ${session.metadata?.booking_id ?? "(none)"}, not ${booking.id}` };
  }
  if (session.payment_status !== "paid") return { kind: "not-paid" };
  if (session.amount_total !== booking.deposit_amount_cents) {
    return { kind: "mismatch", reason: `amount ${session.amount_total} paid for a deposit of ${booking.deposit_amount_cents}` };
  }
  if (session.currency !== DEPOSIT_CURRENCY) return { kind: "mismatch", reason: `currency ${session.currency}, not ${DEPOSIT_CURRENCY}` };
  return { kind: "payable", booking };
}

/**
 * Marks the deposit of the booking holding this Checkout Session paid, when Stripe says it is paid, in
 * the deposit's amount and currency, for this booking. The success page calls it, and the webhook
 * applies the same check; run twice or at the same time it changes the booking once, and answers
 * `paid` each time. With `autoConfirm` a pending booking becomes confirmed with the payment;
 * otherwise it stays pending. A cancelled booking stays cancelled and is marked for refund.
 */
export async function fulfilCheckout(
  serviceRole: AppSupabaseClient,
  session: CheckoutSessionFacts,
  { autoConfirm }: { autoConfirm: boolean },
): Promise<FulfilResult> {
  const check = await checkPayment(serviceRole, session);
  if (check.kind !== "payable") return check;
  const { booking } = check;
  if (depositWasPaid(booking)) return { kind: "paid", booking };

  const marked = await serviceRole.rpc("mark_deposit_paid", {
    _booking_id: booking.id,
    _session_id: session.id,
    _confirm: autoConfirm,
    _payment_intent_id: paymentIntentOf(session) ?? undefined,
  });
  if (marked.error) throw new BookingStoreError("could not mark the deposit paid", marked.error);
  if (marked.data[0]) return { kind: "paid", booking: marked.data[0] };

  // Another call marked it first.
  const after = await bookingForCheckoutSession(serviceRole, session.id);
  return after && depositWasPaid(after) ? { kind: "paid", booking: after } : { kind: "unknown-booking" };
}

export type CheckoutReturnResult = FulfilResult | { kind: "unknown-session" } | { kind: "stripe-unavailable"; cause: unknown };

/**
 * The customer is back from Checkout with a session id: asks Stripe about that session and fulfils
 * it as the webhook would (whichever comes first marks the deposit paid; the other finds it paid).
 */
export async function returnFromCheckout(
  stripe: Stripe,
  serviceRole: AppSupabaseClient,
  sessionId: string,
  { autoConfirm }: { autoConfirm: boolean },
): Promise<CheckoutReturnResult> {
  if (!CHECKOUT_SESSION_ID.test(sessionId)) return { kind: "unknown-session" };
  let session: Stripe.Checkout.Session;
  try {
    // The payment method comes with it: the card the customer asked to save is kept here too.
    session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent.payment_method"] });
  } catch (error) {
    if (isStripeNotFound(error)) return { kind: "unknown-session" };
    return { kind: "stripe-unavailable", cause: error };
  }
  const fulfilled = await fulfilCheckout(serviceRole, session, { autoConfirm });
  if (fulfilled.kind === "paid") await keepCardOf(serviceRole, session);
  return fulfilled;
}

// Webhook events -----------------------------------------------------------------------------------

/** What `apply_stripe_checkout_event` did with an event. */
const EVENT_APPLICATIONS = ["duplicate", "paid", "refund-due", "expired", "failed", "unchanged", "recorded"] as const;
export type EventApplication = (typeof EVENT_APPLICATIONS)[number];

export type StripeEventOutcome =
  /** Recorded before: a redelivery, which changes nothing. */
  | { kind: "duplicate" }
  /** A completed payment: `applied` says what it changed, `check` why it changed nothing when it was not payable. */
  | { kind: "fulfilment"; sessionId: string; applied: EventApplication; check: PaymentCheck["kind"] }
  | { kind: "checkout-ended"; sessionId: string; outcome: "expired" | "failed"; changed: boolean }
  /** About a balance's Checkout Session: what it did to the bill's payment ('recorded': nothing to do but keep the event). */
  | { kind: "balance"; sessionId: string; applied: Exclude<BalanceEventApplication, "duplicate"> | "recorded" }
  /** About the office's charge to a saved card: what it did to the bill's payment. */
  | { kind: "saved-card"; applied: SavedCardSettling }
  /** A charge refunded: `changed` when this event marked the deposit refunded (not the staff's own record before it). */
  | { kind: "refund"; changed: boolean }
  | { kind: "ignored" };

type CheckoutSessionEvent =
  | Stripe.CheckoutSessionCompletedEvent
  | Stripe.CheckoutSessionAsyncPaymentSucceededEvent
  | Stripe.CheckoutSessionExpiredEvent
  | Stripe.CheckoutSessionAsyncPaymentFailedEvent;

const CHECKOUT_SESSION_EVENTS: ReadonlyArray<string> = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.expired",
  "checkout.session.async_payment_failed",
] satisfies Array<CheckoutSessionEvent["type"]>;

const isCheckoutSessionEvent = (event: Stripe.Event): event is CheckoutSessionEvent => CHECKOUT_SESSION_EVENTS.includes(event.type);

/**
 * Handles one of Stripe's events, once however often it is delivered: the event's id is recorded and
 * its effect applied in one database transaction (`apply_stripe_checkout_event`), so a failure leaves
 * neither and Stripe's next delivery handles it. Checkout's completions mark the deposit paid (after
 * the same checks as the success page), its expiries and failures mark the deposit so (a balance's
 * session marks its bill's payment instead), the office's charges to saved cards are settled, a charge
 * refunded in full marks its deposit refunded, the rest is only recorded. Throws BookingStoreError when the database fails.
 */
export async function handleStripeEvent(
  serviceRole: AppSupabaseClient,
  event: Stripe.Event,
  { autoConfirm }: { autoConfirm: boolean },
): Promise<StripeEventOutcome> {
  const apply = async (effect: "paid" | "expired" | "failed" | "none", sessionId?: string, paymentIntentId?: string): Promise<EventApplication> => {
    const { data, error } = await serviceRole.rpc("apply_stripe_checkout_event", {
      _event_id: event.id,
      _event_type: event.type,
      _effect: effect,
      _session_id: sessionId,
      _confirm: autoConfirm,
      _payment_intent_id: paymentIntentId,
    });
    if (error) throw new BookingStoreError("could not apply a Stripe event", error);
    if (!(EVENT_APPLICATIONS as readonly string[]).includes(data)) throw new BookingStoreError("could not apply a Stripe event", `unexpected answer ${data}`);
    return data as EventApplication;
  };

  if (isCheckoutSessionEvent(event) && isBalanceSession(event.data.object)) {
    const session = event.data.object;
    const applied = await applyBalanceSessionEvent(serviceRole, event, session);
    if (applied === null)
      return (await apply("none")) === "duplicate" ? { kind: "duplicate" } : { kind: "balance", sessionId: session.id, applied: "recorded" };
    return applied === "duplicate" ? { kind: "duplicate" } : { kind: "balance", sessionId: session.id, applied };
  }

  if (isSavedCardEvent(event)) {
    const applied = await applySavedCardEvent(serviceRole, event);
    return applied === "duplicate" ? { kind: "duplicate" } : { kind: "saved-card", applied };
  }

  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const check = await checkPayment(serviceRole, session);
      const applied = await apply(check.kind === "payable" ? "paid" : "none", session.id, paymentIntentOf(session) ?? undefined);
      return applied === "duplicate" ? { kind: "duplicate" } : { kind: "fulfilment", sessionId: session.id, applied, check: check.kind };
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const session = event.data.object;
      const outcome = event.type === "checkout.session.expired" ? "expired" : "failed";
      const applied = await apply(outcome, session.id);
      return applied === "duplicate" ? { kind: "duplicate" } : { kind: "checkout-ended", sessionId: session.id, outcome, changed: applied === outcome };
    }
    case "charge.refunded": {
      const applied = await applyChargeRefunded(serviceRole, event);
      return applied.kind === "duplicate" ? { kind: "duplicate" } : { kind: "refund", changed: applied.kind === "refunded" };
    }
    default:
      return (await apply("none")) === "duplicate" ? { kind: "duplicate" } : { kind: "ignored" };
  }
}

// Closing a payment -------------------------------------------------------------------------------

/**
 * After a Pay press: the Checkout Sessions of the same browser's and customer's other unpaid bookings whose holds
 * that press released (the database keeps one unpaid hold per browser) are closed, so none of them is
 * paid for a crew it no longer holds. Holds released for sharing only an email or a client address
 * stay payable: their customer may be someone else. How many were closed.
 */
export async function closeReleasedCheckouts(
  stripe: Stripe,
  serviceRole: AppSupabaseClient,
  { bookingId, browser, userId }: { bookingId: string; browser: string; userId: string | null },
) {
  const now = new Date().toISOString();
  const sameBrowser = serviceRole.from("bookings").select("stripe_checkout_session_id").eq("hold_browser", browser);
  // Only the same customer's (or guests' when a guest pays): another account on a shared browser keeps its Checkout.
  const { data, error } = await (userId ? sameBrowser.eq("user_id", userId) : sameBrowser.is("user_id", null))
    .neq("id", bookingId)
    .eq("status", "pending")
    .eq("deposit_status", "unpaid")
    .lte("hold_expires_at", now)
    .gt("checkout_expires_at", now)
    .not("stripe_checkout_session_id", "is", null);
  if (error) throw new BookingStoreError("could not read the released holds of a browser", error);
  const closed = await Promise.all(data.map((row) => expireCheckoutSession(stripe, row.stripe_checkout_session_id!)));
  return closed.filter((closing) => closing.kind === "closed").length;
}

/**
 * What closing a Checkout Session came to: closed (expired now, or already expired or complete, or
 * unknown to Stripe), still open (Stripe would not expire it), or Stripe could not be asked.
 */
export type CheckoutClosing = { kind: "closed" } | { kind: "still-open" } | { kind: "failed"; cause: unknown };

export const CHECKOUT_CLOSED = { kind: "closed" } as const satisfies CheckoutClosing;

/** Closes a Checkout Session so nothing can be paid through it any more (its booking was cancelled). */
export async function expireCheckoutSession(stripe: Stripe, sessionId: string): Promise<CheckoutClosing> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return CHECKOUT_CLOSED;
  } catch (error) {
    if (!isStripeError(error, "StripeInvalidRequestError")) return { kind: "failed", cause: error };
    // Refused: only open sessions can be expired. Whether it is still open decides.
    try {
      return (await stripe.checkout.sessions.retrieve(sessionId)).status === "open" ? { kind: "still-open" } : CHECKOUT_CLOSED;
    } catch (retrieveError) {
      const unknown = isStripeNotFound(retrieveError);
      return unknown ? CHECKOUT_CLOSED : { kind: "failed", cause: retrieveError };
    }
  }
}
