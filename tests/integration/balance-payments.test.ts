import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BALANCE_PAYMENT_MESSAGES } from "../../app/domain/balance-payment.ts";
import { BALANCE_LINE_ITEM_NAME, TIP_LINE_ITEM_NAME } from "../../app/services/balance-payments.server.ts";
import { manageBookingToken } from "../../app/services/manage-links.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { completeSession, deliveriesSettled, events, redeliver, usingHostedStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, withOwnClient, type SignedInVisitor, type TestApp, type Visitor } from "./support/app-client.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { startAppWithStripe } from "./support/app-with-stripe.ts";
import { crewsToSpare } from "./support/crews.ts";
import { completeMove, paidMove } from "./support/final-bill.ts";

// Paying a move's balance after its bill, through the app's request handler and the embedded Stripe,
// whose webhooks reach the same app: Checkout with the tip as its own line, the webhook delivered
// twice and the customer's return marking the payment once, a new tip replacing the open session, a
// bill over the margin waiting for approval, bad tips refused, guests paying through their link, and
// a balance's event for no bill recorded and ignored.

let backend: TestBackend;
let stripe: TestStripe;
let app: TestApp;
let service: AppSupabaseClient;
let admin: SignedInVisitor;
let customer: SignedInVisitor;

beforeAll(async () => {
  backend = await startTestBackend();
  ({ app, stripe } = await startAppWithStripe(backend));
  service = app.serviceRole;
  await crewsToSpare(service);
  [admin, customer] = await Promise.all([signIn(app, "admin"), signIn(app, "customer")]);
}, 120_000);

afterAll(async () => {
  await stripe?.close();
  await backend?.close();
});

const bookingPage = (id: string) => `/dashboard/bookings/${id}`;

/** A move of the customer's completed with the $1,075 bill: $1,025 left after the $50 deposit. */
async function billedMove(columns: Parameters<typeof paidMove>[2] = {}) {
  const move = await paidMove(service, customer, columns);
  await completeMove(admin, move.id);
  return move;
}

const payForm = (tip: string, tipAmount = "", attempt = crypto.randomUUID()) => ({ intent: "pay-balance", tip, tipAmount, attempt });

/** The Checkout Session a 303 to Checkout points at. */
function sessionIdOf(location: string | null): string {
  const id = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(location ?? "")?.[1];
  if (!id) throw new Error(`not a Checkout address: ${location}`);
  return id;
}

async function paymentsOf(bookingId: string) {
  const { data, error } = await service
    .from("bill_payments")
    .select("id, status, balance_cents, tip_cents, stripe_checkout_session_id, paid_at")
    .eq("booking_id", bookingId)
    .order("created_at");
  if (error) throw error;
  return data;
}

/** The messages queued about a booking, oldest first. */
async function messagesOf(bookingId: string) {
  const { data, error } = await service.from("message_outbox").select("kind, recipient, facts, send_at_night").eq("booking_id", bookingId).order("id");
  if (error) throw error;
  return data;
}

/** Follows Checkout's return to the app (the success address, made relative) as `visitor`. */
const returnTo = (visitor: Visitor, location: string | null) => visitor.get(new URL(location!).pathname + new URL(location!).search);

describe.skipIf(usingHostedBackend || usingHostedStripe)("paying the balance", () => {
  it("takes the balance with a 15% tip as its own line, and marks it paid once however often Stripe reports it", async () => {
    const move = await billedMove();
    // The bill was emailed with the move's completion.
    expect((await messagesOf(move.id)).filter((message) => message.kind === "bill_ready")).toMatchObject([
      {
        recipient: customer.user.email,
        facts: { bill: { totalCents: 107_500, depositPaidCents: 5_000, balanceCents: 102_500, needsApproval: false } },
      },
    ]);
    const page = await customer.visitor.get(bookingPage(move.id));
    expect(page.text).toContain("Left to pay: $1,025");
    expect(page.text).toContain("15% ($161.25)");

    const attempt = crypto.randomUUID();
    const pay = await customer.visitor.post(bookingPage(move.id), payForm("15", "", attempt));
    expect(pay.status).toBe(303);
    const sessionId = sessionIdOf(pay.location);
    const session = await stripe.stripe.checkout.sessions.retrieve(sessionId, { expand: ["line_items"] });
    expect(session.amount_total).toBe(118_625);
    expect(session.line_items?.data.map((item) => [item.description, item.amount_total])).toEqual([
      [BALANCE_LINE_ITEM_NAME, 102_500],
      [TIP_LINE_ITEM_NAME, 16_125],
    ]);
    // Pressed again: the same session.
    expect(sessionIdOf((await customer.visitor.post(bookingPage(move.id), payForm("15", "", attempt))).location)).toBe(sessionId);

    const paid = await completeSession(stripe.emulator!, sessionId, { email: customer.user.email! });
    await deliveriesSettled(stripe.emulator!);
    const [completed] = events(stripe.emulator!, "checkout.session.completed").filter((record) => record.event.data.object.id === sessionId);
    expect(completed?.delivery.state).toBe("delivered");
    const once = await paymentsOf(move.id);
    expect(once).toMatchObject([{ status: "paid", balance_cents: 102_500, tip_cents: 16_125, stripe_checkout_session_id: sessionId }]);

    // Delivered again, and the customer's return: nothing changes.
    await redeliver(stripe.emulator!, completed!.event.id);
    const back = await returnTo(customer.visitor, paid.location);
    expect(back).toMatchObject({ status: 302, location: bookingPage(move.id) });
    expect(await customer.visitor.toast(bookingPage(move.id))).toMatchObject({ title: BALANCE_PAYMENT_MESSAGES.received });
    expect(await paymentsOf(move.id)).toEqual(once);
    // One receipt, at once, and the booking says nothing is left.
    expect((await messagesOf(move.id)).filter((message) => message.kind === "balance_paid")).toMatchObject([
      { send_at_night: true, facts: { balanceCents: 102_500, tipCents: 16_125, balanceDueCents: 0 } },
    ]);
    expect((await service.from("bookings").select("balance_due_cents").eq("id", move.id).single()).data).toEqual({ balance_due_cents: 0 });

    const after = await customer.visitor.get(bookingPage(move.id));
    expect(after.text).toContain("Balance of the final bill $1,025, Tip for the crew $161.25");
    expect(after.text).not.toContain("Left to pay");
    // Its receipt, linked from the page, states both lines and the company.
    const receiptPath = `${bookingPage(move.id)}/receipts/${(await paymentsOf(move.id))[0]!.id}`;
    expect(after.html).toContain(`href="${receiptPath}"`);
    const receipt = await customer.visitor.get(receiptPath);
    expect(receipt.status).toBe(200);
    expect(receipt.text).toMatch(/Balance of the final bill \$1,025 Tip for the crew \$161\.25 Total paid \$1,186\.25/);
    expect((await customer.visitor.get(`${bookingPage(move.id)}/receipts/deposit`)).text).toMatch(/Moving deposit \$50 Total paid \$50/);
    expect((await customer.visitor.get(`${bookingPage(move.id)}/receipts/${crypto.randomUUID()}`)).status).toBe(404);
    const stranger = await signIn(app, "customer", { label: "receipt-stranger" });
    expect((await stranger.visitor.get(receiptPath)).status).toBe(404);
    const again = await customer.visitor.act(bookingPage(move.id), payForm("none"));
    expect(again.status).toBe(409);
    expect(await paymentsOf(move.id)).toEqual(once);
  });

  it("closes the open session when the tip changes, so only one can be paid", async () => {
    const move = await billedMove();
    const attempt = crypto.randomUUID();
    const first = sessionIdOf((await customer.visitor.post(bookingPage(move.id), payForm("10", "", attempt))).location);
    const second = sessionIdOf((await customer.visitor.post(bookingPage(move.id), payForm("other", "40", attempt))).location);
    expect(second).not.toBe(first);
    expect((await stripe.stripe.checkout.sessions.retrieve(first)).status).toBe("expired");
    expect((await stripe.stripe.checkout.sessions.retrieve(second)).amount_total).toBe(102_500 + 4_000);
    await deliveriesSettled(stripe.emulator!);
    expect((await paymentsOf(move.id)).map((payment) => [payment.status, payment.tip_cents])).toEqual([
      ["expired", 10_750],
      ["open", 4_000],
    ]);
  });

  it("refuses a tip it cannot take beside its field (400), and a bill waiting for approval until it is approved (409)", async () => {
    const move = await billedMove();
    for (const [form, field, message] of [
      [payForm("other", "1075.01"), "tipAmount", BALANCE_PAYMENT_MESSAGES.tipOverBill],
      [payForm("other", "-3"), "tipAmount", BALANCE_PAYMENT_MESSAGES.tipAmountFormat],
      [payForm("25"), "tip", BALANCE_PAYMENT_MESSAGES.tipChoice],
    ] as const) {
      const answer = await customer.visitor.act<{ payment: { error?: Record<string, string[]> } }>(bookingPage(move.id), form);
      expect(answer.status, message).toBe(400);
      expect(answer.value.payment.error, message).toEqual({ [field]: [message] });
    }
    expect(await paymentsOf(move.id)).toEqual([]);

    // $1,075 against an $800 estimate: more than 10% above.
    const over = await billedMove({ estimated_cost_cents: 80_000 });
    expect((await customer.visitor.get(bookingPage(over.id))).text).not.toContain("Left to pay");
    const refused = await customer.visitor.act<{ payment: { error?: Record<string, string[]> } }>(bookingPage(over.id), payForm("none"));
    expect(refused.status).toBe(409);
    expect(refused.value.payment.error).toEqual({ "": [BALANCE_PAYMENT_MESSAGES.needsApproval] });
    expect(await paymentsOf(over.id)).toEqual([]);
    await customer.visitor.act(bookingPage(over.id), { intent: "approve-bill" });
    const pay = await customer.visitor.post(bookingPage(over.id), payForm("none"));
    expect((await stripe.stripe.checkout.sessions.retrieve(sessionIdOf(pay.location))).amount_total).toBe(102_500);
  });

  it("lets a guest pay through the link of their emails, and back on the link's page", async () => {
    const guest = { user: { id: null, email: `guest.${crypto.randomUUID().slice(0, 8)}@example.com` } };
    const move = await paidMove(service, guest);
    await completeMove(admin, move.id);
    const visitor = app.visitor();
    const page = `/manage?${new URLSearchParams({ token: manageBookingToken(app.options.cookieSecret, move) })}`;
    const pay = await visitor.post(page, payForm("20"));
    const sessionId = sessionIdOf(pay.location);
    expect((await stripe.stripe.checkout.sessions.retrieve(sessionId)).customer_email).toBe(guest.user.email);
    const paid = await completeSession(stripe.emulator!, sessionId);
    // The return marks it paid even before the webhook's delivery.
    const back = await returnTo(visitor, paid.location);
    expect(back).toMatchObject({ status: 302, location: page });
    expect(await paymentsOf(move.id)).toMatchObject([{ status: "paid", balance_cents: 102_500, tip_cents: 21_500 }]);
    const after = await visitor.get(page);
    expect(after.text).toContain("Balance of the final bill $1,025, Tip for the crew $215");
    const [payment] = await paymentsOf(move.id);
    const receiptPath = `/manage/receipt?${new URLSearchParams({ token: manageBookingToken(app.options.cookieSecret, move), receipt: payment!.id })}`;
    expect(after.html).toContain(`href="${receiptPath.replaceAll("&", "&amp;")}"`);
    expect((await visitor.get(receiptPath)).text).toMatch(/Tip for the crew \$215 Total paid \$1,240/);
    await deliveriesSettled(stripe.emulator!);
    expect(await paymentsOf(move.id)).toMatchObject([{ status: "paid", balance_cents: 102_500, tip_cents: 21_500 }]);
  });

  it("records a balance's payment for no bill and ignores it", async () => {
    const session = await stripe.stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 1_000, product_data: { name: BALANCE_LINE_ITEM_NAME } } }],
      metadata: { purpose: "balance", booking_id: crypto.randomUUID(), bill_payment_id: crypto.randomUUID() },
      success_url: `${TEST_PUBLIC_URL}/?session_id={CHECKOUT_SESSION_ID}`,
    });
    await completeSession(stripe.emulator!, session.id);
    await deliveriesSettled(stripe.emulator!);
    const [completed] = events(stripe.emulator!, "checkout.session.completed").filter((record) => record.event.data.object.id === session.id);
    expect(completed?.delivery.state).toBe("delivered");
    const recorded = await backend.sql<{ event_id: string }>("select event_id from public.stripe_events where event_id = $1", [completed!.event.id]);
    expect(recorded).toHaveLength(1);
    expect((await service.from("bill_payments").select("id").eq("stripe_checkout_session_id", session.id)).data).toEqual([]);
  });

  it("shows a customer their own moves' payments only, and lets no customer open or mark one", async () => {
    const move = await billedMove();
    await customer.visitor.post(bookingPage(move.id), payForm("none"));
    const [own, other] = await Promise.all([withOwnClient(customer), withOwnClient(await signIn(app, "customer", { label: "other-payer" }))]);
    expect((await own.client.from("bill_payments").select("status").eq("booking_id", move.id)).data).toEqual([{ status: "open" }]);
    expect((await other.client.from("bill_payments").select("status").eq("booking_id", move.id)).data).toEqual([]);
    expect((await own.client.rpc("open_bill_payment", { _booking_id: move.id, _tip_cents: 0 })).error?.code).toBe("42501");
    expect((await own.client.rpc("mark_bill_payment_paid", { _session_id: "cs_test_x", _amount_total: 1 })).error?.code).toBe("42501");
    expect((await own.client.from("bill_payments").update({ status: "paid" }).eq("booking_id", move.id).select("id")).error?.code).toBe("42501");
  });

  it("lists a refund with its receipt, read with the customer's own client; another customer reads none of it", async () => {
    const move = await paidMove(service, customer, { status: "cancelled" });
    const [refund] = await backend.sql<{ id: string }>(
      "insert into public.deposit_refunds (booking_id, payment_intent_id, amount_cents) values ($1, $2, 5000) returning id",
      [move.id, `pi_${crypto.randomUUID().replaceAll("-", "")}`],
    );
    const page = await customer.visitor.get(bookingPage(move.id));
    expect(page.text).toMatch(/Refund -\$50/);
    expect((await customer.visitor.get(`${bookingPage(move.id)}/receipts/${refund!.id}`)).text).toMatch(/Deposit refunded to your card \$50 Refunded \$50/);
    const other = await withOwnClient(await signIn(app, "customer", { label: "refund-stranger" }));
    expect((await other.client.from("deposit_refunds").select("id").eq("booking_id", move.id)).data).toEqual([]);
  });
});
