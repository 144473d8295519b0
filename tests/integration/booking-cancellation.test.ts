import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveStartsAt } from "../../app/domain/booking-cancellation.ts";
import { cancelMyBooking, loadBookingDetails } from "../../app/services/booking-details.server.ts";
import { expireCheckoutSession } from "../../app/services/payments.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";

// A customer cancelling their own booking through `cancel_my_booking` (pending or confirmed, at least
// 48 hours before the move in the company's time zone), against the embedded Supabase: the
// database's refusals, the status history it writes, and what another customer or a guest can do.

const PASSWORD = "Correct-Horse-9";
const HOUR = 60 * 60 * 1000;

interface Customer {
  id: string;
  email: string;
  client: AppSupabaseClient;
}

let backend: TestBackend;
let service: SupabaseClient;
let anon: SupabaseClient;
let stripe: TestStripe;
let alice: Customer;
let bob: Customer;

async function customer(label: string): Promise<Customer> {
  const email = uniqueEmail(label);
  const user = await backend.adminCreateUser(email, PASSWORD, { full_name: `${label} Customer` });
  const { data, error } = await backend.createClient().auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { id: user.id, email, client: backend.createClient({ accessToken: data.session.access_token }) as unknown as AppSupabaseClient };
}

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

/** A booking of this customer's, as the server writes it (service role). */
async function createBooking(owner: Customer, overrides: Record<string, unknown> = {}) {
  const { data, error } = await service
    .from("bookings")
    .insert({
      user_id: owner.id,
      full_name: "Test Customer",
      email: owner.email,
      phone: "404-555-0100",
      moving_from: "1 Peachtree St, Atlanta",
      moving_to: "2 Ponce de Leon Ave, Atlanta",
      team_type: "elite",
      service_type: "local",
      property_size: "2_bedroom",
      estimated_hours: 6,
      estimated_cost: 100_000,
      deposit_amount: 5000,
      ...moveIn(24 * 10),
      ...overrides,
    })
    .select("*")
    .single();
  if (error) throw error;
  return data as { id: string; status: string; updated_at: string };
}

async function bookingAsService(id: string) {
  const { data, error } = await service.from("bookings").select("*").eq("id", id).single();
  if (error) throw error;
  return data as Record<string, unknown>;
}

async function historyAsService(id: string) {
  const { data, error } = await service.from("booking_status_events").select("status, changed_by").eq("booking_id", id).order("changed_at");
  if (error) throw error;
  return data;
}

beforeAll(async () => {
  [backend, stripe] = await Promise.all([startTestBackend(), startTestStripe()]);
  service = backend.createClient({ key: "service_role" });
  anon = backend.createClient();
  [alice, bob] = await Promise.all([customer("alice"), customer("bob")]);
});

afterAll(async () => {
  if (backend && alice && bob) {
    await service.from("bookings").delete().in("user_id", [alice.id, bob.id]);
    for (const id of [alice.id, bob.id]) await service.auth.admin.deleteUser(id);
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
      { status: "cancelled", changed_by: alice.id },
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
    const details = await loadBookingDetails(alice.client, { bookingId: booking.id, userId: alice.id });
    expect(details?.booking).toMatchObject({ id: booking.id, status: "confirmed" });
    expect(details?.history.map((event) => event.status)).toEqual(["pending", "confirmed"]);
    expect(details?.photos).toEqual([]);
  });

  it("answers null for another customer's booking", async () => {
    const theirs = await createBooking(bob);
    expect(await loadBookingDetails(alice.client, { bookingId: theirs.id, userId: alice.id })).toBeNull();
  });
});

describe("cancelMyBooking", () => {
  async function openSession(bookingId: string) {
    return stripe.stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } } }],
      metadata: { booking_id: bookingId },
      success_url: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/payment-canceled",
    });
  }

  it("closes the booking's open deposit checkout, so it cannot be paid after the cancellation", async () => {
    const booking = await createBooking(alice, moveIn(72));
    const session = await openSession(booking.id);
    await service.from("bookings").update({ stripe_checkout_session_id: session.id }).eq("id", booking.id);

    const result = await cancelMyBooking(alice.client, stripe.stripe, booking.id);
    expect(result).toMatchObject({ kind: "cancelled", checkoutClosed: true, booking: { status: "cancelled" } });
    expect((await stripe.stripe.checkout.sessions.retrieve(session.id)).status).toBe("expired");
  });

  it("maps the database's refusals", async () => {
    const tooLate = await createBooking(alice, moveIn(47));
    const done = await createBooking(alice, { status: "completed" });
    const theirs = await createBooking(bob);
    expect(await cancelMyBooking(alice.client, stripe.stripe, tooLate.id)).toEqual({ kind: "too-late" });
    expect(await cancelMyBooking(alice.client, stripe.stripe, done.id)).toEqual({ kind: "not-cancellable" });
    expect(await cancelMyBooking(alice.client, stripe.stripe, theirs.id)).toEqual({ kind: "not-found" });
  });
});

describe("expireCheckoutSession", () => {
  it("treats a session already expired, or unknown to Stripe, as closed", async () => {
    const session = await stripe.stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } } }],
      success_url: "http://localhost:3000/payment-success",
    });
    expect(await expireCheckoutSession(stripe.stripe, session.id)).toBe(true);
    expect(await expireCheckoutSession(stripe.stripe, session.id)).toBe(true);
    expect(await expireCheckoutSession(stripe.stripe, "cs_test_nobodyknowsthisone")).toBe(true);
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
      const [{ starts }] = await backend.sql<{ starts: Date }>("select public.move_starts_at($1::date, $2::time) as starts", [date, time]);
      expect(moveStartsAt(date, time).toISOString(), `${date} ${time ?? "(no time)"}`).toBe(starts.toISOString());
    }
  });
});
