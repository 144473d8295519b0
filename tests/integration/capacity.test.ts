import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingRequest, BookingRow } from "../../app/domain/booking.ts";
import { CHECKOUT_LIFETIME_SECONDS } from "../../app/domain/capacity.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { ESTIMATED_HOURS, PROPERTY_SIZES, TIME_SLOTS, estimatedHours, type PropertySize } from "../../app/domain/pricing.ts";
import { savePendingBooking } from "../../app/services/bookings.server.ts";
import { capacityOfDays, moveStartFacts, readWorkingHours, slotsOfDay } from "../../app/services/capacity.server.ts";
import { CHECKOUT_REFUSAL_MESSAGES, PAYMENT_MESSAGES, startCheckout } from "../../app/services/payments.server.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import type { StripeEmulator } from "../../emulators/stripe/index.ts";
import { deliveriesSettled, expireSession, startTestStripe, usingHostedStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { TEST_PUBLIC_URL, signInCustomer, signInStaff, type SignedInCustomer } from "./support/app-harness.ts";
import { startTestApp, type TestApp } from "./support/app-client.ts";
import { sampleBookingRequest } from "./support/booking-request.ts";
import { savedBooking } from "./support/saved-booking.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// Crews and capacity against the real SQL of supabase/migrations in the embedded Supabase: which
// bookings hold a crew and for which minutes, the crews of weekdays and dates, the check made in the
// transaction that saves a booking (two customers racing for the last crew), holds that end with
// their Checkout, and who may read and change the schedule.

let backend: TestBackend;
let serviceRole: AppSupabaseClient;
let anon: AppSupabaseClient;
let admin: SignedInCustomer;
let customer: SignedInCustomer;

beforeAll(async () => {
  backend = await startTestBackend();
  serviceRole = createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch }, backend.serviceRoleKey);
  anon = backend.createClient() as unknown as AppSupabaseClient;
  [admin, customer] = await Promise.all([signInStaff(backend, "admin", "admin", "Ada Admin"), signInCustomer(backend, "customer", "Cam Customer")]);
  // These tests count crews: here the company lets long moves run past closing, so any start may be saved.
  if (!usingHostedBackend) await backend.sql("update public.app_settings set long_moves_run_over = true");
});

/** When moves may start here: any start, months ahead, whatever its hours. */
const anyStart = () => moveStartFacts(readWorkingHours(anon), { minimumLeadDays: 1, longMovesRunOver: true }, COMPANY.timeZone);

afterAll(async () => {
  await backend?.close();
});

/** A date of its own for each test (Mondays to Saturdays from September 2027), so tests never share a day's crews. */
let dayCounter = 0;
function freshDay(): string {
  for (;;) {
    const date = new Date(Date.UTC(2027, 8, 6 + dayCounter++));
    if (date.getUTCDay() !== 0) return date.toISOString().slice(0, 10);
  }
}

/** Sets a date's crews, or closes it, as an admin does from the schedule. */
async function setDay(day: string, setting: { crews: number } | { closed: true; reason?: string } | "weekday") {
  const args =
    setting === "weekday"
      ? { _crews: null, _closed: false }
      : "crews" in setting
        ? { _crews: setting.crews, _closed: false }
        : { _crews: null, _closed: true, _reason: setting.reason };
  const { error } = await admin.client.rpc("set_schedule_day", { _day: day, ...args, _crews: args._crews as number });
  if (error) throw error;
}

/** What Pay comes to for a customer's move, as the wizard saves it: saved, or refused for want of a crew. */
const payFor = (day: string, overrides: Partial<BookingRequest> = {}, draftId = randomUUID()) =>
  savePendingBooking(serviceRole, { request: sampleBookingRequest({ date: day, ...overrides }), userId: null, draftId });

/** A customer's move saved at Pay (pending, deposit unpaid, holding its crew), as the wizard saves it. */
const saveAtPay = (day: string, overrides: Partial<BookingRequest> = {}, draftId = randomUUID()) =>
  savedBooking(serviceRole, { request: sampleBookingRequest({ date: day, ...overrides }), userId: null, draftId });

/** Which of the wizard's slots can take a move of `hours` on `day`, as a guest's client is told. */
async function fittingSlots(day: string, hours: number): Promise<string[]> {
  const { slots } = await slotsOfDay(anon, { date: day, hours }, await anyStart());
  return slots.filter((slot) => slot.fits).map((slot) => slot.time);
}

async function stored(bookingId: string): Promise<BookingRow> {
  const { data, error } = await serviceRole.from("bookings").select("*").eq("id", bookingId).single();
  if (error) throw error;
  return data;
}

/** What the office's schedule says a booking holds on its day, as "HH:MM–HH:MM", or null. */
async function heldSpan(day: string, bookingId: string): Promise<string | null> {
  const { data, error } = await admin.client.rpc("schedule_day", { _day: day });
  if (error) throw error;
  const row = data.find((entry) => entry.booking_id === bookingId);
  if (!row?.holds_crew) return null;
  const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return `${time(row.starts_minute)}–${time(row.ends_minute)}`;
}

async function bookingsOn(day: string): Promise<number> {
  const { count, error } = await serviceRole.from("bookings").select("id", { count: "exact", head: true }).eq("moving_date", day);
  if (error) throw error;
  return count ?? 0;
}

describe.skipIf(usingHostedBackend)("the occupancy rules", () => {
  it("count the hours of each size of home as the price does", async () => {
    const rows = await backend.sql<{ size: string; hours: number }>("select size, public.estimated_hours_for(size) as hours from unnest($1::text[]) as size", [
      [...PROPERTY_SIZES],
    ]);
    expect(Object.fromEntries(rows.map((row) => [row.size, row.hours]))).toEqual(ESTIMATED_HOURS);
  });

  it.each(PROPERTY_SIZES.map((size) => [size]))("hold a crew from 8:00 for the estimated hours of a %s, until closing at most", async (size: PropertySize) => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const hours = estimatedHours(size);
    const booking = await saveAtPay(day, { propertySize: size, time: "08:00" });
    const ends = Math.min(8 + hours, 18);
    expect(await heldSpan(day, booking.id)).toBe(`08:00–${String(ends).padStart(2, "0")}:00`);
    // With the only crew out until then, a two-hour move fits from the end of this one on.
    expect(await fittingSlots(day, 2)).toEqual(TIME_SLOTS.filter((slot) => Number(slot.slice(0, 2)) >= ends));
  });

  it("hold a crew until closing for a move that would run past it, and all day for a 12-hour move from 8:00", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const late = await saveAtPay(day, { propertySize: "2_bedroom", time: "16:00" });
    expect(await heldSpan(day, late.id)).toBe("16:00–18:00");
    // The crew is free before 16:00 for a move that ends by then, and for no longer one.
    expect(await fittingSlots(day, 4)).toEqual(["08:00", "10:00", "12:00"]);
    expect(await fittingSlots(day, 8)).toEqual(["08:00"]);

    const otherDay = freshDay();
    await setDay(otherDay, { crews: 1 });
    const wholeDay = await saveAtPay(otherDay, { propertySize: "5_plus_bedroom", time: "08:00" });
    expect(wholeDay.estimated_hours).toBe(12);
    expect(await heldSpan(otherDay, wholeDay.id)).toBe("08:00–18:00");
    expect(await fittingSlots(otherDay, 2)).toEqual([]);
    expect((await capacityOfDays(anon, { from: otherDay, to: otherDay, hours: 2 }))[0]).toMatchObject({ state: "full", crews: 1, crewsUsed: 1 });
  });

  it("judge a day of a range full exactly when none of its starts can take the move, however busy the day", async () => {
    const [oneCrewAfternoon, bothOutAtNoon, oneOfTwoOut, oneCrewAllDay] = [freshDay(), freshDay(), freshDay(), freshDay()];
    await setDay(oneCrewAfternoon, { crews: 1 });
    await saveAtPay(oneCrewAfternoon, { propertySize: "2_bedroom", time: "12:00" });
    await setDay(bothOutAtNoon, { crews: 2 });
    await saveAtPay(bothOutAtNoon, { propertySize: "1_bedroom", time: "10:00" });
    await saveAtPay(bothOutAtNoon, { propertySize: "1_bedroom", time: "11:00" });
    await setDay(oneOfTwoOut, { crews: 2 });
    await saveAtPay(oneOfTwoOut, { propertySize: "2_bedroom", time: "12:00" });
    await setDay(oneCrewAllDay, { crews: 1 });
    await saveAtPay(oneCrewAllDay, { propertySize: "5_plus_bedroom", time: "08:00" });
    const days = [oneCrewAfternoon, bothOutAtNoon, oneOfTwoOut, oneCrewAllDay];
    const verdicts: Record<number, Record<string, boolean>> = {};
    for (const hours of [2, 4, 8]) {
      const { data: range, error } = await anon.rpc("capacity_days", { _from: days[0]!, _to: days.at(-1)!, _hours: hours, _slots: [...TIME_SLOTS] });
      if (error) throw error;
      // Each day of the range as its own slots judge it: full when it is open and none of them fits.
      for (const day of range) {
        const { data: slots, error: slotsError } = await anon.rpc("capacity_slots", { _day: day.day, _hours: hours, _slots: [...TIME_SLOTS] });
        if (slotsError) throw slotsError;
        expect({ day: day.day, hours, full: day.full }).toEqual({ day: day.day, hours, full: !day.closed && !slots.some((slot) => slot.fits) });
      }
      verdicts[hours] = Object.fromEntries(range.filter((day) => days.includes(day.day)).map((day) => [day.day, day.full]));
    }
    // A 2-hour move fits before the afternoon's move and around noon's. A crew counts as out until
    // closing at most, so an 8-hour move fits wherever a crew is free from some start until closing.
    expect(verdicts[2]).toEqual({ [oneCrewAfternoon]: false, [bothOutAtNoon]: false, [oneOfTwoOut]: false, [oneCrewAllDay]: true });
    expect(verdicts[8]).toEqual({ [oneCrewAfternoon]: true, [bothOutAtNoon]: false, [oneOfTwoOut]: false, [oneCrewAllDay]: true });
  });

  it("hold a crew from opening for a booking without a time, and free it for the next move at the minute it ends", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const untimed = await insertStoredBooking(serviceRole, customer, { moving_date: day, moving_time: null, estimated_hours: 4, status: "confirmed" });
    expect(await heldSpan(day, untimed.id)).toBe("08:00–12:00");
    // A move from 16:00 runs until closing at most: it fits too.
    expect(await fittingSlots(day, 4)).toEqual(["12:00", "14:00", "16:00"]);
    // A move from 12:00 takes the crew the first one frees at 12:00.
    const next = await saveAtPay(day, { propertySize: "1_bedroom", time: "12:00" });
    expect(await heldSpan(day, next.id)).toBe("12:00–16:00");
  });

  it("give a date its weekday's crews unless it has its own, and close a date or a weekday with none", async () => {
    const day = freshDay();
    for (let index = 0; index < 3; index++) await saveAtPay(day, { time: "08:00" });
    expect(await fittingSlots(day, 4)).toEqual(["12:00", "14:00", "16:00"]);
    expect(await payFor(day, { time: "10:00" })).toMatchObject({ kind: "slot-taken" });

    await setDay(day, { crews: 4 });
    expect(await fittingSlots(day, 4)).toEqual(TIME_SLOTS);
    expect((await capacityOfDays(anon, { from: day, to: day, hours: 4 }))[0]).toMatchObject({ crews: 4, crewsUsed: 3, state: "open" });

    await setDay(day, { closed: true, reason: "Thanksgiving" });
    expect((await capacityOfDays(anon, { from: day, to: day, hours: 4 }))[0]).toEqual({
      date: day,
      crews: 0,
      crewsUsed: 3,
      state: "closed",
      reason: "Thanksgiving",
    });
    expect(await fittingSlots(day, 4)).toEqual([]);
    expect(await payFor(day, { time: "14:00" })).toMatchObject({ kind: "day-closed", reason: "Thanksgiving" });

    await setDay(day, "weekday");
    expect((await capacityOfDays(anon, { from: day, to: day, hours: 4 }))[0]).toMatchObject({ crews: 3, state: "open", reason: null });

    // A weekday with no crews is closed on every date without a setting of its own.
    const crews = await serviceRole.from("weekday_crews").select("iso_weekday, crews").order("iso_weekday");
    const previous = crews.data!.map((row) => row.crews);
    const saturday = freshSaturday();
    expect((await admin.client.rpc("set_weekday_crews", { _crews: [...previous.slice(0, 5), 0, previous[6]!] })).data).toBe(1);
    try {
      expect((await capacityOfDays(anon, { from: saturday, to: saturday, hours: 2 }))[0]).toMatchObject({ crews: 0, state: "closed", reason: null });
      expect(await payFor(saturday, { time: "08:00" })).toMatchObject({ kind: "day-closed" });
    } finally {
      await admin.client.rpc("set_weekday_crews", { _crews: previous });
    }
  });

  it("free a cancelled booking's crew at once", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const booked = await insertStoredBooking(serviceRole, customer, { moving_date: day, moving_time: "10:00", estimated_hours: 4, status: "confirmed" });
    expect(await fittingSlots(day, 2)).toEqual(["08:00", "14:00", "16:00"]);
    const cancelled = await admin.client.rpc("set_booking_status", { _booking_id: booked.id, _status: "cancelled" });
    expect(cancelled.error).toBeNull();
    expect(await fittingSlots(day, 2)).toEqual(TIME_SLOTS);
    expect(await heldSpan(day, booked.id)).toBeNull();
    await expect(saveAtPay(day, { time: "10:00" })).resolves.toMatchObject({ moving_time: "10:00:00" });
  });

  it("hold a waiting customer's crew for the checkout's lifetime from the save, and no longer", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const before = Date.now();
    const waiting = await saveAtPay(day, { time: "08:00" });
    const hold = new Date(waiting.hold_expires_at!).getTime();
    expect(hold).toBeGreaterThanOrEqual(before + CHECKOUT_LIFETIME_SECONDS * 1000);
    expect(hold).toBeLessThanOrEqual(Date.now() + CHECKOUT_LIFETIME_SECONDS * 1000);
    expect(await fittingSlots(day, 2)).toEqual(["12:00", "14:00", "16:00"]);

    // An hour later (the hold in the past): the crew is free again, for anyone.
    await backend.sql("update public.bookings set hold_expires_at = now() - interval '1 second' where id = $1", [waiting.id]);
    expect(await heldSpan(day, waiting.id)).toBeNull();
    expect(await fittingSlots(day, 2)).toEqual(TIME_SLOTS);

    // A pending booking whose deposit is paid holds its crew without any hold.
    await backend.sql("update public.bookings set deposit_status = 'paid', deposit_paid_at = now() where id = $1", [waiting.id]);
    expect(await heldSpan(day, waiting.id)).toBe("08:00–12:00");
  });

  it("never refuse a deposit paid after its hold ended, even when the crew was taken meanwhile", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const late = await saveAtPay(day, { time: "08:00" });
    const sessionId = `cs_test_${randomUUID().replaceAll("-", "")}`;
    await backend.sql("update public.bookings set stripe_checkout_session_id = $2, hold_expires_at = now() - interval '1 second' where id = $1", [
      late.id,
      sessionId,
    ]);
    const other = await saveAtPay(day, { time: "08:00", fullName: "Quicker Customer" });
    const paid = await serviceRole.rpc("mark_deposit_paid", { _booking_id: late.id, _session_id: sessionId, _confirm: true });
    expect(paid.error).toBeNull();
    expect(await stored(late.id)).toMatchObject({ deposit_status: "paid", status: "confirmed" });
    // Both hold the one crew: the office sees the day over capacity.
    expect(await heldSpan(day, late.id)).toBe("08:00–12:00");
    expect(await heldSpan(day, other.id)).toBe("08:00–12:00");
    expect((await capacityOfDays(anon, { from: day, to: day, hours: 2 }))[0]).toMatchObject({ crews: 1, crewsUsed: 2 });
  });

  it("never hold a crew past the live Checkout Session the customer pays in", async () => {
    const day = freshDay();
    const waiting = await saveAtPay(day, { time: "08:00" });
    const sessionEnds = new Date(Date.now() + 10 * 60 * 1000).toISOString();
    const { error } = await serviceRole
      .from("bookings")
      .update({ checkout_expires_at: sessionEnds, hold_expires_at: new Date(Date.now() + 3_600_000).toISOString() })
      .eq("id", waiting.id);
    expect(error).toBeNull();
    expect(new Date((await stored(waiting.id)).hold_expires_at!).getTime()).toBe(new Date(sessionEnds).getTime());
  });

  it("answer a guest with crews and slots, never with a booking", async () => {
    const day = freshDay();
    await saveAtPay(day, { time: "08:00" });
    const slots = await anon.rpc("capacity_slots", { _day: day, _hours: 4, _slots: [...TIME_SLOTS] });
    expect(slots.error).toBeNull();
    expect(Object.keys(slots.data![0]!).sort()).toEqual(["fits", "slot"]);
    const days = await anon.rpc("capacity_days", { _from: day, _to: day, _hours: 4, _slots: [...TIME_SLOTS] });
    expect(Object.keys(days.data![0]!).sort()).toEqual(["closed", "crews", "crews_used", "day", "full", "reason"]);
    // More than 92 days at once is refused.
    const tooMany = await anon.rpc("capacity_days", { _from: "2027-01-01", _to: "2027-12-31", _hours: 4, _slots: [...TIME_SLOTS] });
    expect(tooMany.error?.code).toBe("22023");
  });

  it("leave out the crew of the booking being moved, for those who may move it only", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const theirs = await savedBooking(serviceRole, {
      request: sampleBookingRequest({ date: day, time: "10:00", propertySize: "1_bedroom" }),
      userId: customer.user.id,
      draftId: randomUUID(),
    });
    const hours = estimatedHours("1_bedroom");
    const tenFits = async (client: AppSupabaseClient, exceptBooking?: string) => {
      const { slots } = await slotsOfDay(client, { date: day, hours, exceptBooking }, await anyStart());
      const [today] = await capacityOfDays(client, { from: day, to: day, hours, slots: ["10:00"], exceptBooking });
      return { slot: slots.find((slot) => slot.time === "10:00")?.fits, day: today!.state };
    };
    // The owner, the office and the server (for the holder of the booking's link) see its own time free.
    expect(await tenFits(customer.client, theirs.id)).toEqual({ slot: true, day: "open" });
    expect(await tenFits(admin.client, theirs.id)).toEqual({ slot: true, day: "open" });
    expect(await tenFits(serviceRole, theirs.id)).toEqual({ slot: true, day: "open" });
    // Anyone else asking to leave it out is answered as if they had not: the crew is out then.
    const stranger = await signInCustomer(backend, "stranger", "Sam Stranger");
    expect(await tenFits(stranger.client, theirs.id)).toEqual({ slot: false, day: "full" });
    expect(await tenFits(anon, theirs.id)).toEqual({ slot: false, day: "full" });
    expect(await tenFits(customer.client)).toEqual({ slot: false, day: "full" });
  });
});

/** A Saturday of its own, after the other tests' days. */
function freshSaturday(): string {
  for (;;) {
    const day = freshDay();
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 6) return day;
  }
}

describe.skipIf(usingHostedBackend)("two customers pressing Pay for the last crew", () => {
  it("saves exactly one booking; the other is told the time was just taken and nothing of theirs is saved", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const outcomes = await Promise.all([payFor(day, { time: "10:00", fullName: "First Racer" }), payFor(day, { time: "10:00", fullName: "Second Racer" })]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["saved", "slot-taken"]);
    expect(await bookingsOn(day)).toBe(1);
  });

  it("lets one customer's two presses of Pay at once keep their one booking", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const draftId = randomUUID();
    const both = await Promise.all([saveAtPay(day, { time: "10:00" }, draftId), saveAtPay(day, { time: "10:00" }, draftId)]);
    expect(both[0].id).toBe(both[1].id);
    expect(await bookingsOn(day)).toBe(1);
  });

  it("gives a customer coming back from Checkout their own crew again, and moves them when they pick another time", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const draftId = randomUUID();
    const first = await saveAtPay(day, { time: "08:00" }, draftId);
    const again = await saveAtPay(day, { time: "08:00", propertySize: "studio" }, draftId);
    expect(again.id).toBe(first.id);
    const moved = await saveAtPay(day, { time: "14:00" }, draftId);
    expect(await heldSpan(day, moved.id)).toBe("14:00–18:00");
    expect(await fittingSlots(day, 2)).toEqual(["08:00", "10:00", "12:00"]);
  });

  it("saves 'No preferred time' at the first slot a crew is free for the whole move", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    await saveAtPay(day, { time: "08:00", propertySize: "1_bedroom" });
    const flexible = await saveAtPay(day, { time: null, propertySize: "studio" });
    expect(flexible.moving_time).toBe("12:00:00");
    expect(await heldSpan(day, flexible.id)).toBe("12:00–15:00");

    // An 8-hour move finds the crew free from 16:00 (until closing, where it stops counting).
    const late = await saveAtPay(day, { time: null, propertySize: "3_bedroom" });
    expect(await heldSpan(day, late.id)).toBe("16:00–18:00");

    // When no slot is left for the move, nothing is saved.
    expect(await payFor(day, { time: null, propertySize: "studio" })).toMatchObject({ kind: "slot-taken" });
    expect(await bookingsOn(day)).toBe(3);
  });
});

describe.skipIf(usingHostedBackend || usingHostedStripe)("a Checkout that expires", () => {
  let testStripe: TestStripe;
  let emulator: StripeEmulator;
  let app: TestApp;

  beforeAll(async () => {
    // Stripe's webhook deliveries go through the app's request handler, to its webhook route.
    testStripe = await startTestStripe({
      webhookUrl: `${TEST_PUBLIC_URL}/api/stripe/webhook`,
      deliver: async (input, init) => app.handle(new Request(input, init)),
    });
    emulator = testStripe.emulator!;
    app = await startTestApp(backend, { stripe: { secretKey: emulator.secretKey, webhookSecret: emulator.webhookSecret, fetch: emulator.fetch } });
  }, 120_000);

  afterAll(async () => {
    await testStripe?.close();
  });

  it("frees its crew when Stripe reports it expired; paying later from the dashboard finds the crew taken", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const waiting = await saveAtPay(day, { time: "08:00", email: customer.user.email! });
    const checkout = await startCheckout(testStripe.stripe, serviceRole, waiting, { publicUrl: TEST_PUBLIC_URL, idempotencyKey: `deposit-${randomUUID()}` });
    expect(checkout).toMatchObject({ url: expect.any(String) });
    const held = await stored(waiting.id);
    // The crew is held for the session's lifetime.
    expect(held.hold_expires_at).toBe(held.checkout_expires_at);
    expect(await payFor(day, { time: "08:00" })).toMatchObject({ kind: "slot-taken" });

    await expireSession(emulator, held.stripe_checkout_session_id!);
    await deliveriesSettled(emulator);
    expect(await stored(waiting.id)).toMatchObject({ deposit_status: "expired", status: "pending" });
    expect(await heldSpan(day, waiting.id)).toBeNull();
    const other = await saveAtPay(day, { time: "08:00", fullName: "Second Customer" });
    expect(await heldSpan(day, other.id)).toBe("08:00–12:00");

    // The first customer tries to pay again from their dashboard: no crew is left at their time.
    const again = await startCheckout(testStripe.stripe, serviceRole, await stored(waiting.id), {
      publicUrl: TEST_PUBLIC_URL,
      idempotencyKey: `deposit-${randomUUID()}`,
    });
    expect(again).toEqual({ kind: "slot-taken" });
    expect(CHECKOUT_REFUSAL_MESSAGES["slot-taken"]).toBe(PAYMENT_MESSAGES.slotGone);
    expect(await stored(waiting.id)).toMatchObject({ deposit_status: "expired", stripe_checkout_session_id: held.stripe_checkout_session_id });
  });

  it("takes the crew again for a deposit paid later from the dashboard when one is free", async () => {
    const day = freshDay();
    await setDay(day, { crews: 1 });
    const waiting = await saveAtPay(day, { time: "10:00" });
    await backend.sql("update public.bookings set hold_expires_at = now() - interval '1 minute', deposit_status = 'expired' where id = $1", [waiting.id]);
    expect(await heldSpan(day, waiting.id)).toBeNull();
    const checkout = await startCheckout(testStripe.stripe, serviceRole, await stored(waiting.id), {
      publicUrl: TEST_PUBLIC_URL,
      idempotencyKey: `deposit-${randomUUID()}`,
    });
    expect(checkout).toMatchObject({ url: expect.any(String) });
    expect(await stored(waiting.id)).toMatchObject({ deposit_status: "unpaid" });
    expect(await heldSpan(day, waiting.id)).toBe("10:00–14:00");
  });
});
