import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import type { StripeEmulator, StripeEmulatorOptions } from "./index.ts";
import {
  completeSession,
  deliveriesSettled,
  emulatorClient,
  events,
  expireSession,
  redeliver,
  startWebhookReceiver,
  usingHostedStripe,
  type WebhookReceiver,
} from "./testing/index.ts";
import { createStripeEmulator } from "./index.ts";

// Deliveries need the emulator: a real Stripe account cannot reach a local endpoint.
const verifier = new Stripe("sk_test_verifier", { telemetry: false });
const opened: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((resource) => resource.close()));
});

async function start(options: Partial<StripeEmulatorOptions> = {}): Promise<{ emulator: StripeEmulator; stripe: Stripe }> {
  const emulator = await createStripeEmulator({
    publicUrl: "http://localhost:3000",
    webhookUrl: "http://localhost:3000/api/stripe/webhook",
    retryDelaysMs: [5, 10, 20],
    log: () => {},
    ...options,
  });
  opened.push(emulator);
  return { emulator, stripe: emulatorClient(emulator) };
}

async function receiver(options: Parameters<typeof startWebhookReceiver>[0]): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(options);
  opened.push(started);
  return started;
}

function createDeposit(stripe: Stripe) {
  return stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } } }],
    success_url: "http://localhost:3000/booking/paid?session_id={CHECKOUT_SESSION_ID}",
    metadata: { booking_id: "b-7" },
    payment_intent_data: { metadata: { booking_id: "b-7" } },
  });
}

describe.skipIf(usingHostedStripe)("webhook deliveries", () => {
  it("POSTs each event to a real endpoint, signed so that stripe.webhooks.constructEvent accepts it", async () => {
    const secret = "whsec_test_secret_for_the_receiver";
    const endpoint = await receiver({ secret });
    const { emulator, stripe } = await start({ webhookUrl: endpoint.url, webhookSecret: secret, deliver: undefined });
    expect(emulator.webhookSecret).toBe(secret);
    const session = await createDeposit(stripe);
    expect((await completeSession(emulator, session.id)).status).toBe(303);
    await deliveriesSettled(emulator);

    expect(endpoint.rejected).toBe(0);
    expect(endpoint.received.map((received) => received.event.type)).toEqual(
      expect.arrayContaining(["payment_intent.created", "payment_intent.succeeded", "checkout.session.completed"]),
    );
    const completed = endpoint.received.find((received) => received.event.type === "checkout.session.completed")!;
    expect(completed.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(completed.event).toMatchObject({
      object: "event",
      api_version: "2026-10-28.endive",
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: session.id, object: "checkout.session", status: "complete", payment_status: "paid", metadata: { booking_id: "b-7" } } },
    });
    expect(completed.event.id).toMatch(/^evt_/);
    expect(() => verifier.webhooks.constructEvent(completed.raw, completed.signature, "whsec_another_secret")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    // Retrievable through the API, no longer pending.
    const retrieved = await stripe.events.retrieve(completed.event.id);
    expect(retrieved).toMatchObject({ id: completed.event.id, type: "checkout.session.completed", pending_webhooks: 0 });
  });

  it("retries while the endpoint answers 500: twice 500 then 200 makes three deliveries", async () => {
    const answers = new Map<string, number>();
    const attempts: string[] = [];
    const { emulator, stripe } = await start({
      webhookSecret: "whsec_retry",
      deliver: async (_url, init) => {
        const event = verifier.webhooks.constructEvent(String(init?.body), new Headers(init?.headers).get("stripe-signature")!, "whsec_retry");
        if (event.type !== "checkout.session.completed") return new Response(null, { status: 200 });
        attempts.push(event.id);
        const seen = (answers.get(event.id) ?? 0) + 1;
        answers.set(event.id, seen);
        return new Response(null, { status: seen <= 2 ? 500 : 200 });
      },
    });
    const session = await createDeposit(stripe);
    await completeSession(emulator, session.id);
    await deliveriesSettled(emulator);

    expect(attempts).toHaveLength(3);
    expect(new Set(attempts).size).toBe(1);
    const [record] = events(emulator, "checkout.session.completed");
    expect(record?.delivery.state).toBe("delivered");
    expect(record?.delivery.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
  });

  it("gives up after the last retry when the endpoint cannot be reached, and logs no secret", async () => {
    const logged: Array<{ level: string; fields: Record<string, unknown> }> = [];
    const { emulator, stripe } = await start({
      webhookUrl: "http://127.0.0.1:9/webhook?token=hush",
      webhookSecret: "whsec_quiet",
      deliver: async () => {
        throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
      },
      log: (level, _message, fields) => logged.push({ level, fields }),
    });
    const session = await createDeposit(stripe);
    await expireSession(emulator, session.id);
    await deliveriesSettled(emulator);

    const [record] = events(emulator, "checkout.session.expired");
    expect(record?.delivery.state).toBe("failed");
    expect(record?.delivery.attempts).toHaveLength(4);
    expect(record?.delivery.attempts.every((attempt) => attempt.status === null && attempt.error === "ECONNREFUSED")).toBe(true);
    const warnings = logged.filter((entry) => entry.level === "warn");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.fields).toMatchObject({ event: record?.event.id, endpoint: "http://127.0.0.1:9/webhook", attempts: 4 });
    const everything = JSON.stringify(logged);
    expect(everything).not.toContain("whsec_quiet");
    expect(everything).not.toContain("hush");
  });

  it("fires checkout.session.expired when a session is expired through the API, naming the request", async () => {
    const delivered: Stripe.Event[] = [];
    const { emulator, stripe } = await start({
      webhookSecret: "whsec_expire",
      deliver: async (_url, init) => {
        delivered.push(verifier.webhooks.constructEvent(String(init?.body), new Headers(init?.headers).get("stripe-signature")!, "whsec_expire"));
        return new Response("ok");
      },
    });
    const session = await createDeposit(stripe);
    await stripe.checkout.sessions.expire(session.id, undefined, { idempotencyKey: "expire-once" });
    await deliveriesSettled(emulator);
    const expired = delivered.filter((event) => event.type === "checkout.session.expired");
    expect(expired).toHaveLength(1);
    expect(expired[0]?.data.object).toMatchObject({ id: session.id, status: "expired" });
    expect(expired[0]?.request).toMatchObject({ id: expect.stringMatching(/^req_/), idempotency_key: "expire-once" });
  });

  it("fires payment_intent.payment_failed with the payment intent's metadata on a decline", async () => {
    const { emulator, stripe } = await start({ deliver: async () => new Response("ok") });
    const session = await createDeposit(stripe);
    await completeSession(emulator, session.id, { card: "4000000000009995" });
    await deliveriesSettled(emulator);
    const [failed] = events(emulator, "payment_intent.payment_failed");
    expect(failed?.delivery.state).toBe("delivered");
    expect(failed?.event.data.object).toMatchObject({ object: "payment_intent", metadata: { booking_id: "b-7" } });
  });

  it("redelivers an event on request, with the same id", async () => {
    const ids: string[] = [];
    const { emulator, stripe } = await start({
      deliver: async (_url, init) => {
        ids.push(JSON.parse(String(init?.body)).id);
        return new Response("ok");
      },
    });
    const session = await createDeposit(stripe);
    await expireSession(emulator, session.id);
    await deliveriesSettled(emulator);
    const [record] = events(emulator, "checkout.session.expired");
    const again = await redeliver(emulator, record!.event.id);
    expect(again.delivery.state).toBe("delivered");
    expect(again.delivery.attempts).toHaveLength(2);
    expect(ids.filter((id) => id === record!.event.id)).toHaveLength(2);
  });

  it("never holds up the customer's redirect, and close() does not wait for a stuck endpoint", async () => {
    let release: (() => void) | undefined;
    const { emulator, stripe } = await start({
      // close() gives an attempt in flight at most this long.
      deliveryTimeoutMs: 300,
      deliver: (_url, init) =>
        new Promise<Response>((resolve, reject) => {
          release = () => resolve(new Response("late"));
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    });
    const session = await createDeposit(stripe);
    const result = await completeSession(emulator, session.id);
    expect(result.status).toBe(303);
    expect(release).toBeDefined();
    const started = performance.now();
    await emulator.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(events(emulator).some((record) => record.delivery.state === "pending")).toBe(true);
  });

  it("only records events when no webhook URL is set", async () => {
    const { emulator, stripe } = await start({ webhookUrl: undefined });
    const session = await createDeposit(stripe);
    await expireSession(emulator, session.id);
    const [record] = events(emulator, "checkout.session.expired");
    expect(record?.delivery).toMatchObject({ state: "none", attempts: [] });
    expect(record?.event.pending_webhooks).toBe(0);
  });
});
