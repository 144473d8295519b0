// Checkout Sessions: creating, finding (and expiring those whose time ran out), expiring on request,
// and paying. Every change of state happens synchronously, so two requests racing on one session (a
// double-clicked Pay button) cannot both pay it.

import type { Card, ChargeOutcome } from "./cards.ts";
import { chargeOutcome } from "./cards.ts";
import type { StripeEmulatorConfig } from "./config.ts";
import { invalidRequest, noSuch } from "./errors.ts";
import {
  buildCharge,
  buildLineItems,
  buildPaymentIntent,
  buildSession,
  newId,
  type CheckoutSession,
  type PaymentIntent,
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
  | { kind: "closed"; session: CheckoutSession };

export interface Checkout {
  create(input: SessionInput): SessionRecord;
  /** The session, expired first when its time has run out. */
  find(id: string): SessionRecord | undefined;
  /** Like find(), but a missing session is Stripe's 404. */
  get(id: string): SessionRecord;
  expire(id: string, request: EventRequest): SessionRecord;
  pay(id: string, customer: { email: string; name: string }, card: Card): PayResult;
  paymentIntent(id: string): PaymentIntent | undefined;
  /** success_url with `{CHECKOUT_SESSION_ID}` filled in. */
  successUrl(session: CheckoutSession): string;
  /** Stops the expiry timer. */
  close(): void;
}

/** setTimeout's longest delay; later expiries are checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createCheckout(config: StripeEmulatorConfig, store: Store, webhooks: Webhooks): Checkout {
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
      const created = nowSeconds();
      let intent = record.attemptIntentId ? state.paymentIntents.get(record.attemptIntentId) : undefined;
      if (!intent) {
        intent = buildPaymentIntent({ session, data: record.paymentIntentData, created });
        state.paymentIntents.set(intent.id, intent);
        record.attemptIntentId = intent.id;
        webhooks.emit("payment_intent.created", intent);
      }
      const paymentMethod = newId.paymentMethod();
      intent.payment_method = paymentMethod;
      const outcome = chargeOutcome(card);
      store.changed();
      if (!outcome.ok) {
        intent.status = "requires_payment_method";
        intent.last_payment_error = {
          type: "card_error",
          code: outcome.code,
          ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
          doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replaceAll("_", "-")}`,
          message: outcome.message,
          ...(outcome.param ? { param: outcome.param } : {}),
          payment_method: {
            id: paymentMethod,
            object: "payment_method",
            type: "card",
            card: {
              brand: card.brand,
              country: "US",
              exp_month: card.expMonth,
              exp_year: card.expYear,
              funding: card.funding,
              last4: card.last4,
            },
          },
        };
        webhooks.emit("payment_intent.payment_failed", intent);
        return { kind: "declined", session, outcome };
      }
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.latest_charge = newId.charge();
      intent.last_payment_error = null;
      state.charges.set(intent.latest_charge, buildCharge({ id: intent.latest_charge, intent, created }));
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = intent.id;
      session.url = null;
      session.customer_details = {
        address: null,
        business_name: null,
        email: customer.email,
        individual_name: null,
        name: customer.name,
        phone: null,
        tax_exempt: "none",
        tax_ids: [],
      };
      webhooks.emit("payment_intent.succeeded", intent);
      webhooks.emit("checkout.session.completed", session);
      return { kind: "paid", session };
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
