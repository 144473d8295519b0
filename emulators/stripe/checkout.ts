// Checkout Sessions: creating, finding (and expiring those whose time ran out), expiring on request,
// and paying. Every change of state happens synchronously, so two requests racing on one session (a
// double-clicked Pay button) cannot both pay it.

import type { Card, ChargeOutcome } from "./cards.ts";
import { AUTHENTICATION_FAILED, authenticationOf, chargeOutcome } from "./cards.ts";
import type { StripeEmulatorConfig } from "./config.ts";
import type { Customers } from "./customers.ts";
import { invalidRequest, noSuch } from "./errors.ts";
import {
  buildCharge,
  buildLineItems,
  buildPaymentIntent,
  buildSession,
  newId,
  refusePaymentIntent,
  type CheckoutSession,
  type PaymentIntent,
  type PaymentMethod,
  type SessionInput,
} from "./objects.ts";
import type { SessionRecord, Store } from "./store.ts";
import type { EventRequest, Webhooks } from "./webhooks.ts";

/** Where the hosted checkout pages live, on the app's public URL. */
export const PAGE_PREFIX = "/_stripe";

export type PayResult =
  | { kind: "paid"; session: CheckoutSession }
  | { kind: "declined"; session: CheckoutSession; outcome: Exclude<ChargeOutcome, { ok: true }> }
  /** Not open any more: already paid (a second submit) or expired. */
  | { kind: "closed"; session: CheckoutSession }
  /** The bank asks the customer to authenticate first: the challenge page is shown. */
  | { kind: "authenticate"; session: CheckoutSession };

type Payer = { email: string; name: string };

export interface Checkout {
  create(input: SessionInput): SessionRecord;
  /** The session, expired first when its time has run out. */
  find(id: string): SessionRecord | undefined;
  /** Like find(), but a missing session is Stripe's 404. */
  get(id: string): SessionRecord;
  expire(id: string, request: EventRequest): SessionRecord;
  pay(id: string, customer: Payer, card: Card): PayResult;
  /** The customer's answer to the bank's challenge: the payment goes on, or is declined. */
  authenticate(id: string, outcome: "complete" | "fail"): PayResult;
  paymentIntent(id: string): PaymentIntent | undefined;
  /** success_url with `{CHECKOUT_SESSION_ID}` filled in. */
  successUrl(session: CheckoutSession): string;
  /** Stops the expiry timer. */
  close(): void;
}

/** setTimeout's longest delay; later expiries are checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createCheckout(config: StripeEmulatorConfig, store: Store, webhooks: Webhooks, customers: Customers): Checkout {
  const { state } = store;
  const nowSeconds = () => Math.floor(config.now() / 1000);
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The expiry (seconds) the timer is set for. */
  let timerFor = Infinity;
  let closed = false;

  function expireIfDue(record: SessionRecord): void {
    if (record.session.status === "open" && nowSeconds() >= record.session.expires_at) {
      markExpired(record, { id: null, idempotency_key: null });
    }
  }

  function markExpired(record: SessionRecord, request: EventRequest): void {
    record.session.status = "expired";
    record.session.url = null;
    store.changed();
    webhooks.emit("checkout.session.expired", record.session, request);
  }

  /** Expires every session whose time has run out, then waits for the next one to. */
  function sweep(): void {
    timer = undefined;
    timerFor = Infinity;
    if (closed) return;
    let next = Infinity;
    for (const record of state.sessions.values()) {
      expireIfDue(record);
      if (record.session.status === "open") next = Math.min(next, record.session.expires_at);
    }
    void store.save().catch((error: unknown) => config.log("warn", "could not save expired sessions", { error: String(error) }));
    if (next !== Infinity) schedule(next);
  }

  function schedule(expiresAt: number): void {
    if (closed || expiresAt >= timerFor) return;
    timerFor = expiresAt;
    const delay = Math.min(Math.max(expiresAt * 1000 - config.now(), 0) + 50, MAX_TIMER_MS);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(sweep, delay);
    timer.unref();
  }

  function find(id: string): SessionRecord | undefined {
    const record = state.sessions.get(id);
    if (record) expireIfDue(record);
    return record;
  }

  function get(id: string): SessionRecord {
    const record = find(id);
    if (!record) throw noSuch("checkout.session", id, "session");
    return record;
  }

  /** The payment intent the session's attempts are made on, made at the first. */
  function attemptIntent(record: SessionRecord): PaymentIntent {
    const { session } = record;
    let intent = record.attemptIntentId ? state.paymentIntents.get(record.attemptIntentId) : undefined;
    if (!intent) {
      intent = buildPaymentIntent({
        amount: session.amount_total,
        currency: session.currency,
        customer: session.customer,
        data: record.paymentIntentData,
        created: nowSeconds(),
      });
      state.paymentIntents.set(intent.id, intent);
      record.attemptIntentId = intent.id;
      webhooks.emit("payment_intent.created", intent);
    }
    return intent;
  }

  function decline(record: SessionRecord, intent: PaymentIntent, method: PaymentMethod, outcome: Exclude<ChargeOutcome, { ok: true }>): PayResult {
    refusePaymentIntent(intent, outcome, method);
    store.changed();
    webhooks.emit("payment_intent.payment_failed", intent);
    return { kind: "declined", session: record.session, outcome };
  }

  /**
   * Charges the card for the session. A session that asked for it saves the card: to the customer it
   * was given, or to one made now (`customer_creation: always`), for `setup_future_usage`.
   */
  function charge(record: SessionRecord, payer: Payer, card: Card): PayResult {
    const { session } = record;
    const created = nowSeconds();
    const intent = attemptIntent(record);
    const outcome = chargeOutcome(card);
    if (!outcome.ok) return decline(record, intent, customers.recordCard(card, payer, { customer: null, setUpFor: null }).method, outcome);
    const customer = session.customer ?? (session.customer_creation === "always" ? customers.createFor(payer).id : null);
    const setUpFor = record.paymentIntentData.setupFutureUsage ?? null;
    // The card is attached to the customer only when the session saves it for later.
    intent.payment_method = customers.recordCard(card, payer, { customer: setUpFor ? customer : null, setUpFor }).method.id;
    intent.customer = customer;
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.latest_charge = newId.charge();
    intent.last_payment_error = null;
    state.charges.set(intent.latest_charge, buildCharge({ id: intent.latest_charge, intent, created }));
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = intent.id;
    session.customer = customer;
    session.url = null;
    session.customer_details = {
      address: null,
      business_name: null,
      email: payer.email,
      individual_name: null,
      name: payer.name,
      phone: null,
      tax_exempt: "none",
      tax_ids: [],
    };
    store.changed();
    webhooks.emit("payment_intent.succeeded", intent);
    webhooks.emit("checkout.session.completed", session);
    return { kind: "paid", session };
  }

  sweep();

  return {
    create(input) {
      const created = nowSeconds();
      const id = newId.session();
      const lineItems = buildLineItems(input, created);
      const session = buildSession({ id, input, lineItems, created, url: `${config.publicUrl}${PAGE_PREFIX}/checkout/${id}` });
      const record: SessionRecord = { session, lineItems, paymentIntentData: input.paymentIntentData, attemptIntentId: null };
      state.sessions.set(id, record);
      store.changed();
      schedule(session.expires_at);
      return record;
    },
    find,
    get,
    expire(id, request) {
      const record = get(id);
      if (record.session.status !== "open") {
        throw invalidRequest(
          `Only Checkout Sessions with a status in ['open'] can be expired. This Checkout Session has a status of ${record.session.status}.`,
        );
      }
      markExpired(record, request);
      return record;
    },
    pay(id, customer, card) {
      const record = get(id);
      const { session } = record;
      if (session.status !== "open") return { kind: "closed", session };
      if (authenticationOf(card) !== null) {
        // The bank's 3D Secure challenge comes first, on a page of its own.
        record.challenge = { card, customer };
        store.changed();
        return { kind: "authenticate", session };
      }
      return charge(record, customer, card);
    },
    authenticate(id, outcome) {
      const record = get(id);
      const { session } = record;
      const challenge = record.challenge;
      if (session.status !== "open" || !challenge) return { kind: "closed", session };
      record.challenge = null;
      store.changed();
      if (outcome === "complete") return charge(record, challenge.customer, challenge.card);
      const method = customers.recordCard(challenge.card, challenge.customer, { customer: null, setUpFor: null });
      return decline(record, attemptIntent(record), method.method, AUTHENTICATION_FAILED);
    },
    paymentIntent(id) {
      return state.paymentIntents.get(id);
    },
    successUrl(session) {
      return session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
    },
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
