import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { BookingRequest, BookingRow } from "../../app/domain/booking.ts";
import { DEPOSIT_CENTS, estimateBooking } from "../../app/domain/pricing.ts";
import { WEBHOOK_BODY_LIMIT_BYTES } from "../../app/routes/api/stripe-webhook.ts";
import type { loader as detailsLoader } from "../../app/routes/dashboard/booking-details.tsx";
import type { loader as paymentSuccessLoader } from "../../app/routes/public/payment-success.tsx";
import { createPayingBrowserCookie, payingBrowserKeyOf } from "../../app/services/paying-browser.server.ts";
import { savedBooking } from "./support/saved-booking.ts";
import { CHECKOUT_REFUSAL_MESSAGES, PAYMENT_MESSAGES, fulfilCheckout, handleStripeEvent, startCheckout } from "../../app/services/payments.server.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import type { StripeEmulator } from "../../emulators/stripe/index.ts";
import { completeSession, deliveriesSettled, startTestStripe, usingHostedStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { TEST_PUBLIC_URL, testAppOptions } from "./support/app-harness.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { sampleBookingRequest } from "./support/booking-request.ts";
import { crewsToSpare } from "./support/crews.ts";

// The deposit's bookkeeping against the embedded Supabase: saving a booking once per draft, fulfilling
// a Checkout Session once however often and however concurrently it is reported, and the webhook's
// signature and redelivery handling. Sessions are shaped as Stripe sends them; no Stripe server is
// needed for fulfilment. The success page and startCheckout talk to a few canned Stripe answers, and
// the later tests to the Stripe emulator (cancelled meanwhile, pressed again, over HTTP). The routes
// are reached through the app's request handler (the production build), as the server reaches them.
// PGlite runs one transaction at a time: tests that start calls "at the same time" interleave the
// calls' requests, never two transactions inside the database. The last test of this file interleaves
// two HTTP requests in the app's handler at the point where both write.

const WEBHOOK_SECRET = "whsec_test_payments";

const request = sampleBookingRequest();

let backend: TestBackend;
let serviceRole: AppSupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  serviceRole = createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch }, backend.serviceRoleKey);
  await crewsToSpare(serviceRole);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

const saveBooking = (overrides: Partial<BookingRequest> = {}) =>
  savedBooking(serviceRole, { request: { ...request, ...overrides }, userId: null, draftId: randomUUID() });

/** A saved booking holding a Checkout Session, as startCheckout leaves it. */
/** The browser these tests come back from Checkout in: its Pay cookie, and the key a booking keeps of it. */
const PAYING_BROWSER_ID = randomUUID();
const payingBrowserCookie = async () =>
  (await createPayingBrowserCookie({ secret: testAppOptions(backend).cookieSecret, secure: false }).serialize(PAYING_BROWSER_ID)).split(";")[0]!;

/** A saved booking with a Checkout Session; `paidFromThisBrowser`: Pay was pressed in the tests' browser. */
async function bookingWithSession({ paidFromThisBrowser = false } = {}): Promise<BookingRow & { stripe_checkout_session_id: string }> {
  const booking = await saveBooking();
  const sessionId = `cs_test_${randomUUID().replaceAll("-", "")}`;
  const { data, error } = await serviceRole
    .from("bookings")
    .update({
      stripe_checkout_session_id: sessionId,
      checkout_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      ...(paidFromThisBrowser ? { hold_browser: payingBrowserKeyOf(testAppOptions(backend).cookieSecret, PAYING_BROWSER_ID) } : {}),
    })
    .eq("id", booking.id)
    .select("*")
    .single();
  if (error) throw error;
  return { ...data, stripe_checkout_session_id: sessionId };
}

/** A Checkout Session as Stripe sends it in checkout.session.completed for a paid $50 deposit. */
function paidSession(booking: BookingRow & { stripe_checkout_session_id: string }, overrides: Partial<Stripe.Checkout.Session> = {}) {
  const created = Math.floor(Date.now() / 1000) - 60;
  return {
    id: booking.stripe_checkout_session_id,
    object: "checkout.session",
    amount_subtotal: 5000,
    amount_total: 5000,
    cancel_url: `${TEST_PUBLIC_URL}/payment-canceled`,
    client_reference_id: booking.id,
    created,
    currency: "usd",
    customer_details: { email: booking.email, name: null, phone: null, address: null, tax_exempt: "none", tax_ids: [] },
    customer_email: booking.email,
    expires_at: created + 3600,
    livemode: false,
    metadata: { booking_id: booking.id },
    mode: "payment",
    payment_intent: `pi_${randomUUID().replaceAll("-", "")}`,
    payment_method_types: ["card"],
    payment_status: "paid",
    status: "complete",
    success_url: `${TEST_PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    url: null,
    ...overrides,
  } as Stripe.Checkout.Session;
}

async function stored(bookingId: string): Promise<BookingRow> {
  const { data, error } = await serviceRole.from("bookings").select("*").eq("id", bookingId).single();
  if (error) throw error;
  return data;
}

async function statusHistory(bookingId: string): Promise<string[]> {
  const rows = await backend.sql<{ status: string }>("select status from public.booking_status_events where booking_id = $1 order by changed_at, id", [
    bookingId,
  ]);
  return rows.map(({ status }) => status);
}

describe.skipIf(usingHostedBackend)("savePendingBooking", () => {
  it("prices the request on the server and stores it pending, with the $50 deposit unpaid", async () => {
    const booking = await saveBooking({ packingService: true, extraMovers: 2 });
    const estimate = estimateBooking({ ...request, packingService: true, extraMovers: 2 });
    expect(booking).toMatchObject({
      full_name: "Pat Payer",
      moving_date: "2027-04-12",
      moving_time: "08:00:00",
      estimated_cost_cents: estimate.totalCents,
      estimated_hours: estimate.hours,
      deposit_amount_cents: DEPOSIT_CENTS,
      deposit_status: "unpaid",
      status: "pending",
      user_id: null,
    });
    expect(await statusHistory(booking.id)).toEqual(["pending"]);
  });

  it("stores a draft once, saved twice one after the other or five times at once", async () => {
    const draftId = randomUUID();
    const save = () => savedBooking(serviceRole, { request, userId: null, draftId });
    const first = await save();
    expect((await save()).id).toBe(first.id);

    // Interleaved requests; PGlite runs their transactions one after the other.
    const otherDraft = randomUUID();
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => savedBooking(serviceRole, { request, userId: null, draftId: otherDraft })));
    expect(new Set(concurrent.map((booking) => booking.id)).size).toBe(1);
    const rows = await backend.sql("select id from public.bookings where draft_id = any($1::uuid[])", [[draftId, otherDraft]]);
    expect(rows).toHaveLength(2);
  });

  it("refuses counters outside their limits before storing anything", async () => {
    const draftId = randomUUID();
    await expect(savedBooking(serviceRole, { request: { ...request, extraMovers: 7 }, userId: null, draftId })).rejects.toThrow(RangeError);
    expect(await backend.sql("select id from public.bookings where draft_id = $1", [draftId])).toEqual([]);
  });
});

describe.skipIf(usingHostedBackend)("fulfilCheckout", () => {
  it("marks the deposit paid and confirms the booking once, however often the session is reported", async () => {
    const booking = await bookingWithSession();
    const session = paidSession(booking);

    const first = await fulfilCheckout(serviceRole, session, { autoConfirm: true });
    expect(first).toMatchObject({ kind: "paid", booking: { id: booking.id, deposit_status: "paid", status: "confirmed" } });
    const paidAt = (await stored(booking.id)).deposit_paid_at;
    expect(paidAt).not.toBeNull();

    const again = await fulfilCheckout(serviceRole, session, { autoConfirm: true });
    expect(again).toMatchObject({ kind: "paid", booking: { id: booking.id, deposit_paid_at: paidAt } });
    expect(await statusHistory(booking.id)).toEqual(["pending", "confirmed"]);
  });

  it("has one effect when the webhook and the success page report the session at the same time", async () => {
    const booking = await bookingWithSession();
    const session = paidSession(booking);
    // Interleaved requests; PGlite runs their transactions one after the other.
    const results = await Promise.all(Array.from({ length: 6 }, () => fulfilCheckout(serviceRole, session, { autoConfirm: true })));
    expect(results.map((result) => result.kind)).toEqual(Array(6).fill("paid"));
    const paidAt = new Set(results.map((result) => (result.kind === "paid" ? result.booking.deposit_paid_at : null)));
    expect(paidAt.size).toBe(1);
    expect(await statusHistory(booking.id)).toEqual(["pending", "confirmed"]);
  });

  it("leaves the booking pending without auto-confirm, and never confirms a cancelled booking", async () => {
    const pending = await bookingWithSession();
    expect(await fulfilCheckout(serviceRole, paidSession(pending), { autoConfirm: false })).toMatchObject({
      kind: "paid",
      booking: { deposit_status: "paid", status: "pending" },
    });
    expect(await statusHistory(pending.id)).toEqual(["pending"]);

    const cancelled = await bookingWithSession();
    await serviceRole.from("bookings").update({ status: "cancelled" }).eq("id", cancelled.id);
    expect(await fulfilCheckout(serviceRole, paidSession(cancelled), { autoConfirm: true })).toMatchObject({
      kind: "paid",
      booking: { deposit_status: "paid", status: "cancelled" },
    });
  });

  it("does not fulfil a payment of another amount or currency", async () => {
    const booking = await bookingWithSession();
    for (const overrides of [{ amount_total: 4999 }, { amount_total: 500_000 }, { amount_total: null }, { currency: "eur" }]) {
      const result = await fulfilCheckout(serviceRole, paidSession(booking, overrides), { autoConfirm: true });
      expect(result, JSON.stringify(overrides)).toMatchObject({ kind: "mismatch" });
    }
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "unpaid", deposit_paid_at: null, status: "pending" });
  });

  it("does not fulfil a session that names another booking, or none", async () => {
    const booking = await bookingWithSession();
    const other = await bookingWithSession();
    const foreign = await fulfilCheckout(serviceRole, paidSession(booking, { metadata: { booking_id: other.id } }), { autoConfirm: true });
    expect(foreign).toMatchObject({ kind: "mismatch" });
    const unnamed = await fulfilCheckout(serviceRole, paidSession(booking, { metadata: {} }), { autoConfirm: true });
    expect(unnamed).toMatchObject({ kind: "mismatch" });
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "unpaid" });
    expect(await stored(other.id)).toMatchObject({ deposit_status: "unpaid" });
  });

  it("waits for a session that is not paid yet, and knows no session no booking holds", async () => {
    const booking = await bookingWithSession();
    const processing = paidSession(booking, { payment_status: "unpaid" });
    expect(await fulfilCheckout(serviceRole, processing, { autoConfirm: true })).toEqual({ kind: "not-paid" });
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "unpaid" });

    const stranger = paidSession(booking, { id: "cs_test_nobody_holds_this" });
    expect(await fulfilCheckout(serviceRole, stranger, { autoConfirm: true })).toEqual({ kind: "unknown-booking" });
  });
});

describe.skipIf(usingHostedBackend)("handleStripeEvent for a checkout that ended unpaid", () => {
  /** The event Stripe sends when the booking's session expired or its delayed payment failed. */
  const endedEvent = (booking: BookingRow & { stripe_checkout_session_id: string }, outcome: "expired" | "failed") =>
    JSON.parse(
      checkoutEvent(
        outcome === "expired" ? "checkout.session.expired" : "checkout.session.async_payment_failed",
        paidSession(booking, { status: outcome === "expired" ? "expired" : "complete", payment_status: "unpaid" }),
      ),
    ) as Stripe.Event;
  const handle = (event: Stripe.Event) => handleStripeEvent(serviceRole, event, { autoConfirm: true });

  it("records an expired or failed checkout on an unpaid booking", async () => {
    const expired = await bookingWithSession();
    expect(await handle(endedEvent(expired, "expired"))).toEqual({
      kind: "checkout-ended",
      sessionId: expired.stripe_checkout_session_id,
      outcome: "expired",
      changed: true,
    });
    expect(await stored(expired.id)).toMatchObject({ deposit_status: "expired", status: "pending" });

    const failed = await bookingWithSession();
    expect(await handle(endedEvent(failed, "failed"))).toMatchObject({ kind: "checkout-ended", outcome: "failed", changed: true });
    expect(await stored(failed.id)).toMatchObject({ deposit_status: "failed" });
  });

  it("never overrides a paid deposit, whatever arrives after the payment", async () => {
    const booking = await bookingWithSession();
    await fulfilCheckout(serviceRole, paidSession(booking), { autoConfirm: true });
    expect(await handle(endedEvent(booking, "expired"))).toMatchObject({ kind: "checkout-ended", changed: false });
    expect(await handle(endedEvent(booking, "failed"))).toMatchObject({ kind: "checkout-ended", changed: false });
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "paid", status: "confirmed" });
  });

  it("ignores a session the booking no longer holds", async () => {
    const booking = await bookingWithSession();
    await serviceRole
      .from("bookings")
      .update({ stripe_checkout_session_id: `cs_test_${randomUUID().replaceAll("-", "")}` })
      .eq("id", booking.id);
    expect(await handle(endedEvent(booking, "expired"))).toMatchObject({ kind: "checkout-ended", changed: false });
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "unpaid" });
  });

  it("handles an event once: a redelivery, one after the other or at the same time, is a duplicate", async () => {
    const booking = await bookingWithSession();
    const event = endedEvent(booking, "expired");
    expect(await handle(event)).toMatchObject({ kind: "checkout-ended", changed: true });
    expect(await handle(event)).toEqual({ kind: "duplicate" });

    const other = await bookingWithSession();
    const concurrent = endedEvent(other, "failed");
    // Interleaved requests; PGlite runs their transactions one after the other.
    const results = await Promise.all(Array.from({ length: 4 }, () => handle(concurrent)));
    expect(results.filter((result) => result.kind !== "duplicate")).toEqual([
      { kind: "checkout-ended", sessionId: other.stripe_checkout_session_id, outcome: "failed", changed: true },
    ]);
  });
});

// The webhook route and the success page, called as React Router calls them --------------------

/** Stripe's API as far as these tests need it: Checkout Sessions kept in a map. */
function cannedStripe() {
  const sessions = new Map<string, Record<string, unknown>>();
  const requests: Array<{ method: string; path: string; form: URLSearchParams; idempotencyKey: string | null }> = [];
  let down = false;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (down) throw new TypeError("fetch failed");
    const call = new Request(input, init);
    const path = new URL(call.url).pathname;
    const form = new URLSearchParams(call.method === "POST" ? await call.text() : "");
    requests.push({ method: call.method, path, form, idempotencyKey: call.headers.get("Idempotency-Key") });
    const json = (body: unknown, status = 200) => Response.json(body, { status });
    const missing = () => json({ error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session" } }, 404);

    if (call.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${randomUUID().replaceAll("-", "")}`;
      const session = {
        id,
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]"),
        metadata: { booking_id: form.get("metadata[booking_id]") },
        expires_at: Number(form.get("expires_at")),
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      sessions.set(id, session);
      return json(session);
    }
    const expire = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (call.method === "POST" && expire) {
      const session = sessions.get(expire[1]!);
      if (!session) return missing();
      Object.assign(session, { status: "expired", url: null });
      return json(session);
    }
    const retrieve = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (call.method === "GET" && retrieve) {
      const session = sessions.get(retrieve[1]!);
      return session ? json(session) : missing();
    }
    return json({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${call.method}: ${path})` } }, 404);
  };
  return {
    sessions,
    requests,
    fetch,
    setDown(value: boolean) {
      down = value;
    },
  };
}

let canned: ReturnType<typeof cannedStripe>;

/**
 * The app against the test backend, with Stripe's API answered by `canned`; `database` stands in for
 * the network to Supabase. A new app each time, as the tests change settings the app caches.
 */
function cannedApp(database: typeof fetch = backend.fetch): Promise<TestApp> {
  return startTestApp(backend, {
    supabase: { url: backend.url, anonKey: backend.anonKey, fetch: database },
    stripe: { secretKey: "sk_test_payments", webhookSecret: WEBHOOK_SECRET, fetch: (input, init) => canned.fetch(input, init) },
  });
}

const signer = new Stripe("sk_test_signer", { telemetry: false, maxNetworkRetries: 0 });

function checkoutEvent(type: string, session: Stripe.Checkout.Session, id = `evt_${randomUUID().replaceAll("-", "")}`) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: session },
  });
}

function delivery(
  payload: string,
  headers: Record<string, string> = { "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
) {
  return new Request(`${TEST_PUBLIC_URL}/api/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: payload });
}

/** Sends Stripe's delivery through the app's request handler (`database` stands in for the network to Supabase). */
async function deliver(webhookRequest: Request, database?: typeof fetch): Promise<Response> {
  return (await cannedApp(database)).handle(webhookRequest);
}

describe.skipIf(usingHostedBackend)("POST /api/stripe/webhook", () => {
  beforeEach(async () => {
    canned = cannedStripe();
    await backend.sql("update public.app_settings set auto_confirm_bookings = true");
  });

  it("fulfils a signed checkout.session.completed, confirming the booking when the settings say so", async () => {
    const booking = await bookingWithSession();
    const response = await deliver(delivery(checkoutEvent("checkout.session.completed", paidSession(booking))));
    expect(response.status).toBe(200);
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "paid", status: "confirmed" });

    await backend.sql("update public.app_settings set auto_confirm_bookings = false");
    const unconfirmed = await bookingWithSession();
    expect((await deliver(delivery(checkoutEvent("checkout.session.async_payment_succeeded", paidSession(unconfirmed))))).status).toBe(200);
    expect(await stored(unconfirmed.id)).toMatchObject({ deposit_status: "paid", status: "pending" });
  });

  it("refuses a delivery without a valid, fresh signature and changes nothing", async () => {
    const booking = await bookingWithSession();
    const eventId = `evt_${randomUUID().replaceAll("-", "")}`;
    const payload = checkoutEvent("checkout.session.completed", paidSession(booking), eventId);
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    const stale = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const signed = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('"amount_total":5000', '"amount_total":5001');

    for (const attempt of [
      delivery(payload, {}),
      delivery(payload, { "Stripe-Signature": wrongSecret }),
      delivery(payload, { "Stripe-Signature": stale }),
      delivery(payload, { "Stripe-Signature": "t=1,v1=deadbeef" }),
      delivery(tampered, { "Stripe-Signature": signed }),
    ]) {
      expect((await deliver(attempt)).status).toBe(400);
    }
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "unpaid", status: "pending" });
    expect(await backend.sql("select 1 from public.stripe_events where event_id = $1", [eventId])).toEqual([]);
  });

  it("handles a redelivered event once: the repeat answers 200 and does nothing", async () => {
    const booking = await bookingWithSession();
    const payload = checkoutEvent("checkout.session.expired", paidSession(booking, { status: "expired", payment_status: "unpaid" }));
    expect((await deliver(delivery(payload))).status).toBe(200);
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "expired" });

    // The customer starts paying again; the old event arrives once more and must not count.
    await serviceRole.from("bookings").update({ deposit_status: "unpaid" }).eq("id", booking.id);
    const repeat = await deliver(delivery(payload));
    expect(repeat.status).toBe(200);
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "unpaid" });
  });

  it("records an event whose handling failed as not handled, so Stripe's retry handles it", async () => {
    const booking = await bookingWithSession();
    const payload = checkoutEvent("checkout.session.completed", paidSession(booking));
    const failingFetch: typeof fetch = (input, init) =>
      new Request(input, init).url.includes("/rpc/apply_stripe_checkout_event") ? Promise.reject(new TypeError("fetch failed")) : backend.fetch(input, init);
    expect((await deliver(delivery(payload), failingFetch)).status).toBe(500);
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "unpaid" });
    expect((await deliver(delivery(payload))).status).toBe(200);
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "paid" });
  });

  it("records a payment that does not match its booking as handled, without paying the booking", async () => {
    const booking = await bookingWithSession();
    const eventId = `evt_${randomUUID().replaceAll("-", "")}`;
    const payload = checkoutEvent("checkout.session.completed", paidSession(booking, { amount_total: 4999 }), eventId);
    expect((await deliver(delivery(payload))).status).toBe(200);
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "unpaid", status: "pending", refund_due_at: null });
    expect(await backend.sql("select event_id from public.stripe_events where event_id = $1", [eventId])).toEqual([{ event_id: eventId }]);
  });

  it("leaves no trace of an event whose handling crashed, so Stripe's retry handles it", async () => {
    const booking = await bookingWithSession();
    const eventId = `evt_${randomUUID().replaceAll("-", "")}`;
    const payload = checkoutEvent("checkout.session.completed", paidSession(booking), eventId);
    // The payment's write fails inside the database, and the server dies with it: once one request has
    // failed, nothing more reaches the database from this process.
    await backend.sql("create function public.refuse_test_payment() returns trigger language plpgsql as $$ begin raise exception 'the server crashed'; end $$");
    await backend.sql(
      `create trigger refuse_test_payment before update on public.bookings for each row when (old.id = '${booking.id}') execute function public.refuse_test_payment()`,
    );
    let crashed = false;
    const crashingFetch: typeof fetch = async (input, init) => {
      if (crashed) throw new TypeError("fetch failed");
      const response = await backend.fetch(input, init);
      if (response.status >= 400) crashed = true;
      return response;
    };
    try {
      expect((await deliver(delivery(payload), crashingFetch)).status).toBe(500);
      expect(crashed).toBe(true);
    } finally {
      await backend.sql("drop trigger refuse_test_payment on public.bookings");
      await backend.sql("drop function public.refuse_test_payment()");
    }
    expect(await backend.sql("select 1 from public.stripe_events where event_id = $1", [eventId])).toEqual([]);
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "unpaid" });

    const retry = checkoutEvent("checkout.session.completed", paidSession(booking), eventId);
    expect((await deliver(delivery(retry))).status).toBe(200);
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "paid", status: "confirmed" });
    expect(await backend.sql("select event_id from public.stripe_events where event_id = $1", [eventId])).toEqual([{ event_id: eventId }]);
  });

  it("answers 200 to event types it does not act on, 413 to oversized bodies and 405 to GET", async () => {
    const ignored = JSON.stringify({ id: `evt_${randomUUID()}`, object: "event", type: "payment_intent.created", data: { object: {} } });
    expect((await deliver(delivery(ignored))).status).toBe(200);

    const oversized = `{"padding":"${"x".repeat(WEBHOOK_BODY_LIMIT_BYTES)}"}`;
    const streamed = new Request(`${TEST_PUBLIC_URL}/api/stripe/webhook`, {
      method: "POST",
      headers: { "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload: oversized, secret: WEBHOOK_SECRET }) },
      body: new Blob([oversized]).stream(),
      duplex: "half",
    } as RequestInit);
    expect((await deliver(streamed)).status).toBe(413);

    const get = await deliver(new Request(`${TEST_PUBLIC_URL}/api/stripe/webhook`));
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});

describe.skipIf(usingHostedBackend)("GET /payment-success", () => {
  beforeEach(async () => {
    canned = cannedStripe();
    await backend.sql("update public.app_settings set auto_confirm_bookings = true");
  });

  /** The payment page as the guest who paid comes back to it from Checkout (not signed in, in the browser that pressed Pay). */
  async function visit(search: string) {
    const guest = (await cannedApp()).visitor();
    const answer = await guest.data(`/payment-success${search}`, { headers: { Cookie: await payingBrowserCookie() } });
    const page = answer.routes["routes/public/payment-success"];
    return { status: answer.status, data: page && "data" in page ? page.data : page, headers: answer.headers };
  }

  /** A booking whose session Stripe reports as given. */
  async function returnedFrom(overrides: Partial<Stripe.Checkout.Session> = {}) {
    const booking = await bookingWithSession({ paidFromThisBrowser: true });
    canned.sessions.set(booking.stripe_checkout_session_id, { ...paidSession(booking), ...overrides });
    return booking;
  }

  it("says so when there is no session id", async () => {
    expect(await visit("")).toMatchObject({ status: 400, data: { kind: "problem", message: "No payment session found" } });
  });

  it("shows the paid booking, once fulfilled however often it is reloaded", async () => {
    const booking = await returnedFrom();
    for (let load = 0; load < 2; load++) {
      const page = await visit(`?session_id=${booking.stripe_checkout_session_id}`);
      expect(page).toMatchObject({
        status: 200,
        data: {
          kind: "paid",
          booking: {
            shortId: booking.id.slice(0, 8),
            fullName: "Pat Payer",
            moveDate: "Monday, April 12, 2027",
            movingTime: "8:00 AM",
            service: "Local move",
            status: "confirmed",
            statusLabel: "Confirmed",
            amountPaid: "$50",
          },
          // A guest's booking: the page offers the signed claim to make it theirs.
          claim: expect.stringMatching(new RegExp(`^${booking.id}\\.\\d{13}\\.`)),
        },
      });
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    }
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "paid", status: "confirmed" });
    expect(await statusHistory(booking.id)).toEqual(["pending", "confirmed"]);
  });

  it("cannot verify a session Stripe does not know, one of no booking, or any while Stripe is unreachable", async () => {
    const unverifiable = { kind: "problem", message: "Unable to verify payment. Please contact support." };
    expect(await visit("?session_id=cs_test_unknown")).toMatchObject({ status: 404, data: unverifiable });
    expect(await visit("?session_id=../../v1/customers")).toMatchObject({ status: 404, data: unverifiable });

    const booking = await returnedFrom();
    canned.setDown(true);
    expect(await visit(`?session_id=${booking.stripe_checkout_session_id}`)).toMatchObject({ status: 502, data: unverifiable });
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "unpaid" });
  });

  it("fails verification for a session not paid, or paid for another amount", async () => {
    const failed = { kind: "problem", message: "Payment verification failed. Please contact support." };
    const unpaid = await returnedFrom({ payment_status: "unpaid" });
    expect(await visit(`?session_id=${unpaid.stripe_checkout_session_id}`)).toMatchObject({ status: 402, data: failed });
    const wrongAmount = await returnedFrom({ amount_total: 100 });
    expect(await visit(`?session_id=${wrongAmount.stripe_checkout_session_id}`)).toMatchObject({ status: 409, data: failed });
    expect(await stored(wrongAmount.id)).toMatchObject({ deposit_status: "unpaid" });
  });
});

describe.skipIf(usingHostedBackend)("GET /payment-success/move.ics", () => {
  /** The calendar file as the browser that paid downloads it. */
  async function calendar(search: string) {
    const request = new Request(`${TEST_PUBLIC_URL}/payment-success/move.ics${search}`, { headers: { Cookie: await payingBrowserCookie() } });
    return (await cannedApp()).handle(request);
  }

  it("gives the paid move as a calendar file, to the browser that paid for it", async () => {
    const booking = await bookingWithSession({ paidFromThisBrowser: true });
    await serviceRole.from("bookings").update({ deposit_status: "paid", deposit_paid_at: new Date().toISOString() }).eq("id", booking.id);
    const response = await calendar(`?session_id=${booking.stripe_checkout_session_id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="move-${booking.moving_date}.ics"`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toContain(`\r\nUID:booking-${booking.id}@${new URL(TEST_PUBLIC_URL).hostname}\r\n`);
  });

  it("is a 404 without a session id, for an unknown one, an unpaid deposit and a cancelled booking", async () => {
    const unpaid = await bookingWithSession({ paidFromThisBrowser: true });
    const cancelled = await bookingWithSession({ paidFromThisBrowser: true });
    await serviceRole.from("bookings").update({ deposit_status: "paid", status: "cancelled" }).eq("id", cancelled.id);
    for (const search of [
      "",
      "?session_id=cs_test_nobody",
      `?session_id=${unpaid.stripe_checkout_session_id}`,
      `?session_id=${cancelled.stripe_checkout_session_id}`,
    ]) {
      expect((await calendar(search)).status, search).toBe(404);
    }
  });
});

describe.skipIf(usingHostedBackend)("startCheckout", () => {
  let stripe: Stripe;

  beforeEach(() => {
    canned = cannedStripe();
    stripe = new Stripe("sk_test_payments", { httpClient: Stripe.createFetchHttpClient(canned.fetch), maxNetworkRetries: 0, telemetry: false });
  });

  it("creates a session of Stripe's shortest lifetime (30 minutes, and a minute for the way there) for the $50 deposit naming the booking, and stores it on the booking", async () => {
    const booking = await saveBooking();
    const before = Math.floor(Date.now() / 1000);
    const result = await startCheckout(stripe, serviceRole, booking, { publicUrl: TEST_PUBLIC_URL, idempotencyKey: "attempt-1" });
    expect(result).toMatchObject({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//) });

    const [create] = canned.requests;
    expect(create).toMatchObject({ method: "POST", path: "/v1/checkout/sessions", idempotencyKey: "attempt-1:first" });
    expect(Object.fromEntries(create!.form)).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "5000",
      "line_items[0][price_data][product_data][name]": "Moving deposit",
      "metadata[booking_id]": booking.id,
      client_reference_id: booking.id,
      "payment_intent_data[metadata][booking_id]": booking.id,
      customer_email: booking.email,
      success_url: `${TEST_PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_PUBLIC_URL}/payment-canceled`,
    });
    const expiresAt = Number(create!.form.get("expires_at"));
    expect(expiresAt - before).toBeGreaterThanOrEqual(31 * 60);
    expect(expiresAt - before).toBeLessThan(31 * 60 + 30);

    const sessionId = [...canned.sessions.keys()][0]!;
    const row = await stored(booking.id);
    expect(row).toMatchObject({ stripe_checkout_session_id: sessionId, deposit_status: "unpaid", deposit_amount_cents: 5000 });
    expect(new Date(row.checkout_expires_at!).getTime()).toBe(expiresAt * 1000);
  });

  it("hands out the open session again instead of creating another, and replaces one that expired", async () => {
    const booking = await saveBooking();
    const first = await startCheckout(stripe, serviceRole, booking, { publicUrl: TEST_PUBLIC_URL, idempotencyKey: "attempt-1" });
    const again = await startCheckout(stripe, serviceRole, await stored(booking.id), { publicUrl: TEST_PUBLIC_URL, idempotencyKey: "attempt-2" });
    expect(again).toEqual(first);
    expect(canned.sessions.size).toBe(1);

    const firstId = [...canned.sessions.keys()][0]!;
    canned.sessions.get(firstId)!.status = "expired";
    await serviceRole.from("bookings").update({ deposit_status: "expired" }).eq("id", booking.id);
    const replaced = await startCheckout(stripe, serviceRole, await stored(booking.id), { publicUrl: TEST_PUBLIC_URL, idempotencyKey: "attempt-1" });
    expect(replaced).not.toEqual(first);
    expect(canned.requests.at(-1)).toMatchObject({ path: "/v1/checkout/sessions", idempotencyKey: `attempt-1:${firstId}` });
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "unpaid" });
    expect((await stored(booking.id)).stripe_checkout_session_id).not.toBe(firstId);
  });

  it("closes a session about to expire before creating its replacement", async () => {
    const booking = await saveBooking();
    await startCheckout(stripe, serviceRole, booking, { publicUrl: TEST_PUBLIC_URL, idempotencyKey: "attempt-1" });
    const firstId = [...canned.sessions.keys()][0]!;
    canned.sessions.get(firstId)!.expires_at = Math.floor(Date.now() / 1000) + 60;
    await startCheckout(stripe, serviceRole, await stored(booking.id), { publicUrl: TEST_PUBLIC_URL, idempotencyKey: "attempt-2" });
    expect(canned.sessions.get(firstId)).toMatchObject({ status: "expired" });
    expect(canned.sessions.size).toBe(2);
  });

  it("refuses to take a deposit twice", async () => {
    const booking = await bookingWithSession();
    await fulfilCheckout(serviceRole, paidSession(booking), { autoConfirm: false });
    const result = await startCheckout(stripe, serviceRole, await stored(booking.id), { publicUrl: TEST_PUBLIC_URL, idempotencyKey: "attempt-1" });
    expect(result).toEqual({ kind: "already-paid" });
    expect(CHECKOUT_REFUSAL_MESSAGES["already-paid"]).toBe(PAYMENT_MESSAGES.alreadyPaid);
    expect(canned.requests).toEqual([]);
  });

  it("reports a session without a checkout address", async () => {
    const booking = await saveBooking();
    const noUrl: typeof fetch = async (input, init) => {
      const response = await canned.fetch(input, init);
      const body = (await response.json()) as Record<string, unknown>;
      return Response.json({ ...body, url: null }, { status: response.status });
    };
    const stripeWithoutUrls = new Stripe("sk_test_payments", { httpClient: Stripe.createFetchHttpClient(noUrl), maxNetworkRetries: 0, telemetry: false });
    const result = await startCheckout(stripeWithoutUrls, serviceRole, booking, { publicUrl: TEST_PUBLIC_URL, idempotencyKey: "attempt-1" });
    expect(result).toEqual({ kind: "no-checkout-url" });
    expect(CHECKOUT_REFUSAL_MESSAGES["no-checkout-url"]).toBe("No checkout URL received");
    expect(await stored(booking.id)).toMatchObject({ stripe_checkout_session_id: null });
  });
});

// Against the Stripe emulator: real Checkout Sessions, paid on its checkout page, their events signed
// and delivered by it to the webhook route -------------------------------------------------------

describe.skipIf(usingHostedBackend || usingHostedStripe)("a deposit paid for a booking cancelled meanwhile", () => {
  let testStripe: TestStripe;
  let emulator: StripeEmulator;
  let app: TestApp;
  let customer: SignedInVisitor;
  /** Webhook deliveries wait for this, so a test can decide when Stripe's event arrives. */
  let deliveriesMayGo: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    testStripe = await startTestStripe({
      webhookUrl: `${TEST_PUBLIC_URL}/api/stripe/webhook`,
      deliver: async (input, init) => {
        await deliveriesMayGo;
        return app.handle(new Request(input, init));
      },
    });
    emulator = testStripe.emulator!;
    app = await startTestApp(backend, { stripe: { secretKey: emulator.secretKey, webhookSecret: emulator.webhookSecret, fetch: emulator.fetch } });
    customer = await signIn(app, "customer", { label: "refund" });
  }, 120_000);

  afterAll(async () => {
    await testStripe?.close();
  });

  /** The customer's booking with an open Checkout Session, paid on Stripe's page while its webhook is held back. */
  async function paidWhileHeldBack(): Promise<{ booking: BookingRow; sessionId: string; letDeliveriesGo: () => void }> {
    await backend.sql("update public.app_settings set auto_confirm_bookings = true");
    const booking = await savedBooking(serviceRole, {
      request: { ...request, email: customer.user.email },
      userId: customer.user.id,
      draftId: randomUUID(),
    });
    const checkout = await startCheckout(testStripe.stripe, serviceRole, booking, { publicUrl: TEST_PUBLIC_URL, idempotencyKey: `deposit-${randomUUID()}` });
    expect(checkout).toMatchObject({ url: expect.any(String) });
    const sessionId = (await stored(booking.id)).stripe_checkout_session_id!;
    let letDeliveriesGo = () => {};
    deliveriesMayGo = new Promise((resolve) => (letDeliveriesGo = resolve));
    expect((await completeSession(emulator, sessionId)).status).toBe(303);
    return { booking, sessionId, letDeliveriesGo };
  }

  async function cancelOnDetailsPage(bookingId: string) {
    expect((await customer.visitor.post(`/dashboard/bookings/${bookingId}`, { intent: "cancel" })).status).toBe(302);
  }

  it("records the payment and marks the deposit for refund when Stripe's webhook arrives after the cancellation", async () => {
    const { booking, letDeliveriesGo } = await paidWhileHeldBack();
    await cancelOnDetailsPage(booking.id);
    expect(await stored(booking.id)).toMatchObject({ status: "cancelled", deposit_status: "unpaid" });

    letDeliveriesGo();
    await deliveriesSettled(emulator);
    const row = await stored(booking.id);
    expect(row).toMatchObject({ status: "cancelled", deposit_status: "paid" });
    expect(row.deposit_paid_at).toEqual(expect.any(String));
    expect(row.refund_due_at).toEqual(expect.any(String));
    expect(await statusHistory(booking.id)).toEqual(["pending", "cancelled"]);

    const details = await customer.visitor.loaderData<Awaited<ReturnType<typeof detailsLoader>>>(
      `/dashboard/bookings/${booking.id}`,
      "routes/dashboard/booking-details",
    );
    expect(details.payment).toMatchObject({ depositLabel: "Refund due", canPay: false });
    expect(details.cancellation).toEqual({ kind: "closed", deposit: "refund-due" });
  });

  it("tells the customer back from Checkout that the booking was cancelled and the deposit will be refunded", async () => {
    const { booking, sessionId, letDeliveriesGo } = await paidWhileHeldBack();
    await cancelOnDetailsPage(booking.id);

    // The booking's owner, signed in.
    const page = await customer.visitor.loaderData<Awaited<ReturnType<typeof paymentSuccessLoader>>>(
      `/payment-success?session_id=${sessionId}`,
      "routes/public/payment-success",
    );
    expect(page).toMatchObject({ kind: "refund-due", booking: { shortId: booking.id.slice(0, 8), amountPaid: "$50" } });
    const row = await stored(booking.id);
    expect(row).toMatchObject({ status: "cancelled", deposit_status: "paid" });
    expect(row.refund_due_at).toEqual(expect.any(String));

    // The webhook comes after the page and finds the deposit recorded: nothing changes twice.
    letDeliveriesGo();
    await deliveriesSettled(emulator);
    expect(await stored(booking.id)).toMatchObject({ deposit_paid_at: row.deposit_paid_at, refund_due_at: row.refund_due_at, status: "cancelled" });
  });
});

describe.skipIf(usingHostedBackend || usingHostedStripe)("one Pay attempt pressed again", () => {
  let testStripe: TestStripe;
  let emulator: StripeEmulator;
  let customer: SignedInVisitor;
  /** What the app's network to Supabase and to Stripe does; each test may stand in for either. */
  let database: typeof fetch;
  let stripeNetwork: typeof fetch;

  beforeAll(async () => {
    testStripe = await startTestStripe();
    emulator = testStripe.emulator!;
    database = backend.fetch;
    stripeNetwork = emulator.fetch;
    // The app with Stripe answered by the emulator, which refuses a reused idempotency key with another body as Stripe does.
    const app = await startTestApp(backend, {
      supabase: { url: backend.url, anonKey: backend.anonKey, fetch: (input, init) => database(input, init) },
      stripe: { secretKey: emulator.secretKey, webhookSecret: emulator.webhookSecret, fetch: (input, init) => stripeNetwork(input, init) },
    });
    customer = await signIn(app, "customer", { label: "press-again" });
  }, 120_000);

  afterEach(() => {
    vi.useRealTimers();
    database = backend.fetch;
    stripeNetwork = emulator.fetch;
  });

  afterAll(async () => {
    await testStripe?.close();
  });

  const unpaidBooking = () =>
    savedBooking(serviceRole, { request: { ...request, email: customer.user.email }, userId: customer.user.id, draftId: randomUUID() });

  /** 'Pay deposit' on the booking's card, as the browser posts it: the page's attempt id and where to come back. */
  async function pressPay(bookingId: string, attempt: string) {
    const answer = await customer.visitor.post(`/dashboard/bookings/${bookingId}/pay`, { attempt, returnTo: "/dashboard" });
    const toast = answer.location?.startsWith("/") ? await customer.visitor.toast(answer.location) : null;
    return { status: answer.status, location: answer.location, toast };
  }

  it("sends both presses of one attempt, two seconds apart, to the same Checkout before the first stored its session", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const booking = await unpaidBooking();
    const attempt = randomUUID();

    // The first press's Checkout Session is made, but its write to the booking is slow.
    let firstStoreReached!: () => void;
    const firstStoreHeld = new Promise<void>((resolve) => (firstStoreReached = resolve));
    let releaseFirstStore!: () => void;
    const firstStoreReleased = new Promise<void>((resolve) => (releaseFirstStore = resolve));
    const slowStore: typeof fetch = async (input, init) => {
      const call = new Request(input, init);
      if (call.method === "PATCH" && new URL(call.url).pathname === "/rest/v1/bookings") {
        firstStoreReached();
        await firstStoreReleased;
      }
      return backend.fetch(input, init);
    };
    database = slowStore;
    const first = pressPay(booking.id, attempt);
    await firstStoreHeld;
    database = backend.fetch;

    vi.setSystemTime(Date.now() + 2_000);
    const second = await pressPay(booking.id, attempt);
    releaseFirstStore();

    expect(second).toMatchObject({ status: 303, toast: null });
    expect(second.location).toMatch(/\/_stripe\/checkout\/cs_test_/);
    expect(await first).toMatchObject({ status: 303, location: second.location, toast: null });
    const sessionId = (await stored(booking.id)).stripe_checkout_session_id!;
    expect(second.location).toContain(sessionId);
    expect((await testStripe.stripe.checkout.sessions.retrieve(sessionId)).status).toBe("open");
  });

  it("gives a page whose attempt was first pressed long ago a session that still runs for half an hour at least", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const booking = await unpaidBooking();
    const attempt = randomUUID();

    // The first press finds Stripe unreachable; the customer presses again 50 minutes later.
    stripeNetwork = () => Promise.reject(new TypeError("fetch failed"));
    const unreachable = await pressPay(booking.id, attempt);
    stripeNetwork = emulator.fetch;
    expect(unreachable).toMatchObject({ status: 303, location: "/dashboard", toast: { title: "Payment Error" } });

    vi.setSystemTime(Date.now() + 50 * 60_000);
    const later = await pressPay(booking.id, attempt);
    expect(later).toMatchObject({ status: 303, toast: null });
    const session = await testStripe.stripe.checkout.sessions.retrieve((await stored(booking.id)).stripe_checkout_session_id!);
    expect(session.status).toBe("open");
    expect(session.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(30 * 60);
  });
});

// Through the app's own HTTP handler --------------------------------------------------------------
// PGlite runs one transaction at a time, so the "at the same time" tests above interleave requests,
// never statements inside the database. This one interleaves two requests in the app's request
// handler (the production build, with every route and its middleware): both are held at their
// write to the deposit until both have got there, so each has read the booking unpaid and tries to
// mark it paid.

describe.skipIf(usingHostedBackend || usingHostedStripe)("the webhook and the success page in flight at once, over HTTP", () => {
  let testStripe: TestStripe;
  let emulator: StripeEmulator;
  let app: TestApp;
  /** Signed deliveries the emulator made, kept instead of sent: the test sends them. */
  const heldDeliveries: Request[] = [];
  /** Writes to the deposit wait here until `expected` of them have arrived. */
  let depositWrites = { expected: 0, arrived: 0, release: () => {}, released: Promise.resolve() };

  const atDepositWrite: typeof fetch = async (input, init) => {
    const path = new URL(new Request(input, init).url).pathname;
    if (path === "/rest/v1/rpc/mark_deposit_paid" || path === "/rest/v1/rpc/apply_stripe_checkout_event") {
      depositWrites.arrived += 1;
      if (depositWrites.arrived === depositWrites.expected) depositWrites.release();
      await depositWrites.released;
    }
    return backend.fetch(input, init);
  };

  beforeAll(async () => {
    testStripe = await startTestStripe({
      webhookUrl: `${TEST_PUBLIC_URL}/api/stripe/webhook`,
      deliver: async (input, init) => {
        heldDeliveries.push(new Request(input, init));
        return new Response(null, { status: 200 });
      },
    });
    emulator = testStripe.emulator!;
    app = await startTestApp(backend, {
      supabase: { url: backend.url, anonKey: backend.anonKey, fetch: atDepositWrite },
      stripe: { secretKey: emulator.secretKey, webhookSecret: emulator.webhookSecret, fetch: emulator.fetch },
    });
  }, 120_000);

  afterAll(async () => {
    await testStripe?.close();
  });

  it("marks the deposit paid once, with one session, when both report the payment together", async () => {
    await backend.sql("update public.app_settings set auto_confirm_bookings = true");
    const booking = await saveBooking();
    // Pay was pressed in the browser that comes back to the payment page.
    await serviceRole
      .from("bookings")
      .update({ hold_browser: payingBrowserKeyOf(testAppOptions(backend).cookieSecret, PAYING_BROWSER_ID) })
      .eq("id", booking.id);
    expect(
      await startCheckout(testStripe.stripe, serviceRole, booking, { publicUrl: TEST_PUBLIC_URL, idempotencyKey: `deposit-${randomUUID()}` }),
    ).toMatchObject({
      url: expect.any(String),
    });
    const sessionId = (await stored(booking.id)).stripe_checkout_session_id!;
    expect((await completeSession(emulator, sessionId)).status).toBe(303);
    await deliveriesSettled(emulator);
    const deliveries = await Promise.all(heldDeliveries.map(async (delivery) => ({ delivery, payload: await delivery.clone().text() })));
    const matching = deliveries.filter(({ payload }) => (JSON.parse(payload) as Stripe.Event).type === "checkout.session.completed");
    expect(matching).toHaveLength(1);
    const { delivery: completed, payload } = matching[0]!;
    expect(JSON.parse(payload)).toMatchObject({ data: { object: { id: sessionId } } });

    let release!: () => void;
    depositWrites = { expected: 2, arrived: 0, release: () => release(), released: new Promise<void>((resolve) => (release = resolve)) };
    const [webhook, successPage] = await Promise.all([
      app.handle(
        new Request(`${TEST_PUBLIC_URL}/api/stripe/webhook`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": completed.headers.get("Stripe-Signature")! },
          body: payload,
        }),
      ),
      app.visitor().send(new Request(`${TEST_PUBLIC_URL}/payment-success?session_id=${sessionId}`, { headers: { Cookie: await payingBrowserCookie() } })),
    ]);
    expect(depositWrites.arrived).toBe(2);
    expect(webhook.status).toBe(200);
    expect(successPage.status).toBe(200);
    expect(await successPage.text()).toContain("Payment Successful");

    const row = await stored(booking.id);
    expect(row).toMatchObject({ deposit_status: "paid", status: "confirmed", stripe_checkout_session_id: sessionId, refund_due_at: null });
    expect(await statusHistory(booking.id)).toEqual(["pending", "confirmed"]);
    expect(await backend.sql("select type from public.stripe_events where event_id = $1", [JSON.parse(payload).id])).toEqual([
      { type: "checkout.session.completed" },
    ]);
    expect((await testStripe.stripe.checkout.sessions.retrieve(sessionId)).payment_status).toBe("paid");
  });
});
