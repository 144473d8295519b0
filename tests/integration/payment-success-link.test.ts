import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../app/context.ts";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { createAppServices, createRequestContext } from "../../app/load-context.ts";
import { loader as calendarLoader } from "../../app/routes/public/move-calendar.ts";
import { loader as successLoader } from "../../app/routes/public/payment-success.tsx";
import { readBookingClaim } from "../../app/services/booking-claims.server.ts";
import { completeSession, startTestStripe, usingHostedStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { TEST_PUBLIC_URL, testAppOptions } from "./support/app-harness.ts";
import { createTestBrowser, type TestBrowser } from "./support/browser.ts";
import { stepAction as wizardAction } from "./support/wizard-route.ts";

// The page Checkout sends a guest back to (/payment-success?session_id=…) shows the booking, and
// offers to make it theirs, to the browser that pressed Pay, shortly after paying; a forwarded link,
// a browser's history or a log line gives nobody else the booking or its customer's details.

let backend: TestBackend;
let stripe: TestStripe;
let services: AppServices;

beforeAll(async () => {
  [backend, stripe] = await Promise.all([startTestBackend(), startTestStripe()]);
  services = createAppServices(
    testAppOptions(backend, {
      stripe: { secretKey: stripe.secretKey, webhookSecret: "whsec_test_success_link", fetch: stripe.emulator?.fetch },
    }),
  );
});

afterAll(async () => {
  await Promise.all([backend?.close(), stripe?.close()]);
});

let dayCounter = 0;
const freshDay = () => addDays(todayIn(COMPANY.timeZone), 60 + dayCounter++);

const post = (browser: TestBrowser, step: string | undefined, form: Record<string, string>) =>
  browser.post(step ? `/book/${step}` : "/book", wizardAction, form, { step });

const CUSTOMER = { fullName: "Gwen Guest", from: "41 Private Ln, Atlanta", to: "42 Secret Rd, Decatur" };

/** A guest's wizard from contact to Pay, then the card on the Checkout page: the session id. */
async function guestPays(browser: TestBrowser, email: string): Promise<string> {
  await post(browser, undefined, { intent: "continue", fullName: CUSTOMER.fullName, email, phone: "(404) 555-0161" });
  await post(browser, "details", {
    intent: "continue",
    date: freshDay(),
    time: "08:00",
    fromAddress: CUSTOMER.from,
    toAddress: CUSTOMER.to,
    propertySize: "studio",
  });
  await post(browser, "team", { intent: "continue", teamType: "elite" });
  await post(browser, "service", { intent: "continue", serviceType: "local" });
  await post(browser, "addons", { intent: "continue", extraMovers: "0", tvMounting: "0", deepCleaningBedrooms: "0" });
  expect((await post(browser, "review", { intent: "pay", attempt: crypto.randomUUID() })).status).toBe(303);
  const [row] = await backend.sql<{ stripe_checkout_session_id: string }>("select stripe_checkout_session_id from public.bookings where email = $1", [email]);
  expect((await completeSession(stripe.emulator!, row!.stripe_checkout_session_id)).status).toBe(303);
  return row!.stripe_checkout_session_id;
}

const successPath = (sessionId: string) => `/payment-success?session_id=${encodeURIComponent(sessionId)}`;
const open = (browser: TestBrowser, sessionId: string) => browser.get(successPath(sessionId), successLoader);

/** Whether anything the page was given names the customer. */
function namesTheCustomer(value: unknown, email: string): boolean {
  const text = JSON.stringify(value);
  return [CUSTOMER.fullName, email, CUSTOMER.from, CUSTOMER.to].some((personal) => text.includes(personal));
}

const claimOf = (value: unknown) => (value as { claim?: string | null }).claim ?? null;

describe.skipIf(usingHostedBackend || usingHostedStripe)("the payment page's link", () => {
  it("shows the booking and offers the claim to the browser that pressed Pay, and to another browser neither", async () => {
    const email = uniqueEmail("success-link");
    const payer = createTestBrowser(services);
    const sessionId = await guestPays(payer, email);

    const own = await open(payer, sessionId);
    expect(own.status).toBe(200);
    expect(own.value).toMatchObject({ kind: "paid", booking: { fullName: CUSTOMER.fullName, email, from: CUSTOMER.from } });
    expect(readBookingClaim(services.cookieSecret, claimOf(own.value))).toMatch(/^[0-9a-f-]{36}$/);

    const stranger = createTestBrowser(services, { clientIp: "192.0.2.77" });
    const forwarded = await open(stranger, sessionId);
    expect(forwarded.status).toBe(200);
    expect(forwarded.value).toMatchObject({ kind: "received" });
    expect(namesTheCustomer(forwarded.value, email)).toBe(false);
    expect(claimOf(forwarded.value)).toBeNull();
    // Nor does the calendar file, which names the addresses.
    expect((await stranger.get(`/payment-success/move.ics?session_id=${sessionId}`, calendarLoader)).status).toBe(404);
    expect((await payer.get(`/payment-success/move.ics?session_id=${sessionId}`, calendarLoader)).status).toBe(200);
  });

  it("offers no claim to anyone an hour after the payment, not even the paying browser", async () => {
    const email = uniqueEmail("success-late");
    const payer = createTestBrowser(services);
    const sessionId = await guestPays(payer, email);
    expect(claimOf((await open(payer, sessionId)).value)).not.toBeNull();

    await backend.sql("update public.bookings set deposit_paid_at = deposit_paid_at - interval '61 minutes' where email = $1", [email]);
    const late = await open(payer, sessionId);
    expect(late.status).toBe(200);
    expect(claimOf(late.value)).toBeNull();
    expect(claimOf((await open(createTestBrowser(services), sessionId)).value)).toBeNull();
  });

  it("writes no Checkout Session id into the request's log lines", async () => {
    const email = uniqueEmail("success-log");
    const payer = createTestBrowser(services);
    const sessionId = await guestPays(payer, email);
    // An unpaid session is logged as a warning: with the booking, not the session's id.
    const unpaid = await stripe.stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } } }],
      success_url: `${TEST_PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    });
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    for (const id of [sessionId, unpaid.id, "cs_test_unknownSessionOfNoBooking"]) {
      const context = createRequestContext(services, { logger: pino({ level: "debug" }, sink), cspNonce: "nonce", clientIp: "127.0.0.1" });
      const { sessionMiddleware } = await import("../../app/middleware/session.server.ts");
      const request = new Request(`${TEST_PUBLIC_URL}${successPath(id)}`);
      const args = { request, url: new URL(request.url), pattern: "", params: {}, context };
      await sessionMiddleware(
        args as never,
        (async () => {
          try {
            await (successLoader as (args: unknown) => Promise<unknown>)(args);
          } catch {
            // The page's answer does not matter here, only what was logged.
          }
          return new Response(null);
        }) as never,
      );
    }
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join("");
    for (const id of [sessionId, unpaid.id, "cs_test_unknownSessionOfNoBooking"]) expect(log).not.toContain(id);
  });
});
