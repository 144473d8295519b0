// PaymentIntents made through the API: a later charge of a saved card without the customer
// (`off_session: true, confirm: true`). Whether it succeeds is the saved test card's to say: a card
// whose bank wants the customer to authenticate answers 402 `authentication_required` with the
// PaymentIntent (now `requires_payment_method`) in the error, as Stripe does, and the customer must
// pay on session instead. Every change happens synchronously, so two requests cannot race on one.

import { AUTHENTICATION_REQUIRED, authenticationOf, chargeOutcome, type ChargeOutcome } from "./cards.ts";
import type { StripeEmulatorConfig } from "./config.ts";
import type { Customers } from "./customers.ts";
import { StripeApiError, invalidRequest, missingParam, unknownParam } from "./errors.ts";
import type { FormHash } from "./form.ts";
import { buildCharge, buildPaymentIntent, newId, refusePaymentIntent, type PaymentIntent, type PaymentMethod } from "./objects.ts";
import { isEmail, optionalString, parseExpand, parseMetadata } from "./params.ts";
import type { PaymentMethodRecord, Store } from "./store.ts";
import type { EventRequest, Webhooks } from "./webhooks.ts";

const PARAMS = new Set(["amount", "currency", "customer", "payment_method", "off_session", "confirm", "metadata", "description", "receipt_email", "expand"]);
/** The smallest charge Stripe makes in US dollars: $0.50. */
const MIN_USD_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;

/** What `expand[]` may name on a PaymentIntent (payment_method and latest_charge are filled in). */
export const PAYMENT_INTENT_EXPANDABLE = ["customer", "latest_charge", "payment_method", "invoice", "review"];

export interface PaymentIntents {
  /** `POST /v1/payment_intents`: throws StripeApiError 402 (with the PaymentIntent) when the card is refused. */
  create(form: FormHash, request: EventRequest): PaymentIntent;
  /** A PaymentIntent as answered, with `expand` filled in. */
  view(intent: PaymentIntent, expand: readonly string[]): unknown;
}

export function createPaymentIntents(config: StripeEmulatorConfig, store: Store, customers: Customers, webhooks: Webhooks): PaymentIntents {
  const { state } = store;

  /** A parameter naming an object that does not exist: 400, as Stripe answers for references. */
  const missingObject = (objectName: string, id: string, param: string) =>
    new StripeApiError(400, "invalid_request_error", `No such ${objectName}: '${id}'`, { code: "resource_missing", param });

  function savedCard(form: FormHash, customerId: string | null): PaymentMethodRecord | null {
    const methodId = optionalString(form, "payment_method");
    if (methodId === undefined) return null;
    const record = state.paymentMethods.get(methodId);
    if (!record) throw missingObject("PaymentMethod", methodId, "payment_method");
    if (record.method.customer === null) {
      throw invalidRequest(
        "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.",
        "payment_method",
      );
    }
    if (record.method.customer !== customerId) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${methodId}. The payment method must be attached to the customer.`,
        "payment_method",
      );
    }
    return record;
  }

  /** What the card network answers for a charge of `record` without the customer there. */
  function offSessionOutcome(record: PaymentMethodRecord): ChargeOutcome {
    const authentication = authenticationOf({ number: record.cardNumber });
    if (authentication === "always") return AUTHENTICATION_REQUIRED;
    if (authentication === "unless-set-up" && record.setUpFor !== "off_session") return AUTHENTICATION_REQUIRED;
    return chargeOutcome({ number: record.cardNumber });
  }

  function refuse(intent: PaymentIntent, method: PaymentMethod, outcome: Exclude<ChargeOutcome, { ok: true }>): never {
    refusePaymentIntent(intent, outcome, method);
    store.changed();
    webhooks.emit("payment_intent.payment_failed", intent);
    throw new StripeApiError(
      402,
      "card_error",
      outcome.message,
      { code: outcome.code, decline_code: outcome.declineCode },
      { payment_intent: structuredClone(intent), payment_method: structuredClone(method) },
    );
  }

  return {
    create(form, request) {
      for (const key of Object.keys(form)) if (!PARAMS.has(key)) throw unknownParam(key);
      parseExpand(form, PAYMENT_INTENT_EXPANDABLE);
      const amountText = optionalString(form, "amount");
      if (amountText === undefined) throw missingParam("amount");
      if (!/^\d{1,9}$/.test(amountText)) throw invalidRequest(`Invalid integer: ${amountText}`, "amount");
      const amount = Number(amountText);
      const currencyText = optionalString(form, "currency");
      if (currencyText === undefined) throw missingParam("currency");
      const currency = currencyText.toLowerCase();
      if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currencyText}`, "currency");
      if (currency === "usd" && amount < MIN_USD_AMOUNT) throw invalidRequest("Amount must be at least $0.50 usd", "amount", "amount_too_small");
      if (amount > MAX_AMOUNT) throw invalidRequest(`Amount must be no more than $999,999.99`, "amount", "amount_too_large");
      const confirm = booleanParam(form, "confirm");
      const offSession = booleanParam(form, "off_session");
      if (offSession && !confirm) throw invalidRequest("You can only pass in `off_session` when `confirm` is set to true.", "off_session");
      const customerId = optionalString(form, "customer") ?? null;
      if (customerId !== null && !state.customers.has(customerId)) throw missingObject("customer", customerId, "customer");
      const record = savedCard(form, customerId);
      if (confirm && !record) {
        throw invalidRequest("You cannot confirm this PaymentIntent because it's missing a payment method.", undefined, "payment_intent_unexpected_state");
      }
      const receiptEmail = optionalString(form, "receipt_email") ?? null;
      if (receiptEmail !== null && !isEmail(receiptEmail)) throw invalidRequest(`Invalid email address: ${receiptEmail}`, "receipt_email", "email_invalid");

      const created = Math.floor(config.now() / 1000);
      const intent = buildPaymentIntent({
        amount,
        currency,
        customer: customerId,
        data: { metadata: parseMetadata(form.metadata, "metadata"), description: optionalString(form, "description") ?? null, receiptEmail },
        created,
      });
      intent.payment_method = record?.method.id ?? null;
      if (record && !confirm) intent.status = "requires_confirmation";
      state.paymentIntents.set(intent.id, intent);
      store.changed();
      webhooks.emit("payment_intent.created", intent, request);
      if (!confirm || !record) return intent;

      if (!offSession && authenticationOf({ number: record.cardNumber }) !== null) {
        // A payment with the customer there needs the bank's challenge in their browser: not emulated.
        throw invalidRequest(
          "The embedded Stripe does not implement on-session confirmation of cards that need authentication; pass off_session=true.",
          "off_session",
        );
      }
      const outcome = offSessionOutcome(record);
      if (!outcome.ok) refuse(intent, record.method, outcome);
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.latest_charge = newId.charge();
      intent.last_payment_error = null;
      state.charges.set(intent.latest_charge, buildCharge({ id: intent.latest_charge, intent, created }));
      store.changed();
      webhooks.emit("payment_intent.succeeded", intent, request);
      return intent;
    },
    view(intent, expand) {
      const view: Record<string, unknown> = { ...structuredClone(intent) };
      if (expand.includes("payment_method") && intent.payment_method) {
        view.payment_method = state.paymentMethods.get(intent.payment_method)?.method ?? intent.payment_method;
      }
      if (expand.includes("latest_charge") && intent.latest_charge) view.latest_charge = state.charges.get(intent.latest_charge) ?? intent.latest_charge;
      if (expand.includes("customer") && intent.customer) view.customer = state.customers.get(intent.customer) ?? intent.customer;
      return view;
    },
  };
}

/** `true` or `false` as the SDK sends booleans; absent is false. */
function booleanParam(form: FormHash, key: string): boolean {
  const value = optionalString(form, key);
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  throw invalidRequest(`Invalid boolean: ${value}`, key);
}
