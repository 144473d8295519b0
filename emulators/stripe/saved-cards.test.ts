import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeEmulator } from "./index.ts";
import { completeSession, deliveriesSettled, emulatorClient, events, startTestStripe, usingHostedStripe, type TestStripe } from "./testing/index.ts";

// A card saved with a Checkout payment (`customer_creation: always`, `setup_future_usage`) and
// charged later without the customer, with the real stripe-node client: the saved card on the
// session's payment intent, later charges that succeed, the card that needs its customer's
// authentication (Checkout's challenge, and a 402 `authentication_required` off session), the
// idempotent replay of a refusal, refunds of a later charge, and what is refused.

let backend: TestStripe;
let stripe: Stripe;

beforeAll(async () => {
  backend = await startTestStripe();
  stripe = backend.stripe;
});

afterAll(async () => {
  await backend.close();
});

const savingDeposit = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: "payment",
  line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } } }],
  success_url: "http://localhost:3000/booking/paid?session_id={CHECKOUT_SESSION_ID}",
  metadata: { booking_id: "b-1" },
  customer_creation: "always",
  payment_intent_data: { metadata: { booking_id: "b-1" }, setup_future_usage: "off_session" },
  customer_email: "ada@example.com",
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error("the request succeeded");
}

/** A deposit paid on Checkout with `card` (authenticated when its bank asks); its customer and saved card. */
async function savedCard(card = "4242 4242 4242 4242") {
  const session = await stripe.checkout.sessions.create(savingDeposit());
  expect((await completeSession(backend.emulator!, session.id, { card, authenticate: "complete" })).status).toBe(303);
  const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent.payment_method"] });
  const intent = paid.payment_intent as Stripe.PaymentIntent;
  const method = intent.payment_method as Stripe.PaymentMethod;
  return { session: paid, intent, method, customer: paid.customer as string };
}

const laterCharge = (customer: string, paymentMethod: string, overrides: Partial<Stripe.PaymentIntentCreateParams> = {}): Stripe.PaymentIntentCreateParams => ({
  amount: 102_500,
  currency: "usd",
  customer,
  payment_method: paymentMethod,
  off_session: true,
  confirm: true,
  metadata: { purpose: "balance" },
  ...overrides,
});

describe.skipIf(usingHostedStripe)("cards saved with a payment", () => {
  it("makes a customer, attaches the card to it, and says so on the checkout page", async () => {
    const session = await stripe.checkout.sessions.create(savingDeposit());
    expect(session).toMatchObject({ customer: null, customer_creation: "always" });
    const page = await backend.emulator!.handle(new Request(session.url!));
    expect(await page.text()).toContain(
      `you allow ${backend.emulator!.config.businessName} to charge your card for future payments in accordance with their terms.`,
    );

    const { intent, method, customer } = await savedCard();
    expect(customer).toMatch(/^cus_/);
    expect(intent).toMatchObject({ status: "succeeded", customer, setup_future_usage: "off_session" });
    expect(method).toMatchObject({ object: "payment_method", type: "card", customer, card: { brand: "visa", last4: "4242" } });
    expect(await stripe.customers.retrieve(customer)).toMatchObject({ id: customer, email: "ada@example.com" });
    expect((await stripe.customers.listPaymentMethods(customer)).data.map((listed) => listed.id)).toEqual([method.id]);
  });

  it("saves nothing without the asking: no customer without customer_creation, no card without setup_future_usage", async () => {
    const plain = await stripe.checkout.sessions.create(savingDeposit({ customer_creation: undefined, payment_intent_data: { metadata: {} } }));
    await completeSession(backend.emulator!, plain.id);
    const paid = await stripe.checkout.sessions.retrieve(plain.id, { expand: ["payment_intent.payment_method"] });
    expect(paid.customer).toBeNull();
    expect(((paid.payment_intent as Stripe.PaymentIntent).payment_method as Stripe.PaymentMethod).customer).toBeNull();

    // A customer made for the payment gets no card unless the session saves it.
    const unsaved = await stripe.checkout.sessions.create(savingDeposit({ payment_intent_data: { metadata: {} } }));
    await completeSession(backend.emulator!, unsaved.id);
    const made = await stripe.checkout.sessions.retrieve(unsaved.id, { expand: ["payment_intent.payment_method"] });
    expect(made.customer).toMatch(/^cus_/);
    expect(((made.payment_intent as Stripe.PaymentIntent).payment_method as Stripe.PaymentMethod).customer).toBeNull();
    expect((await stripe.customers.listPaymentMethods(made.customer as string)).data).toEqual([]);
  });

  it("charges a saved card later without its customer, once for a key, and refunds it", async () => {
    const { method, customer } = await savedCard();
    const idempotencyKey = `bill-${crypto.randomUUID()}`;
    const charged = await stripe.paymentIntents.create(laterCharge(customer, method.id), { idempotencyKey });
    expect(charged).toMatchObject({ status: "succeeded", amount_received: 102_500, customer, payment_method: method.id, metadata: { purpose: "balance" } });
    const again = await stripe.paymentIntents.create(laterCharge(customer, method.id), { idempotencyKey });
    expect(again.id).toBe(charged.id);
    await deliveriesSettled(backend.emulator!);
    expect(events(backend.emulator!, "payment_intent.succeeded").filter((record) => record.event.data.object.id === charged.id)).toHaveLength(1);
    expect(await stripe.refunds.create({ payment_intent: charged.id, amount: 2_500 })).toMatchObject({ status: "succeeded", amount: 2_500 });
  });

  it("asks Checkout's customer to authenticate 4000 0025 0000 3155, then charges it later without them", async () => {
    const session = await stripe.checkout.sessions.create(savingDeposit());
    const challenge = await completeSession(backend.emulator!, session.id, { card: "4000 0025 0000 3155" });
    expect(challenge).toMatchObject({ status: 200, location: null });
    expect(challenge.html).toContain("3D Secure 2 Test Page");
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");

    const { method, customer } = await savedCard("4000 0025 0000 3155");
    expect((await stripe.paymentIntents.create(laterCharge(customer, method.id))).status).toBe("succeeded");
  });

  it("declines a payment whose authentication failed, and leaves the session open", async () => {
    const session = await stripe.checkout.sessions.create(savingDeposit());
    const failed = await completeSession(backend.emulator!, session.id, { card: "4000 0025 0000 3155", authenticate: "fail" });
    expect(failed.status).toBe(402);
    expect(failed.html).toContain("We are unable to authenticate your payment method.");
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  it("refuses a later charge of 4000 0027 6000 3184 with authentication_required and the payment intent, the same on a retry", async () => {
    const { method, customer } = await savedCard("4000 0027 6000 3184");
    const idempotencyKey = `bill-${crypto.randomUUID()}`;
    const error = await refusal(stripe.paymentIntents.create(laterCharge(customer, method.id), { idempotencyKey }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: "authentication_required", decline_code: "authentication_required" });
    expect(error.message).toBe("Your card was declined. This transaction requires authentication.");
    expect(error.payment_intent).toMatchObject({ status: "requires_payment_method", last_payment_error: { code: "authentication_required" } });
    const retried = await refusal(stripe.paymentIntents.create(laterCharge(customer, method.id), { idempotencyKey }));
    expect(retried.payment_intent?.id).toBe(error.payment_intent?.id);
    await deliveriesSettled(backend.emulator!);
    expect(
      events(backend.emulator!, "payment_intent.payment_failed").filter((record) => record.event.data.object.id === error.payment_intent?.id),
    ).toHaveLength(1);
  });

  it("refuses what Stripe refuses, saving no key for it", async () => {
    const { method, customer } = await savedCard();
    expect(await refusal(stripe.paymentIntents.create(laterCharge(customer, method.id, { amount: 10 })))).toMatchObject({
      statusCode: 400,
      code: "amount_too_small",
      param: "amount",
    });
    expect(await refusal(stripe.paymentIntents.create(laterCharge(customer, method.id, { confirm: false })))).toMatchObject({
      statusCode: 400,
      param: "off_session",
    });
    const other = await savedCard();
    expect(await refusal(stripe.paymentIntents.create(laterCharge(other.customer, method.id)))).toMatchObject({ statusCode: 400, param: "payment_method" });
    expect(await refusal(stripe.paymentIntents.create(laterCharge("cus_nobody", method.id)))).toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "customer",
    });
    expect(await refusal(stripe.checkout.sessions.create(savingDeposit({ customer: customer, customer_email: undefined })))).toMatchObject({
      statusCode: 400,
      param: "customer_creation",
    });

    // Detached, the card cannot be charged again.
    expect((await stripe.paymentMethods.detach(method.id)).customer).toBeNull();
    expect(await refusal(stripe.paymentIntents.create(laterCharge(customer, method.id)))).toMatchObject({ statusCode: 400, param: "payment_method" });
  });
});

describe.skipIf(usingHostedStripe)("saved cards kept across a restart", () => {
  it("keeps customers and their cards in the state file", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "stripe-saved-cards-"));
    try {
      const first = await createStripeEmulator({ publicUrl: "http://localhost:3000", log: () => {}, dataDir });
      const client = emulatorClient(first);
      const session = await client.checkout.sessions.create(savingDeposit());
      await completeSession(first, session.id);
      const paid = await client.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
      const methodId = (paid.payment_intent as Stripe.PaymentIntent).payment_method as string;
      await first.close();

      const second = await createStripeEmulator({ publicUrl: "http://localhost:3000", log: () => {}, dataDir });
      const again = emulatorClient(second);
      expect(await again.paymentMethods.retrieve(methodId)).toMatchObject({ customer: paid.customer, card: { last4: "4242" } });
      expect((await again.paymentIntents.create(laterCharge(paid.customer as string, methodId))).status).toBe("succeeded");
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
