import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORGET_CARD_MESSAGES, SAVED_CARD_MESSAGES } from "../../app/domain/saved-card.ts";
import { formatCents } from "../../app/domain/money.ts";
import { manageBookingToken } from "../../app/services/manage-links.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { completeSession, deliveriesSettled, events, redeliver, usingHostedStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, withOwnClient, type SignedInVisitor, type TestApp, type Visitor } from "./support/app-client.ts";
import { startAppWithStripe } from "./support/app-with-stripe.ts";
import { crewsToSpare } from "./support/crews.ts";
import { billPath, completeMove } from "./support/final-bill.ts";
import { answerWizard, pressPay } from "./support/wizard.ts";

// A card saved with the deposit, with the customer's consent on the review step, and the office's
// charge of the balance to it in one click, through the app's request handler and the embedded
// Stripe, whose webhooks reach the same app: the charge paid once however often Stripe reports it,
// only up to the margin until the customer approves a bill above it, and a card whose bank wants the
// customer to confirm falls back to the link of their emails.

let backend: TestBackend;
let stripe: TestStripe;
let app: TestApp;
let service: AppSupabaseClient;
let admin: SignedInVisitor;

beforeAll(async () => {
  backend = await startTestBackend();
  ({ app, stripe } = await startAppWithStripe(backend));
  service = app.serviceRole;
  await crewsToSpare(service);
  admin = await signIn(app, "admin");
}, 120_000);

afterAll(async () => {
  await stripe?.close();
  await backend?.close();
});

/** The Checkout Session a 303 to Checkout points at. */
function sessionIdOf(location: string | null): string {
  const id = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(location ?? "")?.[1];
  if (!id) throw new Error(`not a Checkout address: ${location}`);
  return id;
}

/**
 * A guest books through the wizard and pays the deposit on Checkout with `cardNumber`, the review's
 * box ticked or not; Stripe's webhook has reached the app. The booking's id and the guest's browser.
 */
async function guestBooks({
  saveCard,
  cardNumber = "4242 4242 4242 4242",
  visitor = app.visitor(),
  email = uniqueEmail("saver"),
}: {
  saveCard: boolean;
  cardNumber?: string;
  /** A signed-in customer's browser books as theirs; by default a guest's. */
  visitor?: Visitor;
  email?: string;
}) {
  // A card whose bank asks for it is authenticated on Checkout, as the customer would.
  expect((await answerWizard(visitor, { email })).location).toBe("/book/review");
  const pay = await pressPay(visitor, { saveCard });
  expect(pay.status).toBe(303);
  const sessionId = sessionIdOf(pay.location);
  expect((await completeSession(stripe.emulator!, sessionId, { card: cardNumber, email, authenticate: "complete" })).status).toBe(303);
  await deliveriesSettled(stripe.emulator!);
  const { data, error } = await service.from("bookings").select("*").eq("stripe_checkout_session_id", sessionId).single();
  if (error) throw error;
  expect(data.deposit_status).toBe("paid");
  return { booking: data, visitor, sessionId };
}

async function savedCardOf(bookingId: string) {
  const { data, error } = await service.from("saved_cards").select("brand, last4, stripe_customer_id, stripe_payment_method_id").eq("booking_id", bookingId);
  if (error) throw error;
  return data;
}

async function paymentsOf(bookingId: string) {
  const { data, error } = await service
    .from("bill_payments")
    .select("status, method, balance_cents, tip_cents, failure_code, stripe_payment_intent_id")
    .eq("booking_id", bookingId)
    .order("created_at");
  if (error) throw error;
  return data;
}

async function billOf(bookingId: string) {
  const { data, error } = await service.from("booking_bills").select("*").eq("booking_id", bookingId).single();
  if (error) throw error;
  return data;
}

async function messagesOf(bookingId: string, kind: string) {
  const { data, error } = await service.from("message_outbox").select("kind, recipient, facts").eq("booking_id", bookingId).eq("kind", kind).order("id");
  if (error) throw error;
  return data;
}

/** The office presses the charge button on the bill's page, as its form posts it. */
const chargeSavedCard = (staff: Visitor, bookingId: string) => staff.post(billPath(bookingId), { intent: "charge-saved-card" });

/** Two hours of an elite crew's local move, nothing added: $400, within any estimate of the move. */
const TWO_HOURS = { startedAt: "", endedAt: "", totalHours: "2", totalMinutes: "0" };

describe.skipIf(usingHostedBackend || usingHostedStripe)("cards saved for the balance", () => {
  it("offers the box unticked on the review, and keeps the card with the deposit only when it is ticked", async () => {
    const visitor = app.visitor();
    expect((await answerWizard(visitor, { email: uniqueEmail("reviewer") })).location).toBe("/book/review");
    const review = await visitor.get("/book/review");
    expect(review.text).toContain("Save my card to pay the balance after the move");
    const box = /<input[^>]*name="saveCard"[^>]*>/.exec(review.html)?.[0];
    expect(box).toContain('type="checkbox"');
    expect(box).not.toContain("checked");

    const saved = await guestBooks({ saveCard: true });
    const session = await stripe.stripe.checkout.sessions.retrieve(saved.sessionId, { expand: ["payment_intent"] });
    expect(session.customer).toMatch(/^cus_/);
    expect(session.payment_intent).toMatchObject({ setup_future_usage: "off_session" });
    expect(await savedCardOf(saved.booking.id)).toEqual([
      { brand: "visa", last4: "4242", stripe_customer_id: session.customer, stripe_payment_method_id: expect.stringMatching(/^pm_/) },
    ]);

    const unsaved = await guestBooks({ saveCard: false });
    expect((await stripe.stripe.checkout.sessions.retrieve(unsaved.sessionId)).customer).toBeNull();
    expect(await savedCardOf(unsaved.booking.id)).toEqual([]);
  });

  it("charges the balance to the saved card in one click, emails the receipt, and counts it once however often Stripe reports it", async () => {
    const { booking } = await guestBooks({ saveCard: true });
    await completeMove(admin, booking.id, TWO_HOURS);
    const bill = await billOf(booking.id);
    expect(bill).toMatchObject({ total_cents: 40_000, balance_cents: 35_000, needs_approval: false });
    const page = await admin.visitor.get(billPath(booking.id));
    expect(page.text).toContain("Saved card: Visa ending in 4242");
    expect(page.text).toContain("Charge $350 to Visa ending in 4242");

    const charged = await chargeSavedCard(admin.visitor, booking.id);
    expect(charged).toMatchObject({ status: 302, location: billPath(booking.id) });
    expect(await admin.visitor.toast(billPath(booking.id))).toMatchObject({ type: "success", title: SAVED_CARD_MESSAGES.paid("$350") });
    const [payment] = await paymentsOf(booking.id);
    expect(payment).toMatchObject({
      status: "paid",
      method: "saved_card",
      balance_cents: 35_000,
      tip_cents: 0,
      stripe_payment_intent_id: expect.stringMatching(/^pi_/),
    });
    const intent = await stripe.stripe.paymentIntents.retrieve(payment!.stripe_payment_intent_id!);
    expect(intent).toMatchObject({ status: "succeeded", amount_received: 35_000, metadata: { booking_id: booking.id, method: "saved_card" } });

    // Stripe's event arrives after the answer, and again: nothing more is paid or sent.
    await deliveriesSettled(stripe.emulator!);
    const [succeeded] = events(stripe.emulator!, "payment_intent.succeeded").filter((record) => record.event.data.object.id === intent.id);
    expect(succeeded?.delivery.state).toBe("delivered");
    await redeliver(stripe.emulator!, succeeded!.event.id);
    expect(await paymentsOf(booking.id)).toHaveLength(1);
    expect((await service.from("bookings").select("balance_due_cents").eq("id", booking.id).single()).data).toEqual({ balance_due_cents: 0 });
    expect(await messagesOf(booking.id, "balance_paid")).toMatchObject([
      { recipient: booking.email, facts: { balanceCents: 35_000, tipCents: 0, balanceDueCents: 0 } },
    ]);

    // Paid in full: no button, and a second press charges nothing.
    expect((await admin.visitor.get(billPath(booking.id))).text).not.toContain("Charge $");
    await chargeSavedCard(admin.visitor, booking.id);
    expect(await admin.visitor.toast(billPath(booking.id))).toMatchObject({ type: "error", title: SAVED_CARD_MESSAGES.paidAlready });
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });

  it("charges a bill above the estimate and its margin only up to the margin, and the rest once the customer approves it", async () => {
    const { booking } = await guestBooks({ saveCard: true });
    // Twelve hours: $1,900, well above the estimate of the two-bedroom move.
    await completeMove(admin, booking.id, { startedAt: "", endedAt: "", totalHours: "12", totalMinutes: "0" });
    const bill = await billOf(booking.id);
    expect(bill).toMatchObject({ total_cents: 190_000, needs_approval: true });
    // The margin's cents rounded down, as the approval rule rounds them.
    const upToMargin = bill.accepted_estimate_cents + Math.floor((bill.accepted_estimate_cents * bill.margin_percent) / 100) - bill.deposit_paid_cents;
    expect((await admin.visitor.get(billPath(booking.id))).text).toContain(`Charge ${formatCents(upToMargin)} to Visa ending in 4242`);
    await chargeSavedCard(admin.visitor, booking.id);
    expect(await paymentsOf(booking.id)).toMatchObject([{ status: "paid", balance_cents: upToMargin }]);
    // Nothing more before the approval.
    const waiting = await admin.visitor.get(billPath(booking.id));
    expect(waiting.text).toContain(SAVED_CARD_MESSAGES.needsApproval);
    expect(waiting.text).not.toContain("Charge $");
    await chargeSavedCard(admin.visitor, booking.id);
    expect(await admin.visitor.toast(billPath(booking.id))).toMatchObject({ title: SAVED_CARD_MESSAGES.needsApproval });

    const link = `/manage?${new URLSearchParams({ token: manageBookingToken(app.options.cookieSecret, booking) })}`;
    expect((await app.visitor().post(link, { intent: "approve-bill" })).status).toBe(302);
    const rest = bill.balance_cents - upToMargin;
    await chargeSavedCard(admin.visitor, booking.id);
    expect(await paymentsOf(booking.id)).toMatchObject([
      { status: "paid", balance_cents: upToMargin },
      { status: "paid", balance_cents: rest },
    ]);
    expect(upToMargin + rest).toBe(bill.balance_cents);
  });

  it("falls back to the link of the customer's emails when the bank wants the customer to confirm the charge", async () => {
    // This card asks for authentication on every payment, later charges without the customer included.
    const { booking, visitor } = await guestBooks({ saveCard: true, cardNumber: "4000 0027 6000 3184" });
    expect(await savedCardOf(booking.id)).toMatchObject([{ brand: "visa", last4: "3184" }]);
    await completeMove(admin, booking.id, TWO_HOURS);

    await chargeSavedCard(admin.visitor, booking.id);
    expect(await admin.visitor.toast(billPath(booking.id))).toMatchObject({ type: "info", title: SAVED_CARD_MESSAGES.customerPays("$350", true) });
    const [refused] = await paymentsOf(booking.id);
    expect(refused).toMatchObject({ status: "failed", method: "saved_card", balance_cents: 35_000, failure_code: "authentication_required" });
    const intent = await stripe.stripe.paymentIntents.retrieve(refused!.stripe_payment_intent_id!);
    expect(intent).toMatchObject({ status: "requires_payment_method", last_payment_error: { code: "authentication_required" } });
    expect(await messagesOf(booking.id, "balance_charge_failed")).toMatchObject([
      { recipient: booking.email, facts: { amountCents: 35_000, needsAuthentication: true, balanceDueCents: 35_000 } },
    ]);
    // Stripe's event about it changes nothing more, however often it comes.
    await deliveriesSettled(stripe.emulator!);
    const [failed] = events(stripe.emulator!, "payment_intent.payment_failed").filter((record) => record.event.data.object.id === intent.id);
    expect(failed?.delivery.state).toBe("delivered");
    await redeliver(stripe.emulator!, failed!.event.id);
    expect(await messagesOf(booking.id, "balance_charge_failed")).toHaveLength(1);

    // The office's page says what happened and offers the charge again; the customer pays through their link.
    const page = await admin.visitor.get(billPath(booking.id));
    expect(page.text).toContain("$350 not charged to the saved card: the bank wants the customer to confirm it.");
    const link = `/manage?${new URLSearchParams({ token: manageBookingToken(app.options.cookieSecret, booking) })}`;
    const manage = await visitor.get(link);
    expect(manage.text).toContain("Left to pay: $350");
    const pay = await visitor.post(link, { intent: "pay-balance", tip: "none", tipAmount: "", attempt: crypto.randomUUID() });
    expect(pay.status).toBe(303);
    const paid = await completeSession(stripe.emulator!, sessionIdOf(pay.location), { card: "4000 0027 6000 3184", authenticate: "complete" });
    expect(paid.status).toBe(303);
    await deliveriesSettled(stripe.emulator!);
    expect(await paymentsOf(booking.id)).toMatchObject([
      { status: "failed", method: "saved_card" },
      { status: "paid", method: "checkout", balance_cents: 35_000 },
    ]);
  });

  it("lets a card set up for later charges be charged without its customer, though its bank asked them the first time", async () => {
    const { booking, sessionId } = await guestBooks({ saveCard: true, cardNumber: "4000 0025 0000 3155" });
    const session = await stripe.stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent.payment_method"] });
    expect(session.payment_intent).toMatchObject({ setup_future_usage: "off_session", payment_method: { card: { last4: "3155" } } });
    await completeMove(admin, booking.id, TWO_HOURS);
    await chargeSavedCard(admin.visitor, booking.id);
    expect(await paymentsOf(booking.id)).toMatchObject([{ status: "paid", method: "saved_card", balance_cents: 35_000 }]);
  });

  it("lets the customer remove the saved card, from the link of their emails or signed in, and then the office cannot charge it", async () => {
    const { booking, visitor } = await guestBooks({ saveCard: true });
    const [card] = await savedCardOf(booking.id);
    const link = `/manage?${new URLSearchParams({ token: manageBookingToken(app.options.cookieSecret, booking) })}`;
    const page = await visitor.get(link);
    expect(page.text).toContain("You saved your Visa ending in 4242 with your deposit");
    const removed = await visitor.post(link, { intent: "forget-card" });
    expect(removed).toMatchObject({ status: 302, location: link });
    expect(await visitor.toast(link)).toMatchObject({ type: "success", title: FORGET_CARD_MESSAGES.forgotten });
    expect(await savedCardOf(booking.id)).toEqual([]);
    expect((await stripe.stripe.paymentMethods.retrieve(card!.stripe_payment_method_id)).customer).toBeNull();
    expect((await visitor.get(link)).text).not.toContain("Remove this card");

    await completeMove(admin, booking.id, TWO_HOURS);
    expect((await admin.visitor.get(billPath(booking.id))).text).toContain("Saved card: none");
    await chargeSavedCard(admin.visitor, booking.id);
    expect(await admin.visitor.toast(billPath(booking.id))).toMatchObject({ title: SAVED_CARD_MESSAGES.noCard });
    expect(await paymentsOf(booking.id)).toEqual([]);

    // Signed in, from the booking's page; another customer's post to it is the site's 404 and removes nothing.
    const owner = await signIn(app, "customer", { label: "card-owner" });
    const own = await guestBooks({ saveCard: true, visitor: owner.visitor, email: owner.user.email });
    expect(own.booking.user_id).toBe(owner.user.id);
    const stranger = await signIn(app, "customer", { label: "card-stranger-2" });
    expect((await stranger.visitor.post(`/dashboard/bookings/${own.booking.id}`, { intent: "forget-card" })).status).toBe(404);
    expect(await savedCardOf(own.booking.id)).toHaveLength(1);
    expect((await owner.visitor.post(`/dashboard/bookings/${own.booking.id}`, { intent: "forget-card" })).status).toBe(302);
    expect(await savedCardOf(own.booking.id)).toEqual([]);
  });

  it("says so when no card was saved, and lets neither a customer nor a guest open a charge", async () => {
    const { booking } = await guestBooks({ saveCard: false });
    await completeMove(admin, booking.id, TWO_HOURS);
    expect((await admin.visitor.get(billPath(booking.id))).text).toContain("Saved card: none");
    await chargeSavedCard(admin.visitor, booking.id);
    expect(await admin.visitor.toast(billPath(booking.id))).toMatchObject({ type: "error", title: SAVED_CARD_MESSAGES.noCard });
    expect(await paymentsOf(booking.id)).toEqual([]);

    const customer = await withOwnClient(await signIn(app, "customer", { label: "card-stranger" }));
    expect((await customer.client.rpc("open_saved_card_payment", { _booking_id: booking.id })).error?.code).toBe("42501");
    expect((await customer.client.rpc("settle_saved_card_payment", { _payment_id: crypto.randomUUID(), _outcome: "paid" })).error?.code).toBe("42501");
    expect((await customer.client.from("saved_cards").select("booking_id")).data).toEqual([]);
    expect((await customer.visitor.post(billPath(booking.id), { intent: "charge-saved-card" })).status).toBe(403);
  });
});
