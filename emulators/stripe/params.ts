// Validation of request parameters, with Stripe's error types, codes, params and wording.

import { StripeApiError, invalidRequest, missingParam, unknownParam } from "./errors.ts";
import type { FormHash, FormValue } from "./form.ts";
import type { Metadata, PaymentIntentData, SessionInput } from "./objects.ts";

/** Fields of a Checkout Session that `expand[]` accepts. payment_intent (and its payment_method),
 *  line_items and customer are filled in; the others are always null in payment mode and stay null. */
export const SESSION_EXPANDABLE = [
  "payment_intent",
  "payment_intent.payment_method",
  "line_items",
  "customer",
  "invoice",
  "subscription",
  "setup_intent",
  "payment_link",
];

const MIN_LIFETIME_SECONDS = 30 * 60;
const MAX_LIFETIME_SECONDS = 24 * 60 * 60;
const MAX_METADATA_KEYS = 50;
const MAX_METADATA_KEY_LENGTH = 40;
const MAX_METADATA_VALUE_LENGTH = 500;
const MAX_UNIT_AMOUNT = 99_999_999;
/** The smallest total Stripe charges in US dollars: $0.50. */
const MIN_USD_AMOUNT = 50;

/** Parameters Stripe has but the emulator does not implement: refused with a message that says so,
 *  never silently ignored (the app would behave differently against Stripe). */
function unsupported(param: string): StripeApiError {
  return invalidRequest(`The embedded Stripe does not implement ${param}; only hosted Checkout for one-time card payments is emulated.`, param);
}

const SESSION_PARAMS = new Set([
  "mode",
  "customer",
  "customer_creation",
  "line_items",
  "success_url",
  "cancel_url",
  "metadata",
  "customer_email",
  "client_reference_id",
  "expires_at",
  "payment_intent_data",
  "expand",
  "locale",
  "submit_type",
  "payment_method_types",
  "ui_mode",
]);
const SESSION_PARAMS_NOT_IMPLEMENTED = new Set([
  "discounts",
  "allow_promotion_codes",
  "automatic_tax",
  "billing_address_collection",
  "consent_collection",
  "custom_fields",
  "custom_text",
  "invoice_creation",
  "payment_method_collection",
  "payment_method_options",
  "phone_number_collection",
  "shipping_address_collection",
  "shipping_options",
  "subscription_data",
  "setup_intent_data",
  "tax_id_collection",
  "return_url",
  "currency",
  "after_expiration",
  "adaptive_pricing",
  "optional_items",
  "saved_payment_method_options",
  "wallet_options",
]);

/** Validates `POST /v1/checkout/sessions`. `now` is the creation time in seconds. */
export function parseCreateSession(form: FormHash, now: number): { input: SessionInput; expand: string[] } {
  for (const key of Object.keys(form)) {
    if (SESSION_PARAMS_NOT_IMPLEMENTED.has(key)) throw unsupported(key);
    if (!SESSION_PARAMS.has(key)) throw unknownParam(key);
  }
  const mode = optionalString(form, "mode");
  if (mode === undefined) throw missingParam("mode");
  if (mode === "setup" || mode === "subscription") throw unsupported("mode");
  if (mode !== "payment") throw invalidRequest("Invalid mode: must be one of payment, setup, or subscription", "mode");

  const uiMode = optionalString(form, "ui_mode");
  if (uiMode !== undefined && uiMode !== "hosted") {
    if (uiMode === "embedded" || uiMode === "custom") throw unsupported("ui_mode");
    throw invalidRequest("Invalid ui_mode: must be one of hosted, embedded, or custom", "ui_mode");
  }

  const lineItems = parseLineItems(form.line_items);

  const successUrl = optionalString(form, "success_url");
  if (successUrl === undefined) throw missingParam("success_url");
  checkUrl(successUrl, "success_url");
  const cancelUrl = optionalString(form, "cancel_url") ?? null;
  if (cancelUrl !== null) checkUrl(cancelUrl, "cancel_url");

  const customerEmail = optionalString(form, "customer_email") ?? null;
  if (customerEmail !== null && !isEmail(customerEmail)) {
    throw invalidRequest(`Invalid email address: ${customerEmail}`, "customer_email", "email_invalid");
  }

  const clientReferenceId = optionalString(form, "client_reference_id") ?? null;
  if (clientReferenceId !== null) checkLength(clientReferenceId, 200, "client_reference_id");

  const expiresAtText = optionalString(form, "expires_at");
  let expiresAt: number | null = null;
  if (expiresAtText !== undefined) {
    expiresAt = integer(expiresAtText, "expires_at");
    if (expiresAt - now < MIN_LIFETIME_SECONDS) {
      throw invalidRequest("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "expires_at");
    }
    if (expiresAt - now > MAX_LIFETIME_SECONDS) {
      throw invalidRequest("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "expires_at");
    }
  }

  const paymentMethodTypes = optionalList(form, "payment_method_types")?.map((value, index) => {
    const param = `payment_method_types[${index}]`;
    if (typeof value !== "string") throw invalidRequest(`Invalid string: ${param}`, param);
    if (value !== "card") throw unsupported(param);
    return value;
  });

  const submitType = optionalString(form, "submit_type") ?? null;
  if (submitType !== null && !["auto", "book", "donate", "pay", "subscribe"].includes(submitType)) {
    throw invalidRequest("Invalid submit_type: must be one of auto, book, donate, pay, or subscribe", "submit_type");
  }

  const customer = optionalString(form, "customer") ?? null;
  const customerCreation = optionalString(form, "customer_creation");
  if (customerCreation !== undefined && customerCreation !== "always" && customerCreation !== "if_required") {
    throw invalidRequest("Invalid customer_creation: must be one of always or if_required", "customer_creation");
  }
  if (customer !== null && customerCreation !== undefined) {
    throw invalidRequest("You may only specify one of these parameters: customer, customer_creation.", "customer_creation");
  }
  if (customer !== null && customerEmail !== null) {
    throw invalidRequest("You may only specify one of these parameters: customer, customer_email.", "customer_email");
  }

  const locale = optionalString(form, "locale") ?? null;
  if (locale !== null && !/^(auto|[a-z]{2}(-[A-Z0-9]{2,3})?)$/.test(locale)) {
    throw invalidRequest(`Invalid locale: ${locale}`, "locale");
  }

  return {
    input: {
      lineItems,
      successUrl,
      cancelUrl,
      metadata: parseMetadata(form.metadata, "metadata"),
      customerEmail,
      clientReferenceId,
      expiresAt,
      locale,
      submitType,
      paymentMethodTypes: paymentMethodTypes?.length ? paymentMethodTypes : ["card"],
      paymentIntentData: parsePaymentIntentData(form.payment_intent_data),
      customer,
      customerCreation: customerCreation ?? "if_required",
    },
    expand: parseExpand(form, SESSION_EXPANDABLE),
  };
}

function parseLineItems(value: FormValue | undefined): SessionInput["lineItems"] {
  const items = value === undefined || value === "" ? [] : list(value, "line_items");
  if (items.length === 0) throw missingParam("line_items");
  const parsed = items.map((item, index) => {
    const prefix = `line_items[${index}]`;
    const hash = expectHash(item, prefix);
    for (const key of Object.keys(hash)) {
      if (["adjustable_quantity", "dynamic_tax_rates", "tax_rates", "metadata"].includes(key)) throw unsupported(`${prefix}[${key}]`);
      if (!["price", "price_data", "quantity"].includes(key)) throw unknownParam(`${prefix}[${key}]`);
    }
    const price = optionalString(hash, "price");
    if (price !== undefined) {
      throw new StripeApiError(400, "invalid_request_error", `No such price: '${price}'`, {
        code: "resource_missing",
        param: `${prefix}[price]`,
      });
    }
    if (hash.price_data === undefined) throw missingParam(`${prefix}[price_data]`);
    const priceData = expectHash(hash.price_data, `${prefix}[price_data]`);
    const pricePrefix = `${prefix}[price_data]`;
    for (const key of Object.keys(priceData)) {
      if (["product", "recurring", "tax_behavior", "unit_amount_decimal"].includes(key)) throw unsupported(`${pricePrefix}[${key}]`);
      if (!["currency", "unit_amount", "product_data"].includes(key)) throw unknownParam(`${pricePrefix}[${key}]`);
    }
    const currencyText = optionalString(priceData, "currency");
    if (currencyText === undefined) throw missingParam(`${pricePrefix}[currency]`);
    const currency = currencyText.toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currencyText}`, `${pricePrefix}[currency]`);
    if (priceData.product_data === undefined) throw missingParam(`${pricePrefix}[product_data]`);
    const productData = expectHash(priceData.product_data, `${pricePrefix}[product_data]`);
    for (const key of Object.keys(productData)) {
      if (["name", "description", "images", "metadata", "tax_code", "unit_label"].includes(key)) continue;
      throw unknownParam(`${pricePrefix}[product_data][${key}]`);
    }
    const name = optionalString(productData, "name");
    if (name === undefined) throw missingParam(`${pricePrefix}[product_data][name]`);
    const unitAmountText = optionalString(priceData, "unit_amount");
    if (unitAmountText === undefined) throw missingParam(`${pricePrefix}[unit_amount]`);
    const unitAmount = integer(unitAmountText, `${pricePrefix}[unit_amount]`);
    if (unitAmount < 0) {
      throw invalidRequest("This value must be greater than or equal to 0.", `${pricePrefix}[unit_amount]`);
    }
    if (unitAmount > MAX_UNIT_AMOUNT) {
      throw invalidRequest(`This value must be less than or equal to ${MAX_UNIT_AMOUNT}.`, `${pricePrefix}[unit_amount]`);
    }
    const quantityText = optionalString(hash, "quantity");
    if (quantityText === undefined) throw missingParam(`${prefix}[quantity]`);
    const quantity = integer(quantityText, `${prefix}[quantity]`);
    if (quantity < 1) throw invalidRequest("This value must be greater than or equal to 1.", `${prefix}[quantity]`);
    return { name, currency, unitAmount, quantity };
  });
  const currency = parsed[0]?.currency;
  if (parsed.some((item) => item.currency !== currency)) {
    throw invalidRequest("All line items must have the same currency.", "line_items");
  }
  const total = parsed.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (currency === "usd" && total < MIN_USD_AMOUNT) {
    throw invalidRequest("The Checkout Session's total amount due must add up to at least $0.50 usd", "line_items");
  }
  return parsed;
}

function parsePaymentIntentData(value: FormValue | undefined): PaymentIntentData {
  const empty: PaymentIntentData = { metadata: {}, description: null, receiptEmail: null };
  if (value === undefined || value === "") return empty;
  const hash = expectHash(value, "payment_intent_data");
  for (const key of Object.keys(hash)) {
    if (["metadata", "description", "receipt_email", "setup_future_usage"].includes(key)) continue;
    if (
      [
        "capture_method",
        "statement_descriptor",
        "statement_descriptor_suffix",
        "shipping",
        "transfer_data",
        "application_fee_amount",
        "on_behalf_of",
        "transfer_group",
      ].includes(key)
    ) {
      throw unsupported(`payment_intent_data[${key}]`);
    }
    throw unknownParam(`payment_intent_data[${key}]`);
  }
  const receiptEmail = optionalString(hash, "receipt_email") ?? null;
  if (receiptEmail !== null && !isEmail(receiptEmail)) {
    throw invalidRequest(`Invalid email address: ${receiptEmail}`, "payment_intent_data[receipt_email]", "email_invalid");
  }
  const description = optionalString(hash, "description") ?? null;
  if (description !== null) checkLength(description, 1000, "payment_intent_data[description]");
  const setupFutureUsage = optionalString(hash, "setup_future_usage") ?? null;
  if (setupFutureUsage !== null && setupFutureUsage !== "off_session" && setupFutureUsage !== "on_session") {
    throw invalidRequest("Invalid setup_future_usage: must be one of on_session or off_session", "payment_intent_data[setup_future_usage]");
  }
  return { metadata: parseMetadata(hash.metadata, "payment_intent_data[metadata]"), description, receiptEmail, setupFutureUsage };
}

/** Metadata: at most 50 keys of up to 40 characters, values of up to 500; an empty value leaves the key out. */
export function parseMetadata(value: FormValue | undefined, param: string): Metadata {
  if (value === undefined || value === "") return {};
  const hash = expectHash(value, param);
  const metadata: Metadata = {};
  for (const [key, entry] of Object.entries(hash)) {
    const entryParam = `${param}[${key}]`;
    if (typeof entry !== "string") throw invalidRequest(`Invalid string: ${entryParam}`, entryParam);
    if (key.length > MAX_METADATA_KEY_LENGTH) {
      throw invalidRequest(
        `Metadata keys can have up to ${MAX_METADATA_KEY_LENGTH} characters, but you passed in a key that is ${key.length} characters.`,
        entryParam,
      );
    }
    if (entry.length > MAX_METADATA_VALUE_LENGTH) {
      throw invalidRequest(
        `Metadata values can have up to ${MAX_METADATA_VALUE_LENGTH} characters, but you passed in a value that is ${entry.length} characters.`,
        entryParam,
      );
    }
    if (entry !== "") metadata[key] = entry;
  }
  if (Object.keys(metadata).length > MAX_METADATA_KEYS) {
    throw invalidRequest(`Metadata can have up to ${MAX_METADATA_KEYS} keys, but you passed in ${Object.keys(metadata).length} keys.`, param);
  }
  return metadata;
}

/** `expand[]=…` / `expand[0]=…`: the fields to expand; refuses fields that cannot be. */
export function parseExpand(form: FormHash, allowed: readonly string[]): string[] {
  const values = optionalList(form, "expand") ?? [];
  return values.map((value, index) => {
    const param = `expand[${index}]`;
    if (typeof value !== "string") throw invalidRequest(`Invalid string: ${param}`, param);
    if (!allowed.includes(value)) throw invalidRequest(`This property cannot be expanded (${value}).`, param);
    return value;
  });
}

/** Refuses any parameter but the ones named (GET query strings, expire bodies). */
export function onlyParams(form: FormHash, allowed: readonly string[]): void {
  for (const key of Object.keys(form)) if (!allowed.includes(key)) throw unknownParam(key);
}

export function optionalString(hash: FormHash, key: string): string | undefined {
  const value = hash[key];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw invalidRequest(`Invalid string: ${describe(value)}`, key);
  return value;
}

function optionalList(hash: FormHash, key: string): FormValue[] | undefined {
  const value = hash[key];
  if (value === undefined || value === "") return undefined;
  return list(value, key);
}

/** A list is sent as `key[0]`, `key[1]`, … (or `key[]`); its elements in index order. */
function list(value: FormValue, param: string): FormValue[] {
  if (typeof value === "string") throw invalidRequest("Invalid array", param);
  const keys = Object.keys(value);
  if (!keys.every((key) => /^\d+$/.test(key))) throw invalidRequest("Invalid array", param);
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key] as FormValue);
}

function expectHash(value: FormValue, param: string): FormHash {
  if (typeof value === "string") throw invalidRequest("Invalid hash", param);
  return value;
}

function integer(text: string, param: string): number {
  if (!/^-?\d{1,15}$/.test(text.trim())) throw invalidRequest(`Invalid integer: ${text}`, param);
  return Number(text.trim());
}

function checkUrl(url: string, param: string): void {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    throw invalidRequest("Invalid URL: An explicit scheme (such as https) must be provided.", param, "url_invalid");
  }
  if (url.length > 5000 || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw invalidRequest("Not a valid URL", param, "url_invalid");
  }
}

function checkLength(text: string, max: number, param: string): void {
  if (text.length > max) {
    throw invalidRequest(`Invalid string: ${text.slice(0, 20)}...; must be at most ${max} characters`, param, "string_length_invalid");
  }
}

export function isEmail(text: string): boolean {
  return text.length <= 512 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(text);
}

function describe(value: FormHash): string {
  return JSON.stringify(value).slice(0, 40);
}
