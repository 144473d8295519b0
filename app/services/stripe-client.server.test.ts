import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeEmulator, type StripeEmulator } from "../../emulators/stripe/index.ts";
import { createStripeClient, isStripeError, isStripeNotFound } from "./stripe-client.server";

describe("the lazily made Stripe client", () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;

  beforeAll(async () => {
    emulator = await createStripeEmulator({ publicUrl: "http://localhost:3000" });
    stripe = createStripeClient({ secretKey: emulator.secretKey, fetch: emulator.fetch });
  });
  afterAll(() => emulator.close());

  it("calls Stripe's API through its resources, and its refusals are Stripe's errors", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } }, quantity: 1 }],
      success_url: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
    });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");

    const refusal: unknown = await stripe.checkout.sessions.retrieve("cs_test_unknown").catch((error: unknown) => error);
    expect(isStripeError(refusal, "StripeInvalidRequestError")).toBe(true);
    expect(isStripeError(refusal, "StripeCardError")).toBe(false);
    expect((refusal as Stripe.errors.StripeError).statusCode).toBe(404);
    expect(isStripeNotFound(refusal)).toBe(true);
  });

  it("checks a webhook's signature synchronously", () => {
    const payload = JSON.stringify({ id: "evt_test_1", object: "event", type: "checkout.session.expired", data: { object: {} } });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_test" });
    expect(stripe.webhooks.constructEvent(payload, header, "whsec_test").id).toBe("evt_test_1");
    expect(() => stripe.webhooks.constructEvent(payload, header, "whsec_other")).toThrow();
  });
});

describe("isStripeError", () => {
  it("tells Stripe's errors by their kind, from whichever copy of the SDK", () => {
    const invalid = new Stripe.errors.StripeInvalidRequestError({ message: "No such checkout.session", type: "invalid_request_error" });
    expect(isStripeError(invalid, "StripeInvalidRequestError")).toBe(true);
    expect(isStripeError(invalid, "StripeCardError")).toBe(false);
    expect(isStripeError(new Stripe.errors.StripeCardError({ message: "Declined", type: "card_error" }), "StripeCardError")).toBe(true);
  });

  it("is false for anything else", () => {
    expect(isStripeError(new Error("StripeCardError"), "StripeCardError")).toBe(false);
    expect(isStripeError({ type: "StripeCardError" }, "StripeCardError")).toBe(false);
    expect(isStripeError(undefined, "StripeInvalidRequestError")).toBe(false);
  });
});

describe("isStripeNotFound", () => {
  it("is Stripe's refusal of an object it does not know, not any other refusal", () => {
    const notFound = new Stripe.errors.StripeInvalidRequestError({ message: "No such checkout.session", type: "invalid_request_error", statusCode: 404 });
    expect(isStripeNotFound(notFound)).toBe(true);
    const badParameter = new Stripe.errors.StripeInvalidRequestError({ message: "Invalid amount", type: "invalid_request_error", statusCode: 400 });
    expect(isStripeNotFound(badParameter)).toBe(false);
    expect(isStripeNotFound(new Stripe.errors.StripeCardError({ message: "Declined", type: "card_error", statusCode: 404 }))).toBe(false);
    expect(isStripeNotFound(new Error("404"))).toBe(false);
  });
});
