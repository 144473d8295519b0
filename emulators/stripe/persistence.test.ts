import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Stripe from "stripe";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from "./index.ts";
import { completeSession, deliveriesSettled, emulatorClient, events, usingHostedStripe } from "./testing/index.ts";

const directories: string[] = [];
const running: StripeEmulator[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function dataDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "stripe-emulator-"));
  directories.push(directory);
  return directory;
}

async function start(options: Partial<StripeEmulatorOptions>): Promise<{ emulator: StripeEmulator; stripe: Stripe }> {
  const emulator = await createStripeEmulator({ publicUrl: "http://localhost:3000", retryDelaysMs: [5, 10], log: () => {}, ...options });
  running.push(emulator);
  return { emulator, stripe: emulatorClient(emulator) };
}

async function stop(emulator: StripeEmulator): Promise<void> {
  running.splice(running.indexOf(emulator), 1);
  await emulator.close();
}

const deposit = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: "payment",
  line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } } }],
  success_url: "http://localhost:3000/booking/paid?session_id={CHECKOUT_SESSION_ID}",
  metadata: { booking_id: "b-9" },
  ...overrides,
});

describe.skipIf(usingHostedStripe)("an emulator with a data directory", () => {
  it("keeps sessions, payments, idempotency keys and the webhook secret across a restart", async () => {
    const dataDir = dataDirectory();
    const first = await start({ dataDir });
    const open = await first.stripe.checkout.sessions.create(deposit(), { idempotencyKey: "keep-me" });
    const paid = await first.stripe.checkout.sessions.create(deposit());
    await completeSession(first.emulator, paid.id);
    const secret = first.emulator.webhookSecret;
    expect(secret).toMatch(/^whsec_/);
    await stop(first.emulator);

    const files = readdirSync(join(dataDir, "stripe")).sort();
    expect(files).toEqual(["state.json", "webhook-secret"]);
    expect(statSync(join(dataDir, "stripe", "webhook-secret")).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dataDir, "stripe", "state.json"), "utf8")).version).toBe(1);

    const second = await start({ dataDir });
    expect(second.emulator.webhookSecret).toBe(secret);
    expect(await second.stripe.checkout.sessions.retrieve(open.id)).toMatchObject({ status: "open", metadata: { booking_id: "b-9" } });
    const reloaded = await second.stripe.checkout.sessions.retrieve(paid.id, { expand: ["payment_intent"] });
    expect(reloaded).toMatchObject({ status: "complete", payment_status: "paid", payment_intent: { status: "succeeded" } });
    const replayed = await second.stripe.checkout.sessions.create(deposit(), { idempotencyKey: "keep-me" });
    expect(replayed.id).toBe(open.id);
    expect(events(second.emulator, "checkout.session.completed")).toHaveLength(1);
  });

  it("expires a session whose time ran out, when touched and across a restart, firing checkout.session.expired", async () => {
    const dataDir = dataDirectory();
    let clock = Date.parse("2030-01-01T12:00:00Z");
    const now = () => clock;
    const first = await start({ dataDir, now });
    const expiresAt = Math.floor(clock / 1000) + 30 * 60;
    const touched = await first.stripe.checkout.sessions.create(deposit({ expires_at: expiresAt }));
    const untouched = await first.stripe.checkout.sessions.create(deposit({ expires_at: expiresAt + 60 }));

    clock += 31 * 60 * 1000;
    expect((await first.stripe.checkout.sessions.retrieve(touched.id)).status).toBe("expired");
    expect(events(first.emulator, "checkout.session.expired").map((record) => record.event.data.object.id)).toEqual([touched.id]);
    // The page shows it expired and takes no payment.
    expect((await completeSession(first.emulator, touched.id)).status).toBe(410);
    await stop(first.emulator);

    clock += 10 * 60 * 1000;
    const second = await start({ dataDir, now });
    // The start itself expired the other one.
    expect(events(second.emulator, "checkout.session.expired").map((record) => record.event.data.object.id)).toEqual([touched.id, untouched.id]);
    expect((await second.stripe.checkout.sessions.retrieve(untouched.id)).status).toBe("expired");
  });

  it("expires an open session by itself when its time comes, untouched", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const { emulator, stripe } = await start({});
      const session = await stripe.checkout.sessions.create(deposit({ expires_at: Math.floor(Date.now() / 1000) + 30 * 60 }));
      await vi.advanceTimersByTimeAsync(29 * 60 * 1000);
      expect(events(emulator, "checkout.session.expired")).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(2 * 60 * 1000);
      expect(events(emulator, "checkout.session.expired").map((record) => record.event.data.object.id)).toEqual([session.id]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends events still undelivered at shutdown on the next start", async () => {
    const dataDir = dataDirectory();
    const first = await start({
      dataDir,
      webhookUrl: "http://localhost:3000/api/stripe/webhook",
      retryDelaysMs: [60_000],
      deliver: async () => new Response("down", { status: 503 }),
    });
    const session = await first.stripe.checkout.sessions.create(deposit());
    await first.stripe.checkout.sessions.expire(session.id);
    // Wait for the first (failed) attempt, then shut down while the retry waits.
    while (events(first.emulator, "checkout.session.expired")[0]?.delivery.attempts.length !== 1) await new Promise((resolve) => setTimeout(resolve, 5));
    await stop(first.emulator);

    const delivered: string[] = [];
    const second = await start({
      dataDir,
      webhookUrl: "http://localhost:3000/api/stripe/webhook",
      deliver: async (_url, init) => {
        delivered.push(JSON.parse(String(init?.body)).type);
        return new Response("ok");
      },
    });
    await deliveriesSettled(second.emulator);
    expect(delivered).toEqual(["checkout.session.expired"]);
    const [record] = events(second.emulator, "checkout.session.expired");
    expect(record?.delivery.state).toBe("delivered");
    expect(record?.delivery.attempts.map((attempt) => attempt.status)).toEqual([503, 200]);
  });
});

describe.skipIf(usingHostedStripe)("refunds with a data directory", () => {
  it("keep a refund across a restart, so the charge is not refunded twice", async () => {
    const dataDir = dataDirectory();
    const first = await start({ dataDir });
    const session = await first.stripe.checkout.sessions.create(deposit());
    await completeSession(first.emulator, session.id);
    const intent = (await first.stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const refund = await first.stripe.refunds.create({ payment_intent: intent });
    await stop(first.emulator);

    const second = await start({ dataDir });
    expect(await second.stripe.refunds.retrieve(refund.id)).toEqual(refund);
    await expect(second.stripe.refunds.create({ payment_intent: intent })).rejects.toMatchObject({ code: "charge_already_refunded" });
  });

  it("refund a payment kept by a state file written before charges were kept", async () => {
    const dataDir = dataDirectory();
    const first = await start({ dataDir });
    const session = await first.stripe.checkout.sessions.create(deposit());
    await completeSession(first.emulator, session.id);
    const intent = (await first.stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    await stop(first.emulator);
    const file = join(dataDir, "stripe", "state.json");
    const { charges: _charges, refunds: _refunds, ...older } = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify(older));

    const second = await start({ dataDir });
    expect(await second.stripe.refunds.create({ payment_intent: intent })).toMatchObject({ amount: 5000, payment_intent: intent, status: "succeeded" });
  });
});
