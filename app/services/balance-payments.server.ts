import type Stripe from "stripe";
import { balanceDueCents, type BillPayment } from "~/domain/balance-payment";
import type { KeptBill } from "~/domain/final-bill";
import { BookingStoreError } from "./bookings.server";
import { CHECKOUT_SESSION_ID, paymentIntentOf } from "./checkout-session-ids.server";
import type { AppSupabaseClient } from "./supabase.server";
import { isStripeNotFound } from "./stripe-client.server";

// A move's balance, paid through Stripe Checkout after its bill, with an optional tip for the crew as
// its own line. Each attempt is a row of bill_payments opened (by `open_bill_payment`, one open at a
// time) before its Checkout Session is made, so Stripe's answer always finds the bill it pays; the
// webhook and the customer's return both mark it paid through `mark_bill_payment_paid`, once.

export const BALANCE_CURRENCY = "usd";
export const BALANCE_LINE_ITEM_NAME = "Balance for your move";
export const TIP_LINE_ITEM_NAME = "Tip for the crew";
/** Marks a Checkout Session as a balance's (a deposit's carries none). */
export const BALANCE_PURPOSE = "balance";

/** An open session closer to its end than this is not handed out again: the customer needs time to type a card. */
const REUSE_MARGIN_SECONDS = 10 * 60;
/** An attempt opened this long ago that never got its session was abandoned (its server stopped): it is replaced. */
const ABANDONED_ATTEMPT_MS = 60_000;

export type BalanceCheckoutResult =
  | { kind: "checkout"; url: string }
  | { kind: "needs-approval" }
  | { kind: "paid" }
  /** Another attempt is being opened right now. */
  | { kind: "busy" }
  | { kind: "not-found" }
  | { kind: "stripe-unavailable"; cause?: unknown };

export interface BalanceCheckoutRequest {
  bookingId: string;
  email: string;
  tipCents: number;
  /** Names the customer's press of Pay: a repeat of it gets the same session from Stripe. */
  idempotencyKey: string;
  /** Where Checkout sends the customer back: `{CHECKOUT_SESSION_ID}` is filled in on success. */
  successUrl: string;
  cancelUrl: string;
  /** The bill and its payments, when the caller has just read them (with the service role). */
  billed?: { bill: KeptBill; payments: BillPayment[] };
}

/** A move's bill and every attempt at paying it, read with `client` (a customer's reads only their own). Null when it has no bill. */
export async function readBillWithPayments(client: AppSupabaseClient, bookingId: string): Promise<{ bill: KeptBill; payments: BillPayment[] } | null> {
  const [bills, payments] = await Promise.all([
    client.from("booking_bills").select("*").eq("booking_id", bookingId).maybeSingle(),
    client.from("bill_payments").select("*").eq("booking_id", bookingId).order("created_at"),
  ]);
  if (bills.error) throw new BookingStoreError("could not read a move's bill", bills.error);
  if (payments.error) throw new BookingStoreError("could not read a bill's payments", payments.error);
  return bills.data ? { bill: bills.data, payments: payments.data } : null;
}

const OPEN_REFUSALS: Record<string, BalanceCheckoutResult> = {
  "needs-approval": { kind: "needs-approval" },
  paid: { kind: "paid" },
  busy: { kind: "busy" },
};

/**
 * The Checkout address for what is left of booking `bookingId`'s bill, with a tip of `tipCents` (the
 * caller has checked who asks and read the tip from the form; the database checks it again). The open
 * attempt is handed out again when it asks the same money and has time left; otherwise its session is
 * closed and a new attempt made.
 */
export async function startBalanceCheckout(stripe: Stripe, serviceRole: AppSupabaseClient, request: BalanceCheckoutRequest): Promise<BalanceCheckoutResult> {
  const read = request.billed ?? (await readBillWithPayments(serviceRole, request.bookingId));
  if (!read) return { kind: "not-found" };
  const due = balanceDueCents(read.bill, read.payments);
  const open = read.payments.find((payment) => payment.status === "open") ?? null;

  let replacing: string | null = null;
  if (open) {
    const held = await heldAttempt(stripe, serviceRole, open, { balanceCents: due, tipCents: request.tipCents });
    if (held.kind === "checkout" || held.kind === "busy" || held.kind === "stripe-unavailable") return held;
    // Paid meanwhile: what is left is counted again by the database.
    replacing = held.kind === "replace" ? open.id : null;
  }

  const opened = await serviceRole.rpc("open_bill_payment", {
    _booking_id: request.bookingId,
    _tip_cents: request.tipCents,
    _replacing: replacing ?? undefined,
  });
  if (opened.error) {
    if (opened.error.code === "P0002") return { kind: "not-found" };
    const refusal = opened.error.code === "P0001" ? OPEN_REFUSALS[opened.error.message] : undefined;
    if (refusal) return refusal;
    throw new BookingStoreError("could not open a payment of a bill", opened.error);
  }
  const attempt = opened.data;

  let session: Stripe.Checkout.Session;
  try {
    const metadata = { booking_id: request.bookingId, bill_payment_id: attempt.id, purpose: BALANCE_PURPOSE };
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          lineItem(BALANCE_LINE_ITEM_NAME, attempt.balance_cents),
          ...(attempt.tip_cents > 0 ? [lineItem(TIP_LINE_ITEM_NAME, attempt.tip_cents)] : []),
        ],
        metadata,
        client_reference_id: request.bookingId,
        payment_intent_data: { metadata },
        customer_email: request.email,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: `${request.idempotencyKey}:${attempt.id}` },
    );
  } catch (error) {
    await closeAttempt(serviceRole, attempt.id, "failed");
    return { kind: "stripe-unavailable", cause: error };
  }
  if (!session.url) {
    await closeAttempt(serviceRole, attempt.id, "failed");
    return { kind: "stripe-unavailable" };
  }
  const stored = await serviceRole.from("bill_payments").update({ stripe_checkout_session_id: session.id }).eq("id", attempt.id).eq("status", "open");
  if (stored.error) throw new BookingStoreError("could not store a bill payment's session", stored.error);
  return { kind: "checkout", url: session.url };
}

const lineItem = (name: string, cents: number) => ({
  quantity: 1,
  price_data: { currency: BALANCE_CURRENCY, unit_amount: cents, product_data: { name } },
});

async function closeAttempt(serviceRole: AppSupabaseClient, attemptId: string, status: "failed" | "expired") {
  const { error } = await serviceRole.from("bill_payments").update({ status }).eq("id", attemptId).eq("status", "open");
  if (error) throw new BookingStoreError("could not close a bill payment", error);
}

export type CheckoutClosing = { kind: "closed"; replacing: string | null } | { kind: "busy" } | { kind: "stripe-unavailable"; cause?: unknown };

/**
 * Before the office charges the saved card: the customer's open Checkout attempt at paying booking
 * `bookingId`'s bill is closed (its session expired, or counted paid when Stripe took its money), so
 * the bill is not paid twice. `replacing`: the attempt the charge replaces.
 */
export async function closeOpenCheckout(stripe: Stripe, serviceRole: AppSupabaseClient, bookingId: string): Promise<CheckoutClosing> {
  const read = await readBillWithPayments(serviceRole, bookingId);
  const open = read?.payments.find((payment) => payment.status === "open" && payment.method === "checkout");
  if (!open) return { kind: "closed", replacing: null };
  const held = await heldAttempt(stripe, serviceRole, open, null);
  if (held.kind === "replace") return { kind: "closed", replacing: open.id };
  if (held.kind === "settled") return { kind: "closed", replacing: null };
  return held.kind === "stripe-unavailable" ? held : { kind: "busy" };
}

/**
 * What to do with the bill's open attempt: hand its session out again (`checkout`, when it asks the
 * `wanted` money), wait for the request opening it (`busy`), count it paid (`settled`: Stripe took its
 * money), or close its session and make a new attempt (`replace`).
 */
async function heldAttempt(
  stripe: Stripe,
  serviceRole: AppSupabaseClient,
  open: BillPayment,
  wanted: { balanceCents: number; tipCents: number } | null,
): Promise<BalanceCheckoutResult | { kind: "replace" } | { kind: "settled" }> {
  if (!open.stripe_checkout_session_id) {
    return Date.now() - new Date(open.created_at).getTime() < ABANDONED_ATTEMPT_MS ? { kind: "busy" } : { kind: "replace" };
  }
  try {
    const session = await stripe.checkout.sessions.retrieve(open.stripe_checkout_session_id);
    if (session.status === "complete") {
      if (session.payment_status !== "paid") return { kind: "busy" };
      await markBalancePaid(serviceRole, session);
      return { kind: "settled" };
    }
    const same = wanted !== null && open.balance_cents === wanted.balanceCents && open.tip_cents === wanted.tipCents;
    if (session.status === "open" && same && session.url && session.expires_at > Math.floor(Date.now() / 1000) + REUSE_MARGIN_SECONDS) {
      return { kind: "checkout", url: session.url };
    }
    if (session.status === "open") await stripe.checkout.sessions.expire(session.id);
    return { kind: "replace" };
  } catch (error) {
    if (isStripeNotFound(error)) return { kind: "replace" };
    return { kind: "stripe-unavailable", cause: error };
  }
}

/** What marking a balance's session paid came to, as `mark_bill_payment_paid` answers. */
const MARKINGS = ["paid", "unchanged", "mismatch", "unknown"] as const;
export type BalanceMarking = (typeof MARKINGS)[number];

type SessionFacts = Pick<Stripe.Checkout.Session, "id" | "payment_status" | "amount_total" | "currency" | "payment_intent">;

/** Marks the attempt holding a paid session paid, once. */
async function markBalancePaid(serviceRole: AppSupabaseClient, session: SessionFacts): Promise<BalanceMarking> {
  if (session.currency !== BALANCE_CURRENCY) return "mismatch";
  const { data, error } = await serviceRole.rpc("mark_bill_payment_paid", {
    _session_id: session.id,
    _payment_intent_id: paymentIntentOf(session) ?? undefined,
    _amount_total: session.amount_total ?? -1,
  });
  if (error) throw new BookingStoreError("could not mark a bill payment paid", error);
  return asMarking(data);
}

function asMarking(answer: string): BalanceMarking {
  if (!(MARKINGS as readonly string[]).includes(answer)) throw new BookingStoreError("could not mark a bill payment paid", `unexpected answer ${answer}`);
  return answer as BalanceMarking;
}

/** Whether a Checkout Session is a balance's (its metadata says so), not a deposit's. */
export const isBalanceSession = (session: Pick<Stripe.Checkout.Session, "metadata">) => session.metadata?.purpose === BALANCE_PURPOSE;

export type BalanceReturn = { kind: "paid"; amountCents: number } | { kind: "not-paid" } | { kind: "unknown" } | { kind: "stripe-unavailable"; cause: unknown };

/**
 * The customer is back from Checkout on booking `bookingId`'s page with a session id: Stripe is asked
 * about it, and a paid one is marked paid as the webhook would (whichever comes first marks it). A
 * session of another booking, or a deposit's, is `unknown`.
 */
export async function returnFromBalanceCheckout(stripe: Stripe, serviceRole: AppSupabaseClient, bookingId: string, sessionId: string): Promise<BalanceReturn> {
  if (!CHECKOUT_SESSION_ID.test(sessionId)) return { kind: "unknown" };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isStripeNotFound(error)) return { kind: "unknown" };
    return { kind: "stripe-unavailable", cause: error };
  }
  if (!isBalanceSession(session) || session.metadata?.booking_id !== bookingId) return { kind: "unknown" };
  if (session.payment_status !== "paid") return { kind: "not-paid" };
  const marking = await markBalancePaid(serviceRole, session);
  return marking === "paid" || marking === "unchanged" ? { kind: "paid", amountCents: session.amount_total ?? 0 } : { kind: "unknown" };
}

export type BalanceEventApplication = "duplicate" | BalanceMarking | "expired" | "failed";

/**
 * One of Stripe's events about a balance's Checkout Session, applied once however often it is
 * delivered (`apply_bill_payment_event` records the event with its effect). A completion that is not
 * paid yet, or not in dollars, only records the event (null: the caller records it).
 */
export async function applyBalanceSessionEvent(
  serviceRole: AppSupabaseClient,
  event: { id: string; type: string },
  session: SessionFacts,
): Promise<BalanceEventApplication | null> {
  const completed = event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded";
  const effect = completed ? "paid" : event.type === "checkout.session.expired" ? "expired" : "failed";
  if (effect === "paid" && (session.payment_status !== "paid" || session.currency !== BALANCE_CURRENCY)) return null;
  const { data, error } = await serviceRole.rpc("apply_bill_payment_event", {
    _event_id: event.id,
    _event_type: event.type,
    _effect: effect,
    _session_id: session.id,
    _payment_intent_id: paymentIntentOf(session) ?? undefined,
    _amount_total: session.amount_total ?? undefined,
  });
  if (error) throw new BookingStoreError("could not apply a Stripe event to a bill payment", error);
  if (data === "duplicate" || data === "expired" || data === "failed") return data;
  return asMarking(data);
}
