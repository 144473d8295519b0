// The API objects the emulator keeps and answers with, in Stripe's shapes (fields an app may read;
// the ones Checkout in payment mode leaves empty are present with their empty values, as Stripe sends them).

import type { ChargeOutcome } from "./cards.ts";
import { randomToken } from "./config.ts";

/** The API version the objects and events are shaped for: the one stripe-node 23.1 pins. */
export const API_VERSION = "2026-10-28.endive";

export type Metadata = Record<string, string>;

export interface Price {
  id: string;
  object: "price";
  active: boolean;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: null;
  metadata: Metadata;
  nickname: null;
  product: string;
  recurring: null;
  tax_behavior: "unspecified";
  tiers_mode: null;
  transform_quantity: null;
  type: "one_time";
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface LineItem {
  id: string;
  object: "item";
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  metadata: Metadata;
  price: Price;
  quantity: number;
}

export interface CustomerDetails {
  address: null;
  business_name: null;
  email: string;
  individual_name: null;
  name: string;
  phone: null;
  tax_exempt: "none";
  tax_ids: [];
}

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  adaptive_pricing: null;
  after_expiration: null;
  allow_promotion_codes: null;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: false; liability: null; provider: null; status: null };
  billing_address_collection: null;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  collected_information: null;
  consent: null;
  consent_collection: null;
  created: number;
  currency: string;
  currency_conversion: null;
  custom_fields: [];
  custom_text: { after_submit: null; shipping_address: null; submit: null; terms_of_service_acceptance: null };
  /** The customer the payment was made for: given at creation, or made when the session was paid. */
  customer: string | null;
  customer_creation: "if_required" | "always";
  customer_details: CustomerDetails | null;
  customer_email: string | null;
  discounts: [];
  expires_at: number;
  invoice: null;
  invoice_creation: { enabled: false; invoice_data: Record<string, null | Metadata> };
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: "payment";
  payment_intent: string | null;
  payment_link: null;
  payment_method_collection: "if_required";
  payment_method_configuration_details: null;
  payment_method_options: { card: { request_three_d_secure: "automatic" } };
  payment_method_types: string[];
  payment_status: "unpaid" | "paid";
  phone_number_collection: { enabled: false };
  recovered_from: null;
  saved_payment_method_options: null;
  setup_intent: null;
  shipping_address_collection: null;
  shipping_cost: null;
  shipping_options: [];
  status: "open" | "complete" | "expired";
  submit_type: string | null;
  subscription: null;
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: "hosted";
  url: string | null;
  wallet_options: null;
}

export interface PaymentError {
  type: "card_error";
  code: string;
  decline_code?: string;
  doc_url: string;
  message: string;
  param?: string;
  payment_method: { id: string; object: "payment_method"; type: "card"; card: CardSummary };
}

/** How a card saved with a payment may be charged later: without the customer, or only with them. */
export type SetupFutureUsage = "off_session" | "on_session";

export interface CardSummary {
  brand: string;
  country: "US";
  exp_month: number;
  exp_year: number;
  funding: "credit" | "debit";
  last4: string;
}

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  application: null;
  application_fee_amount: null;
  automatic_payment_methods: null;
  canceled_at: null;
  cancellation_reason: null;
  capture_method: "automatic_async";
  client_secret: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_options: { card: { installments: null; mandate_options: null; network: null; request_three_d_secure: "automatic" } };
  payment_method_types: string[];
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: SetupFutureUsage | null;
  shipping: null;
  source: null;
  statement_descriptor: null;
  statement_descriptor_suffix: null;
  status: "requires_payment_method" | "requires_confirmation" | "succeeded";
  transfer_data: null;
  transfer_group: null;
}

/** The charge a successful payment made; refunds reduce what is left of it. */
export interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  description: string | null;
  livemode: false;
  metadata: Metadata;
  paid: true;
  payment_intent: string;
  payment_method: string | null;
  receipt_email: string | null;
  /** True once the whole amount is refunded. */
  refunded: boolean;
  status: "succeeded";
}

export interface Refund {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  destination_details: null;
  metadata: Metadata;
  payment_intent: string;
  reason: "duplicate" | "fraudulent" | "requested_by_customer" | null;
  receipt_number: null;
  source_transfer_reversal: null;
  /** Card refunds succeed at once. */
  status: "succeeded";
  transfer_reversal: null;
}

/** What an event carries: a snapshot of the object it is about. */
export type EventObject = CheckoutSession | PaymentIntent | Charge | Refund | Customer | PaymentMethod;

export interface Customer {
  id: string;
  object: "customer";
  address: null;
  balance: number;
  created: number;
  currency: null;
  default_source: null;
  delinquent: false;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: "none";
  test_clock: null;
}

export interface PaymentMethod {
  id: string;
  object: "payment_method";
  allow_redisplay: "unspecified";
  billing_details: { address: null; email: string | null; name: string | null; phone: null };
  card: CardSummary & {
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: "pass" };
    display_brand: string;
    fingerprint: string;
    generated_from: null;
    networks: { available: string[]; preferred: null };
    three_d_secure_usage: { supported: true };
    wallet: null;
  };
  created: number;
  /** The customer it is saved to; null until attached, and again once detached. */
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: "card";
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: EventObject };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** Identifiers shaped like Stripe's test-mode ones. */
export const newId = {
  session: () => `cs_test_a1${randomToken(56)}`,
  paymentIntent: () => `pi_3${randomToken(23)}`,
  paymentMethod: () => `pm_1${randomToken(23)}`,
  charge: () => `ch_3${randomToken(23)}`,
  refund: () => `re_3${randomToken(23)}`,
  price: () => `price_1${randomToken(23)}`,
  product: () => `prod_${randomToken(14)}`,
  lineItem: () => `li_1${randomToken(23)}`,
  event: () => `evt_1${randomToken(23)}`,
  customer: () => `cus_${randomToken(14)}`,
  request: () => `req_${randomToken(14)}`,
};

/** What a session is created from, already validated. */
export interface SessionInput {
  lineItems: Array<{ name: string; currency: string; unitAmount: number; quantity: number }>;
  successUrl: string;
  cancelUrl: string | null;
  metadata: Metadata;
  customerEmail: string | null;
  clientReferenceId: string | null;
  expiresAt: number | null;
  locale: string | null;
  submitType: string | null;
  paymentMethodTypes: string[];
  paymentIntentData: PaymentIntentData;
  /** An existing customer to pay for (and save the card to). */
  customer?: string | null;
  customerCreation?: "if_required" | "always";
}

export interface PaymentIntentData {
  metadata: Metadata;
  description: string | null;
  receiptEmail: string | null;
  /** The card is saved for later payments (its customer is made when the session is paid, if none was given). */
  setupFutureUsage?: SetupFutureUsage | null;
}

/** The default lifetime of a session: 24 hours. */
export const DEFAULT_SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

export function buildLineItems(input: SessionInput, created: number): LineItem[] {
  return input.lineItems.map((item) => {
    const amount = item.unitAmount * item.quantity;
    return {
      id: newId.lineItem(),
      object: "item",
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: item.currency,
      description: item.name,
      metadata: {},
      price: {
        id: newId.price(),
        object: "price",
        // Prices made from price_data are not reusable, so Stripe creates them inactive.
        active: false,
        billing_scheme: "per_unit",
        created,
        currency: item.currency,
        custom_unit_amount: null,
        livemode: false,
        lookup_key: null,
        metadata: {},
        nickname: null,
        product: newId.product(),
        recurring: null,
        tax_behavior: "unspecified",
        tiers_mode: null,
        transform_quantity: null,
        type: "one_time",
        unit_amount: item.unitAmount,
        unit_amount_decimal: String(item.unitAmount),
      },
      quantity: item.quantity,
    };
  });
}

export function buildSession(options: { id: string; input: SessionInput; lineItems: LineItem[]; created: number; url: string }): CheckoutSession {
  const { id, input, lineItems, created, url } = options;
  const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: lineItems[0]?.currency ?? "usd",
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: input.customer ?? null,
    customer_creation: input.customerCreation ?? "if_required",
    customer_details: null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.expiresAt ?? created + DEFAULT_SESSION_LIFETIME_SECONDS,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: null,
        metadata: {},
        rendering_options: null,
      },
    },
    livemode: false,
    locale: input.locale,
    metadata: input.metadata,
    mode: "payment",
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: "automatic" } },
    payment_method_types: input.paymentMethodTypes,
    payment_status: "unpaid",
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: input.submitType,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url,
    wallet_options: null,
  };
}

/** A payment intent for `amount` in `currency`: a Checkout Session's (its total), or one created through the API. */
export function buildPaymentIntent(options: {
  amount: number;
  currency: string;
  customer: string | null;
  data: PaymentIntentData;
  created: number;
}): PaymentIntent {
  const { amount, currency, customer, data, created } = options;
  const id = newId.paymentIntent();
  return {
    id,
    object: "payment_intent",
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: "automatic",
    created,
    currency,
    customer,
    description: data.description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: { ...data.metadata },
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" },
    },
    payment_method_types: ["card"],
    processing: null,
    receipt_email: data.receiptEmail,
    review: null,
    setup_future_usage: data.setupFutureUsage ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_data: null,
    transfer_group: null,
  };
}

export function buildCharge(options: { id: string; intent: PaymentIntent; created: number }): Charge {
  const { id, intent, created } = options;
  return {
    id,
    object: "charge",
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    captured: true,
    created,
    currency: intent.currency,
    description: intent.description,
    livemode: false,
    metadata: { ...intent.metadata },
    paid: true,
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    receipt_email: intent.receipt_email,
    refunded: false,
    status: "succeeded",
  };
}

export function buildCustomer(options: {
  id: string;
  email: string | null;
  name: string | null;
  description?: string | null;
  metadata?: Metadata;
  created: number;
}): Customer {
  return {
    id: options.id,
    object: "customer",
    address: null,
    balance: 0,
    created: options.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: options.description ?? null,
    email: options.email,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: options.metadata ?? {},
    name: options.name,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function buildPaymentMethod(options: {
  id: string;
  card: CardSummary;
  fingerprint: string;
  email: string | null;
  name: string | null;
  created: number;
}): PaymentMethod {
  const { card } = options;
  return {
    id: options.id,
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: { address: null, email: options.email, name: options.name, phone: null },
    card: {
      ...card,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      display_brand: card.brand,
      fingerprint: options.fingerprint,
      generated_from: null,
      networks: { available: [card.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: options.created,
    customer: null,
    livemode: false,
    metadata: {},
    type: "card",
  };
}

/** A payment intent whose card was refused: back to `requires_payment_method`, the refusal as its last error. */
export function refusePaymentIntent(intent: PaymentIntent, outcome: Exclude<ChargeOutcome, { ok: true }>, method: PaymentMethod): void {
  const { brand, country, exp_month, exp_year, funding, last4 } = method.card;
  intent.status = "requires_payment_method";
  intent.payment_method = method.id;
  intent.last_payment_error = {
    type: "card_error",
    code: outcome.code,
    ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
    doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replaceAll("_", "-")}`,
    message: outcome.message,
    ...(outcome.param ? { param: outcome.param } : {}),
    payment_method: { id: method.id, object: "payment_method", type: "card", card: { brand, country, exp_month, exp_year, funding, last4 } },
  };
}
