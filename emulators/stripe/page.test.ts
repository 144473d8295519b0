import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StripeEmulator } from "./index.ts";
import { completeSession, events, startTestStripe, usingHostedStripe, type TestStripe } from "./testing/index.ts";

// The hosted checkout page needs the emulator: a real Stripe page cannot be driven without a browser.
describe.skipIf(usingHostedStripe)("the hosted checkout page", () => {
  let backend: TestStripe;
  let emulator: StripeEmulator;
  let stripe: Stripe;

  beforeAll(async () => {
    backend = await startTestStripe({ businessName: "Swift Movers" });
    emulator = backend.emulator!;
    stripe = backend.stripe;
  });

  afterAll(async () => {
    await backend.close();
  });

  function createDeposit(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
    return stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } } }],
      success_url: "http://localhost:3000/booking/paid?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/booking/cancelled",
      customer_email: "ada@example.com",
      metadata: { booking_id: "b-1" },
      payment_intent_data: { metadata: { booking_id: "b-1" } },
      ...overrides,
    });
  }

  async function open(url: string, init?: RequestInit): Promise<Response> {
    return emulator.handle(new Request(url, init));
  }

  /** The page's text with the HTML escapes the page uses undone. */
  function decoded(html: string): string {
    return html.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
  }

  it("serves pages only through handlePage: the API, reached by a path that resolves to it, is a plain 404", async () => {
    const secret = { authorization: `Bearer ${emulator.secretKey}` };
    for (const url of ["http://localhost/_stripe/%2e%2e/v1/checkout/sessions", "http://localhost/v1/checkout/sessions"]) {
      const response = await emulator.handlePage(new Request(url, { method: "POST", headers: secret }));
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    }
    const session = await createDeposit();
    const page = await emulator.handlePage(new Request(session.url!));
    expect(page.status).toBe(200);
  });

  it("shows the business, the line item, the amount and the pre-filled email, with its own strict CSP", async () => {
    const session = await createDeposit();
    const response = await open(session.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    const html = decoded(await response.text());
    expect(html).toContain("Swift Movers");
    expect(html).toContain("Moving deposit");
    expect(html).toContain("$50.00");
    expect(html).toMatch(/<input id="email" name="email" value="ada@example.com"[^>]*readonly/);
    expect(html).toContain('<a class="back" href="http://localhost:3000/booking/cancelled">← Back</a>');
    expect(html).toMatch(/<form method="post" action="\/_stripe\/checkout\/cs_test_\w+">/);
    for (const label of ["Email", "Card number", "Expiration (MM / YY)", "Security code (CVC)", "Name on card"]) {
      expect(html).toContain(`>${label}</label>`);
    }
    expect(html).toContain("Pay $50.00</button>");
    // Nothing is loaded from elsewhere.
    expect(html).not.toMatch(/<(script|link|img)\b/);
  });

  it("pays with 4242 4242 4242 4242, redirects 303 to the success URL with the id, and completes the session", async () => {
    const session = await createDeposit();
    const result = await completeSession(emulator, session.id, { name: "Ada Lovelace" });
    expect(result.status).toBe(303);
    expect(result.location).toBe(`http://localhost:3000/booking/paid?session_id=${session.id}`);

    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect(paid).toMatchObject({
      status: "complete",
      payment_status: "paid",
      url: null,
      customer_details: { email: "ada@example.com", name: "Ada Lovelace" },
    });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent.id).toMatch(/^pi_/);
    expect(intent).toMatchObject({
      object: "payment_intent",
      status: "succeeded",
      amount: 5000,
      amount_received: 5000,
      currency: "usd",
      metadata: { booking_id: "b-1" },
    });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("succeeded");

    const completed = events(emulator, "checkout.session.completed").filter((record) => record.event.data.object.id === session.id);
    expect(completed).toHaveLength(1);
    expect(completed[0]?.event.data.object).toMatchObject({ status: "complete", payment_status: "paid", payment_intent: intent.id });

    // The page now says it is paid and links on to the success page.
    const page = await open(session.url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`href="http://localhost:3000/booking/paid?session_id=${session.id}"`);
  });

  it.each([
    ["4000 0000 0000 0002", "Your card was declined.", "card_declined", "generic_decline"],
    ["4000 0000 0000 9995", "Your card has insufficient funds.", "card_declined", "insufficient_funds"],
    ["4000 0000 0000 0069", "Your card has expired.", "expired_card", "expired_card"],
    ["4000 0000 0000 0127", "Your card's security code is incorrect.", "incorrect_cvc", "incorrect_cvc"],
  ])("declines %s with %j (402), keeps the session open and fires payment_intent.payment_failed", async (card, message, code, declineCode) => {
    const session = await createDeposit();
    const result = await completeSession(emulator, session.id, { card, name: "Ada Lovelace", expiry: "11 / 40" });
    expect(result.status).toBe(402);
    expect(result.location).toBeNull();
    const html = decoded(result.html);
    expect(html).toContain(`<div class="alert" role="alert">${message}</div>`);
    // What was typed stays, except the card number and the security code.
    expect(html).toContain('value="Ada Lovelace"');
    expect(html).toContain('value="11 / 40"');
    expect(html).toMatch(/<input id="cardNumber" name="cardNumber" type="text"/);
    expect(html).toMatch(/<input id="cardCvc" name="cardCvc" type="text"/);
    expect(html).not.toContain(`value="${card}"`);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ status: "open", payment_status: "unpaid", payment_intent: null });

    const failed = events(emulator, "payment_intent.payment_failed").at(-1)?.event.data.object as Stripe.PaymentIntent;
    expect(failed).toMatchObject({
      status: "requires_payment_method",
      amount: 5000,
      metadata: { booking_id: "b-1" },
      last_payment_error: { type: "card_error", code, decline_code: declineCode, message },
    });
  });

  it("lets the customer retry after a decline, on the same payment intent", async () => {
    const session = await createDeposit();
    expect((await completeSession(emulator, session.id, { card: "4000000000000002" })).status).toBe(402);
    expect((await completeSession(emulator, session.id)).status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const failed = events(emulator, "payment_intent.payment_failed").at(-1)?.event.data.object;
    expect(paid.payment_intent).toBe(failed?.id);
  });

  it.each([
    [{ card: "4242 4242 4242 4241" }, "cardNumber", "Your card number is invalid."],
    [{ card: "4242 4242" }, "cardNumber", "Your card number is incomplete."],
    [{ expiry: "01 / 20" }, "cardExpiry", "Your card's expiration date is in the past."],
    [{ expiry: "1" }, "cardExpiry", "Your card's expiration date is incomplete."],
    [{ cvc: "12" }, "cardCvc", "Your card's security code is incomplete."],
    [{ name: " " }, "billingName", "Enter the name on your card."],
  ])("refuses %j with a message on the field (400)", async (details, field, message) => {
    const session = await createDeposit();
    const result = await completeSession(emulator, session.id, details);
    expect(result.status).toBe(400);
    const html = decoded(result.html);
    expect(html).toContain(`<p class="field-error" id="${field}-error">${message}</p>`);
    expect(html).toMatch(new RegExp(`<input id="${field}"[^>]*aria-invalid="true" aria-describedby="${field}-error"`));
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  it("pays once when Pay is submitted twice at the same time", async () => {
    const session = await createDeposit();
    const [first, second] = await Promise.all([completeSession(emulator, session.id), completeSession(emulator, session.id)]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.location).toBe(first.location);
    const completed = events(emulator, "checkout.session.completed").filter((record) => record.event.data.object.id === session.id);
    expect(completed).toHaveLength(1);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const succeeded = events(emulator, "payment_intent.succeeded").filter((record) => record.event.data.object.id === paid.payment_intent);
    expect(succeeded).toHaveLength(1);
  });

  it("shows an expired session as expired and refuses to pay it", async () => {
    const session = await createDeposit();
    await stripe.checkout.sessions.expire(session.id);
    const page = await open(session.url!);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This checkout session has expired");
    const result = await completeSession(emulator, session.id);
    expect(result.status).toBe(410);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe("unpaid");
  });

  it("answers 404 for an unknown session and 413 for an oversized form", async () => {
    expect((await open("http://localhost:3000/_stripe/checkout/cs_test_unknown")).status).toBe(404);
    const session = await createDeposit();
    const response = await open(session.url!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `billingName=${"x".repeat(9 * 1024)}`,
    });
    expect(response.status).toBe(413);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  it("refuses a payment form posted from another site", async () => {
    const session = await createDeposit();
    const response = await open(session.url!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      body: new URLSearchParams({ email: "a@example.com", cardNumber: "4242424242424242", cardExpiry: "12/40", cardCvc: "123", billingName: "A" }),
    });
    expect(response.status).toBe(403);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  it("escapes what the app passed in", async () => {
    const session = await createDeposit({
      line_items: [{ quantity: 2, price_data: { currency: "usd", unit_amount: 2500, product_data: { name: "<script>alert(1)</script>" } } }],
    });
    const html = await (await open(session.url!)).text();
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#60;script&#62;");
    expect(html).toContain("Qty 2 × $25.00");
  });
});
