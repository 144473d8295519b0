import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { CANCELLATION_MESSAGES, moveStartsAt } from "../../app/domain/booking-cancellation.ts";
import type { loader as detailsLoader } from "../../app/routes/dashboard/booking-details.tsx";
import { loadBookingDetails } from "../../app/services/booking-details.server.ts";
import { cancelMyBooking } from "../../app/services/customer-cancellation.server.ts";
import { expireCheckoutSession } from "../../app/services/payments.server.ts";
import { deliveriesSettled, events, usingHostedStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { manageBookingToken } from "../../app/services/manage-links.server.ts";
import type { BookingRow } from "../../app/domain/booking.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { TablesInsert } from "../../supabase/types.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { startAppWithStripe } from "./support/app-with-stripe.ts";
import { startTestApp, type TestApp } from "./support/app-client.ts";
import { signInCustomer, type Customer } from "./support/customer.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";
import { paidBooking } from "./support/paid-booking.ts";

// A customer cancelling their own booking through `cancel_my_booking` (pending or confirmed, at least
// 48 hours before the move in the company's time zone), against the embedded Supabase: the
// database's refusals, the status history it writes, and what another customer or a guest can do.
// The booking's page and its Cancel form are reached through the app's request handler.

const HOUR = 60 * 60 * 1000;

let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let anon: ReturnType<TestBackend["createClient"]>;
let stripe: TestStripe;
let alice: Customer;
let bob: Customer;

const customer = (label: string) => signInCustomer(app, label);

/** The date and HH:MM in New York of an instant (how a move `hours` from now is written down). */
function newYorkWallTime(instant: Date): { moving_date: string; moving_time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return { moving_date: `${get("year")}-${get("month")}-${get("day")}`, moving_time: `${get("hour")}:${get("minute")}` };
}

/** A move starting about `hours` from now (rounded up to the next minute, so never sooner). */
const moveIn = (hours: number) => newYorkWallTime(new Date(Date.now() + hours * HOUR + 60_000));

let defaultDays = 0;

/**
 * A booking of this customer's, as the server writes it (service role), ten days ahead or later: each
 * on a day of its own, since three confirmed or completed moves at one time would take every crew and
 * the database would refuse the fourth (whenever that time falls within business hours).
 */
async function createBooking(owner: Customer, overrides: Partial<TablesInsert<"bookings">> = {}) {
  const when = moveIn(24 * (10 + defaultDays++));
  return insertStoredBooking(service, owner, { estimated_hours: 6, ...when, ...overrides });
}

async function bookingAsService(id: string) {
  const { data, error } = await service.from("bookings").select("*").eq("id", id).single();
  if (error) throw error;
  return data;
}

async function historyAsService(id: string) {
  const { data, error } = await service.from("booking_status_events").select("status, changed_by").eq("booking_id", id).order("changed_at");
  if (error) throw error;
  return data;
}

beforeAll(async () => {
  backend = await startTestBackend();
  ({ app, stripe } = await startAppWithStripe(backend));
  service = app.serviceRole;
  anon = backend.createClient();
  [alice, bob] = await Promise.all([customer("alice"), customer("bob")]);
}, 120_000);

afterAll(async () => {
  if (backend && alice && bob) {
    await service.from("bookings").delete().in("user_id", [alice.user.id, bob.user.id]);
    for (const id of [alice.user.id, bob.user.id]) await service.auth.admin.deleteUser(id);
  }
  await Promise.all([backend?.close(), stripe?.close()]);
});

describe("cancel_my_booking", () => {
  it("cancels a pending booking 49 hours before the move and records the customer as its author", async () => {
    const booking = await createBooking(alice, moveIn(49));
    const { data, error } = await alice.client.rpc("cancel_my_booking", { _booking_id: booking.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: booking.id, status: "cancelled" });
    expect(await bookingAsService(booking.id)).toMatchObject({ status: "cancelled" });
    expect(await historyAsService(booking.id)).toEqual([
      { status: "pending", changed_by: null },
      { status: "cancelled", changed_by: alice.user.id },
    ]);
  });

  it("cancels a confirmed booking too", async () => {
    const booking = await createBooking(alice, { ...moveIn(49), status: "confirmed" });
    const { error } = await alice.client.rpc("cancel_my_booking", { _booking_id: booking.id });
    expect(error).toBeNull();
    expect(await bookingAsService(booking.id)).toMatchObject({ status: "cancelled" });
  });

  it("refuses 47 hours before the move (check_violation) and changes nothing", async () => {
    const booking = await createBooking(alice, moveIn(47));
    const { data, error } = await alice.client.rpc("cancel_my_booking", { _booking_id: booking.id });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: "23514" });
    expect(await bookingAsService(booking.id)).toMatchObject({ status: "pending", updated_at: booking.updated_at });
    expect(await historyAsService(booking.id)).toHaveLength(1);
  });

  it("judges a move without a time slot from 08:00 on its date", async () => {
    const dateIn = (days: number) => newYorkWallTime(new Date(Date.now() + days * 24 * HOUR)).moving_date;
    // 08:00 four days from now is more than three days away; 08:00 tomorrow less than two.
    const later = await createBooking(alice, { moving_date: dateIn(4), moving_time: null });
    const tomorrow = await createBooking(alice, { moving_date: dateIn(1), moving_time: null });
    expect((await alice.client.rpc("cancel_my_booking", { _booking_id: later.id })).error).toBeNull();
    expect((await alice.client.rpc("cancel_my_booking", { _booking_id: tomorrow.id })).error).toMatchObject({ code: "23514" });
  });

  it("refuses bookings that are completed, cancelled or under way (invalid_parameter_value)", async () => {
    for (const status of ["completed", "cancelled", "in_progress"]) {
      const booking = await createBooking(alice, { status });
      const { error } = await alice.client.rpc("cancel_my_booking", { _booking_id: booking.id });
      expect(error, status).toMatchObject({ code: "22023" });
      expect(await bookingAsService(booking.id)).toMatchObject({ status });
    }
  });

  it("refuses another customer's booking as if it did not exist (no_data_found), leaving it unchanged", async () => {
    const booking = await createBooking(bob, moveIn(24 * 7));
    const { error } = await alice.client.rpc("cancel_my_booking", { _booking_id: booking.id });
    expect(error).toMatchObject({ code: "P0002" });
    expect(await bookingAsService(booking.id)).toMatchObject({ status: "pending", updated_at: booking.updated_at });
    expect(await historyAsService(booking.id)).toEqual([{ status: "pending", changed_by: null }]);
  });

  it("cannot be called by a guest", async () => {
    const booking = await createBooking(bob, moveIn(24 * 7));
    const { data, error } = await anon.rpc("cancel_my_booking", { _booking_id: booking.id });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: "42501" });
    expect(await bookingAsService(booking.id)).toMatchObject({ status: "pending" });
  });
});

describe("status history under row level security", () => {
  it("shows a customer their own booking's history and none of another customer's", async () => {
    const own = await createBooking(alice);
    const theirs = await createBooking(bob);
    expect((await alice.client.from("booking_status_events").select("status").eq("booking_id", own.id)).data).toEqual([{ status: "pending" }]);
    const other = await alice.client.from("booking_status_events").select("status").eq("booking_id", theirs.id);
    expect(other.error).toBeNull();
    expect(other.data).toEqual([]);
    const guest = await anon.from("booking_status_events").select("status").eq("booking_id", theirs.id);
    expect(guest.error).toMatchObject({ code: "42501" });
  });
});

describe("loadBookingDetails", () => {
  it("reads the customer's booking with its history oldest first", async () => {
    const booking = await createBooking(alice, { status: "pending" });
    const confirmed = await service.from("bookings").update({ status: "confirmed" }).eq("id", booking.id);
    expect(confirmed.error).toBeNull();
    const details = await loadBookingDetails(alice.client, { bookingId: booking.id, userId: alice.user.id });
    expect(details).toMatchObject({ kind: "found", booking: { id: booking.id, status: "confirmed" }, photos: [] });
    expect(details.kind === "found" && details.history.map((event) => event.status)).toEqual(["pending", "confirmed"]);
  });

  it("answers not-found for another customer's booking", async () => {
    const theirs = await createBooking(bob);
    expect(await loadBookingDetails(alice.client, { bookingId: theirs.id, userId: alice.user.id })).toEqual({ kind: "not-found" });
  });
});

describe("cancelMyBooking", () => {
  async function openSession(bookingId: string) {
    return stripe.stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } } }],
      metadata: { booking_id: bookingId },
      success_url: `${TEST_PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_PUBLIC_URL}/payment-canceled`,
    });
  }

  it("closes the booking's open deposit checkout, so it cannot be paid after the cancellation", async () => {
    const booking = await createBooking(alice, moveIn(72));
    const session = await openSession(booking.id);
    await service.from("bookings").update({ stripe_checkout_session_id: session.id }).eq("id", booking.id);

    const result = await cancelMyBooking(alice.client, { serviceRole: service, stripe: stripe.stripe }, booking.id);
    expect(result).toMatchObject({ kind: "cancelled", checkout: { kind: "closed" }, booking: { status: "cancelled" } });
    expect((await stripe.stripe.checkout.sessions.retrieve(session.id)).status).toBe("expired");
  });

  it("maps the database's refusals", async () => {
    const tooLate = await createBooking(alice, moveIn(47));
    const done = await createBooking(alice, { status: "completed" });
    const theirs = await createBooking(bob);
    expect(await cancelMyBooking(alice.client, { serviceRole: service, stripe: stripe.stripe }, tooLate.id)).toEqual({ kind: "too-late" });
    expect(await cancelMyBooking(alice.client, { serviceRole: service, stripe: stripe.stripe }, done.id)).toEqual({ kind: "not-cancellable" });
    expect(await cancelMyBooking(alice.client, { serviceRole: service, stripe: stripe.stripe }, theirs.id)).toEqual({ kind: "not-found" });
  });
});

describe("expireCheckoutSession", () => {
  it("treats a session already expired, or unknown to Stripe, as closed", async () => {
    const session = await stripe.stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } } }],
      success_url: `${TEST_PUBLIC_URL}/payment-success`,
    });
    expect(await expireCheckoutSession(stripe.stripe, session.id)).toEqual({ kind: "closed" });
    expect(await expireCheckoutSession(stripe.stripe, session.id)).toEqual({ kind: "closed" });
    expect(await expireCheckoutSession(stripe.stripe, "cs_test_nobodyknowsthisone")).toEqual({ kind: "closed" });
  });

  it("says it failed, with Stripe's error, when Stripe cannot be reached", async () => {
    const unreachable = new Stripe("sk_test_unreachable", { host: "127.0.0.1", port: 9, protocol: "http", maxNetworkRetries: 0 });
    expect(await expireCheckoutSession(unreachable, "cs_test_nobodyknowsthisone")).toMatchObject({
      kind: "failed",
      cause: expect.any(Stripe.errors.StripeConnectionError),
    });
  });
});

describe("the booking details page", () => {
  /** What the booking's page gives `who`: its loader's data. */
  const load = (who: Customer, bookingId: string) =>
    who.visitor.loaderData<Awaited<ReturnType<typeof detailsLoader>>>(`/dashboard/bookings/${bookingId}`, "routes/dashboard/booking-details");

  /** Posts the page's form as `who`; the message the page it leads back to shows, if it leads back. */
  async function post(who: Customer, bookingId: string, form: Record<string, string>) {
    const answer = await who.visitor.post(`/dashboard/bookings/${bookingId}`, form);
    return { answer, toast: answer.location ? await who.visitor.toast(answer.location) : null };
  }

  it("loads the customer's own booking, offering cancellation 49 hours ahead and the phone at 47", async () => {
    const early = await createBooking(alice, moveIn(49));
    const late = await createBooking(alice, moveIn(47));
    expect((await load(alice, early.id)).cancellation.kind).toBe("allowed");
    expect((await load(alice, late.id)).cancellation).toEqual({ kind: "too-late", reason: CANCELLATION_MESSAGES.tooLate(48) });
  });

  it("says what became of a cancelled booking's paid deposit, and nothing of one never paid", async () => {
    const paid = await createBooking(alice, { status: "cancelled", deposit_status: "paid", deposit_paid_at: new Date().toISOString() });
    const unpaid = await createBooking(alice, { status: "cancelled" });
    expect((await load(alice, paid.id)).cancellation).toEqual({ kind: "closed", deposit: "kept" });
    expect((await load(alice, unpaid.id)).cancellation).toEqual({ kind: "closed", deposit: null });
  });

  it("answers 404 for another customer's booking and for an id that is not a uuid", async () => {
    const theirs = await createBooking(bob);
    expect((await alice.visitor.get(`/dashboard/bookings/${theirs.id}`)).status).toBe(404);
    expect((await alice.visitor.get("/dashboard/bookings/not-a-uuid")).status).toBe(404);
  });

  it("cancels and comes back to the booking with a message", async () => {
    const booking = await createBooking(alice, moveIn(49));
    const { answer, toast } = await post(alice, booking.id, { intent: "cancel" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/dashboard/bookings/${booking.id}`);
    expect(toast).toMatchObject({ type: "success", title: CANCELLATION_MESSAGES.cancelled });
    expect(await bookingAsService(booking.id)).toMatchObject({ status: "cancelled" });
  });

  it("says why when the database refuses: too late, or no longer cancellable", async () => {
    const late = await createBooking(alice, moveIn(47));
    const tooLate = await post(alice, late.id, { intent: "cancel" });
    expect(tooLate.answer.status).toBe(302);
    expect(tooLate.toast).toMatchObject({ type: "error", title: CANCELLATION_MESSAGES.tooLate(48), description: CANCELLATION_MESSAGES.callToCancel });

    const done = await createBooking(alice, { status: "completed" });
    const closed = await post(alice, done.id, { intent: "cancel" });
    expect(closed.answer.status).toBe(302);
    expect(closed.toast).toMatchObject({ type: "error", title: "This booking can no longer be cancelled." });
    expect(await bookingAsService(done.id)).toMatchObject({ status: "completed" });
  });

  it("refuses another customer's booking with 404, an id that is not one with 404, and another form with 400", async () => {
    const theirs = await createBooking(bob, moveIn(24 * 7));
    expect((await post(alice, theirs.id, { intent: "cancel" })).answer.status).toBe(404);
    expect(await bookingAsService(theirs.id)).toMatchObject({ status: "pending" });
    expect((await post(alice, "not-a-uuid", { intent: "cancel" })).answer.status).toBe(404);
    const own = await createBooking(alice, moveIn(24 * 7));
    expect((await post(alice, own.id, { intent: "delete" })).answer.status).toBe(400);
    expect(await bookingAsService(own.id)).toMatchObject({ status: "pending" });
  });

  it("sends a visitor who is not signed in to sign in, cancelling nothing", async () => {
    const booking = await createBooking(alice, moveIn(24 * 7));
    const guest = app.visitor();
    expect((await guest.get(`/dashboard/bookings/${booking.id}`)).status).toBe(302);
    expect((await guest.post(`/dashboard/bookings/${booking.id}`, { intent: "cancel" })).status).toBe(302);
    expect(await bookingAsService(booking.id)).toMatchObject({ status: "pending" });
  });
});

describe.skipIf(usingHostedBackend || usingHostedStripe)("a cancellation in time, by the company's rules", () => {
  let paidDays = 0;
  /** A booking of `payer`'s paid on the embedded Stripe's page, on a day of its own 20 days ahead or later. */
  const paid = (payer: { userId: string | null; email: string }) =>
    paidBooking(stripe, service, { ...payer, request: { date: moveIn(24 * (20 + paidDays++)).moving_date, time: "10:00" } });
  const refundsOf = (booking: BookingRow) =>
    events(stripe.emulator!, "refund.created").filter(
      (record) => (record.event.data.object as { payment_intent?: string }).payment_intent === booking.stripe_payment_intent_id,
    );
  const outboxKinds = async (bookingId: string) =>
    (await backend.sql<{ kind: string }>("select kind from public.message_outbox where booking_id = $1 order by id", [bookingId])).map((row) => row.kind);
  const recordedRefunds = async (bookingId: string) => (await service.from("deposit_refunds").select("amount_cents").eq("booking_id", bookingId)).data;

  it("refunds the paid deposit once through Stripe, though the cancel is posted twice at once, and tells the customer each step", async () => {
    const booking = await paid({ userId: alice.user.id, email: alice.user.email! });
    const [first, second] = await Promise.all(
      [0, 1].map(async () => {
        const answer = await alice.visitor.post(`/dashboard/bookings/${booking.id}`, { intent: "cancel" });
        return { status: answer.status, toast: answer.location ? await alice.visitor.toast(answer.location) : null };
      }),
    );
    await deliveriesSettled(stripe.emulator!);
    expect([first!.status, second!.status]).toEqual([302, 302]);
    expect([first!.toast, second!.toast]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "success", title: CANCELLATION_MESSAGES.cancelled, description: CANCELLATION_MESSAGES.refundedDescription("$50") }),
        expect.objectContaining({ type: "error", title: CANCELLATION_MESSAGES.notCancellable }),
      ]),
    );
    expect(await bookingAsService(booking.id)).toMatchObject({ status: "cancelled", deposit_status: "refunded", refund_due_at: null });
    expect(refundsOf(booking)).toHaveLength(1);
    expect(await recordedRefunds(booking.id)).toEqual([{ amount_cents: 5000 }]);
    expect(await outboxKinds(booking.id)).toEqual(expect.arrayContaining(["booking_cancelled", "booking_refunded"]));
    expect((await outboxKinds(booking.id)).filter((kind) => kind === "booking_refunded")).toHaveLength(1);
    const page = await alice.visitor.loaderData<Awaited<ReturnType<typeof detailsLoader>>>(
      `/dashboard/bookings/${booking.id}`,
      "routes/dashboard/booking-details",
    );
    expect(page.cancellation).toEqual({ kind: "closed", deposit: "refunded" });
  });

  it("a guest cancels with the link of their emails, and is refunded; the link opens and cancels no other booking", async () => {
    const guestEmail = `guest.${randomUUID().slice(0, 8)}@example.com`;
    const booking = await paid({ userId: null, email: guestEmail });
    const other = await paid({ userId: null, email: guestEmail });
    const guest = app.visitor();
    const token = manageBookingToken(app.options.cookieSecret, booking);
    const page = `/manage?${new URLSearchParams({ token })}`;

    const view = await guest.loaderData<{ cancellation: { kind: string; onCancel?: string } }>(page, "routes/public/manage-booking");
    expect(view.cancellation).toMatchObject({ kind: "allowed", onCancel: "refund" });

    // A forged signature, or this booking's signature on another booking's id, opens nothing and cancels nothing.
    const forged = `${other.id}.${token.split(".")[1]}`;
    expect((await guest.post(`/manage?${new URLSearchParams({ token: forged })}`, { intent: "cancel" })).status).toBe(404);
    expect(await bookingAsService(other.id)).toMatchObject({ status: "pending", deposit_status: "paid" });
    expect((await guest.post(page, { intent: "delete" })).status).toBe(400);

    const answer = await guest.post(page, { intent: "cancel" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(page);
    expect(await guest.toast(answer.location!)).toMatchObject({ type: "success", description: CANCELLATION_MESSAGES.refundedDescription("$50") });
    await deliveriesSettled(stripe.emulator!);
    expect(await bookingAsService(booking.id)).toMatchObject({ status: "cancelled", deposit_status: "refunded" });
    expect(refundsOf(booking)).toHaveLength(1);
    expect(await historyAsService(booking.id)).toEqual(expect.arrayContaining([{ status: "cancelled", changed_by: null }]));
    // The customer cancelled: the message says so, though nobody was signed in.
    const [cancelled] = await backend.sql<{ facts: { cancelledBy: string } }>(
      "select facts from public.message_outbox where booking_id = $1 and kind = 'booking_cancelled'",
      [booking.id],
    );
    expect(cancelled?.facts.cancelledBy).toBe("customer");
    expect(await bookingAsService(other.id)).toMatchObject({ status: "pending", deposit_status: "paid" });
  });

  it("the link's holder is held to the notice too, and cannot call the database function themselves", async () => {
    const booking = await createBooking(alice, moveIn(47));
    const guest = app.visitor();
    const page = `/manage?${new URLSearchParams({ token: manageBookingToken(app.options.cookieSecret, booking) })}`;
    const answer = await guest.post(page, { intent: "cancel" });
    expect(await guest.toast(answer.location!)).toMatchObject({ type: "error", title: CANCELLATION_MESSAGES.tooLate(48) });
    expect(await bookingAsService(booking.id)).toMatchObject({ status: "pending" });
    for (const client of [anon, alice.client]) {
      const { error } = await client.rpc("cancel_booking_by_manage_link", { _booking_id: booking.id, _email: booking.email });
      expect(error).toMatchObject({ code: "42501" });
    }
    expect(await bookingAsService(booking.id)).toMatchObject({ status: "pending" });
  });

  it("with refunds off the deposit is kept, and a longer notice closes online cancelling sooner", async () => {
    await backend.sql("update public.app_settings set refund_deposit_on_customer_cancel = false, customer_change_notice_hours = 72 where id");
    try {
      // A server started now reads the new rules.
      const strict = await startTestApp(backend, {
        stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.emulator!.webhookSecret, fetch: stripe.emulator!.fetch },
      });
      const carol = await signInCustomer(strict, "carol");
      const booking = await paidBooking(stripe, service, {
        userId: carol.user.id,
        email: carol.user.email!,
        request: { date: moveIn(24 * 40).moving_date, time: "10:00" },
      });
      const close = await createBooking(carol, moveIn(60));

      const view = await carol.visitor.loaderData<Awaited<ReturnType<typeof detailsLoader>>>(
        `/dashboard/bookings/${booking.id}`,
        "routes/dashboard/booking-details",
      );
      expect(view.cancellation).toMatchObject({ kind: "allowed", notice: "72 hours before your move", onCancel: "keep" });
      const answer = await carol.visitor.post(`/dashboard/bookings/${booking.id}`, { intent: "cancel" });
      expect(await carol.visitor.toast(answer.location!)).toMatchObject({
        type: "success",
        title: CANCELLATION_MESSAGES.cancelled,
        description: CANCELLATION_MESSAGES.cancelledDescription,
      });
      expect(await bookingAsService(booking.id)).toMatchObject({ status: "cancelled", deposit_status: "paid", refund_due_at: null });
      expect(refundsOf(booking)).toHaveLength(0);

      const refused = await carol.visitor.post(`/dashboard/bookings/${close.id}`, { intent: "cancel" });
      expect(await carol.visitor.toast(refused.location!)).toMatchObject({ type: "error", title: CANCELLATION_MESSAGES.tooLate(72) });
      expect(await bookingAsService(close.id)).toMatchObject({ status: "pending" });
      await service.from("bookings").delete().eq("user_id", carol.user.id);
      await service.auth.admin.deleteUser(carol.user.id);
    } finally {
      await backend.sql("update public.app_settings set refund_deposit_on_customer_cancel = default, customer_change_notice_hours = default where id");
    }
  });
});

describe.skipIf(usingHostedBackend)("move_starts_at agrees with the page's rule", () => {
  it("reads the same instant for every slot, no slot, and around daylight saving changes", async () => {
    const cases: Array<[string, string | null]> = [
      ["2027-06-15", "10:00"],
      ["2027-06-15", null],
      ["2027-01-15", "16:00"],
      ["2027-03-13", "20:00"],
      ["2027-03-14", "01:30"],
      ["2027-03-14", "02:30"],
      ["2027-03-14", "03:30"],
      ["2027-03-15", "08:00"],
      ["2027-11-06", "20:00"],
      ["2027-11-07", "00:30"],
      ["2027-11-07", "01:30"],
      ["2027-11-07", "08:00"],
    ];
    for (const [date, time] of cases) {
      const [row] = await backend.sql<{ starts: Date }>("select public.move_starts_at($1::date, $2::time) as starts", [date, time]);
      expect(moveStartsAt(date, time, "America/New_York").toISOString(), `${date} ${time ?? "(no time)"}`).toBe(row!.starts.toISOString());
    }
  });
});
