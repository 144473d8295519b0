import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createStripeEmulator, type StripeEmulator } from "./index.ts";
import {
  completeSession,
  deliveriesSettled,
  emulatorClient,
  startTestStripe,
  startWebhookReceiver,
  usingHostedStripe,
  type TestStripe,
} from "./testing/index.ts";

// Contract tests of refunds with the real stripe-node client: a paid deposit refunded whole or in
// part, once per idempotency key, never beyond what was paid, with Stripe's errors and events.

let backend: TestStripe;
let stripe: Stripe;

beforeAll(async () => {
  backend = await startTestStripe();
  stripe = backend.stripe;
});

afterAll(async () => {
  await backend.close();
});

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((resource) => resource.close()));
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

/** A $50 deposit paid on the checkout page: its payment intent. */
async function paidDeposit(emulator: StripeEmulator, client: Stripe = stripe): Promise<string> {
  const session = await client.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } } }],
    success_url: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
    metadata: { booking_id: "b-9" },
    payment_intent_data: { metadata: { booking_id: "b-9" } },
  });
  expect((await completeSession(emulator, session.id)).status).toBe(303);
  const paid = await client.checkout.sessions.retrieve(session.id);
  expect(typeof paid.payment_intent).toBe("string");
  return paid.payment_intent as string;
}

describe.skipIf(usingHostedStripe)("refunds", () => {
  it("refunds the whole payment when no amount is given, and answers the refund again by its id", async () => {
    const intent = await paidDeposit(backend.emulator!);
    const refund = await stripe.refunds.create({ payment_intent: intent, reason: "requested_by_customer", metadata: { booking_id: "b-9" } });
    expect(refund.id).toMatch(/^re_/);
    expect(refund).toMatchObject({
      object: "refund",
      amount: 5000,
      currency: "usd",
      payment_intent: intent,
      reason: "requested_by_customer",
      status: "succeeded",
      metadata: { booking_id: "b-9" },
    });
    expect(refund.charge).toMatch(/^ch_/);
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
  });

  it("refuses to refund a charge already refunded, and more than is left of it", async () => {
    const intent = await paidDeposit(backend.emulator!);
    expect((await stripe.refunds.create({ payment_intent: intent, amount: 2000 })).amount).toBe(2000);

    const tooLarge = await refusal(stripe.refunds.create({ payment_intent: intent, amount: 3001 }));
    expect(tooLarge).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooLarge).toMatchObject({ statusCode: 400, code: "amount_too_large", param: "amount" });

    const rest = await stripe.refunds.create({ payment_intent: intent });
    expect(rest.amount).toBe(3000);
    const again = await refusal(stripe.refunds.create({ payment_intent: intent }));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({ statusCode: 400, code: "charge_already_refunded" });
    expect(again.message).toContain(rest.charge as string);

    // The same charge named directly.
    const byCharge = await refusal(stripe.refunds.create({ charge: rest.charge as string }));
    expect(byCharge.code).toBe("charge_already_refunded");
  });

  it("answers a repeated idempotency key with the same refund, also when both requests arrive at once", async () => {
    const intent = await paidDeposit(backend.emulator!);
    const first = await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${intent}` });
    const repeat = await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${intent}` });
    expect(repeat.id).toBe(first.id);

    const other = await paidDeposit(backend.emulator!);
    const retrying = backend.createClient({ maxNetworkRetries: 2 });
    const both = await Promise.all([
      retrying.refunds.create({ payment_intent: other }, { idempotencyKey: `refund-${other}` }),
      retrying.refunds.create({ payment_intent: other }, { idempotencyKey: `refund-${other}` }),
    ]);
    expect(both[1].id).toBe(both[0].id);
    const refundsOfOther = [...backend.emulator!.webhooks.events()].filter(
      (record) => record.event.type === "refund.created" && (record.event.data.object as { payment_intent?: string }).payment_intent === other,
    );
    expect(refundsOfOther).toHaveLength(1);
  });

  it("knows no refund of an unknown payment intent, an unpaid one, or an unknown id", async () => {
    const unknown = await refusal(stripe.refunds.create({ payment_intent: "pi_3unknown" }));
    expect(unknown).toMatchObject({ statusCode: 404, code: "resource_missing", param: "payment_intent" });

    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } } }],
      success_url: "http://localhost:3000/payment-success",
    });
    expect((await completeSession(backend.emulator!, session.id, { card: "4000 0000 0000 0002" })).status).toBe(402);
    const declinedIntent = [...backend.emulator!.webhooks.events()].find(
      (record) => record.event.type === "payment_intent.payment_failed" && record.event.data.object.object === "payment_intent",
    )!.event.data.object.id;
    const unpaid = await refusal(stripe.refunds.create({ payment_intent: declinedIntent }));
    expect(unpaid).toMatchObject({ statusCode: 400, param: "payment_intent" });

    const missing = await refusal(stripe.refunds.retrieve("re_3unknown"));
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing" });
    const neither = await refusal(stripe.refunds.create({}));
    expect(neither.statusCode).toBe(400);
  });

  it("sends refund.created and charge.refunded, signed, the charge marked refunded in full", async () => {
    const secret = "whsec_refund_events";
    const endpoint = await startWebhookReceiver({ secret });
    opened.push(endpoint);
    const emulator = await createStripeEmulator({
      publicUrl: "http://localhost:3000",
      webhookUrl: endpoint.url,
      webhookSecret: secret,
      retryDelaysMs: [5, 10, 20],
      log: () => {},
    });
    opened.push(emulator);
    const client = emulatorClient(emulator);
    const intent = await paidDeposit(emulator, client);
    const refund = await client.refunds.create({ payment_intent: intent }, { idempotencyKey: "refund-events" });
    await deliveriesSettled(emulator);

    expect(endpoint.rejected).toBe(0);
    const created = endpoint.received.find((received) => received.event.type === "refund.created")!;
    expect(created.event.data.object).toMatchObject({ id: refund.id, object: "refund", amount: 5000, payment_intent: intent });
    expect(created.event.request).toMatchObject({ idempotency_key: "refund-events" });
    const refunded = endpoint.received.find((received) => received.event.type === "charge.refunded")!;
    expect(refunded.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(refunded.event.data.object).toMatchObject({
      id: refund.charge,
      object: "charge",
      amount: 5000,
      amount_refunded: 5000,
      refunded: true,
      payment_intent: intent,
      metadata: { booking_id: "b-9" },
    });
  });
});
