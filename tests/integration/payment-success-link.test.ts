import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppOptions } from "../../app/load-context.ts";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { readBookingClaim } from "../../app/services/booking-claims.server.ts";
import { completeSession, startTestStripe, usingHostedStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { startTestApp, type TestApp, type Visitor } from "./support/app-client.ts";

// The page Checkout sends a guest back to (/payment-success?session_id=…) shows the booking, and
// offers to make it theirs, to the browser that pressed Pay, shortly after paying; a forwarded link,
// a browser's history or a log line gives nobody else the booking or its customer's details. The
// wizard's forms are posted, and the page and its calendar file asked for, through the app's request
// handler, as a browser does.

let backend: TestBackend;
let stripe: TestStripe;
let app: TestApp;

/** The app's options against the Stripe emulator. */
const withStripe = (): Partial<AppOptions> => ({
  stripe: { secretKey: stripe.secretKey, webhookSecret: "whsec_test_success_link", fetch: stripe.emulator?.fetch },
});

beforeAll(async () => {
  [backend, stripe] = await Promise.all([startTestBackend(), startTestStripe()]);
  app = await startTestApp(backend, withStripe());
});

afterAll(async () => {
  await Promise.all([backend?.close(), stripe?.close()]);
});

let dayCounter = 0;
const freshDay = () => addDays(todayIn(COMPANY.timeZone), 60 + dayCounter++);

/** Posts one wizard step's form as a browser without JavaScript does, and expects it to move on. */
async function answerStep(visitor: Visitor, step: string | undefined, form: Record<string, string>, status = 302) {
  const answer = await visitor.post(step ? `/book/${step}` : "/book", form);
  expect(answer.status, `the ${step ?? "contact"} step's answer: ${answer.text.slice(0, 300)}`).toBe(status);
  return answer;
}

const CUSTOMER = { fullName: "Gwen Guest", from: "41 Private Ln, Atlanta", to: "42 Secret Rd, Decatur" };

/** A guest's wizard from contact to Pay, then the card on the Checkout page: the session id. */
async function guestPays(visitor: Visitor, email: string): Promise<string> {
  await answerStep(visitor, undefined, { intent: "continue", fullName: CUSTOMER.fullName, email, phone: "(404) 555-0161" });
  await answerStep(visitor, "details", {
    intent: "continue",
    date: freshDay(),
    time: "08:00",
    fromAddress: CUSTOMER.from,
    toAddress: CUSTOMER.to,
    propertySize: "studio",
  });
  await answerStep(visitor, "team", { intent: "continue", teamType: "elite" });
  await answerStep(visitor, "service", { intent: "continue", serviceType: "local" });
  await answerStep(visitor, "addons", { intent: "continue", extraMovers: "0", tvMounting: "0", deepCleaningBedrooms: "0" });
  await answerStep(visitor, "review", { intent: "pay", attempt: crypto.randomUUID() }, 303);
  const [row] = await backend.sql<{ stripe_checkout_session_id: string }>("select stripe_checkout_session_id from public.bookings where email = $1", [email]);
  expect((await completeSession(stripe.emulator!, row!.stripe_checkout_session_id)).status).toBe(303);
  return row!.stripe_checkout_session_id;
}

const successPath = (sessionId: string) => `/payment-success?session_id=${encodeURIComponent(sessionId)}`;
/** The payment page's data as the visitor's router loads it. */
const open = (visitor: Visitor, sessionId: string) => visitor.load(successPath(sessionId), "routes/public/payment-success");

/** Whether anything the page was given names the customer. */
function namesTheCustomer(value: unknown, email: string): boolean {
  const text = JSON.stringify(value);
  return [CUSTOMER.fullName, email, CUSTOMER.from, CUSTOMER.to].some((personal) => text.includes(personal));
}

const claimOf = (value: unknown) => (value as { claim?: string | null }).claim ?? null;

describe.skipIf(usingHostedBackend || usingHostedStripe)("the payment page's link", () => {
  it("shows the booking and offers the claim to the browser that pressed Pay, and to another browser neither", async () => {
    const email = uniqueEmail("success-link");
    const payer = app.visitor();
    const sessionId = await guestPays(payer, email);

    const own = await open(payer, sessionId);
    expect(own.status).toBe(200);
    expect(own.value).toMatchObject({ kind: "paid", booking: { fullName: CUSTOMER.fullName, email, from: CUSTOMER.from } });
    expect(readBookingClaim(app.services.cookieSecret, claimOf(own.value))).toMatch(/^[0-9a-f-]{36}$/);

    const stranger = app.visitor({ clientIp: "192.0.2.77" });
    const forwarded = await open(stranger, sessionId);
    expect(forwarded.status).toBe(200);
    expect(forwarded.value).toMatchObject({ kind: "received" });
    expect(namesTheCustomer(forwarded.value, email)).toBe(false);
    expect(claimOf(forwarded.value)).toBeNull();
    // Nor does the calendar file, which names the addresses.
    expect((await stranger.get(`/payment-success/move.ics?session_id=${sessionId}`)).status).toBe(404);
    expect((await payer.get(`/payment-success/move.ics?session_id=${sessionId}`)).status).toBe(200);
  });

  it("offers no claim to anyone an hour after the payment, not even the paying browser", async () => {
    const email = uniqueEmail("success-late");
    const payer = app.visitor();
    const sessionId = await guestPays(payer, email);
    expect(claimOf((await open(payer, sessionId)).value)).not.toBeNull();

    await backend.sql("update public.bookings set deposit_paid_at = deposit_paid_at - interval '61 minutes' where email = $1", [email]);
    const late = await open(payer, sessionId);
    expect(late.status).toBe(200);
    expect(claimOf(late.value)).toBeNull();
    expect(claimOf((await open(app.visitor(), sessionId)).value)).toBeNull();
  });

  it("writes no Checkout Session id into the request's log lines", async () => {
    const email = uniqueEmail("success-log");
    const payer = app.visitor();
    const sessionId = await guestPays(payer, email);
    // A session of no booking (unpaid, made here) is logged as a warning, without the session's id.
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
    // A server of its own, logging at debug level into `lines`; a visitor with no cookies opens each link.
    const logged = await startTestApp(backend, withStripe(), { logger: pino({ level: "debug" }, sink) });
    const visitor = logged.visitor();
    for (const id of [sessionId, unpaid.id, "cs_test_unknownSessionOfNoBooking"]) {
      // The page's answer does not matter here, only what was logged.
      await visitor.get(successPath(id));
    }
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join("");
    for (const id of [sessionId, unpaid.id, "cs_test_unknownSessionOfNoBooking"]) expect(log).not.toContain(id);
  });
});
