import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingInsertRow, type BookingRequest } from "../../app/domain/booking.ts";
import { CAPACITY_SQLSTATES, CHECKOUT_LIFETIME_SECONDS, capacityRefusalOf } from "../../app/domain/capacity.ts";
import { estimateBooking } from "../../app/domain/pricing.ts";
import { sampleBookingRequest } from "../integration/support/booking-request.ts";
import {
  SERVICE_ROLE,
  asSuperuser,
  callAs,
  copyOfTemplate,
  createAccount,
  interleaved,
  releasedAtOnce,
  type CallerTransaction,
  type Claims,
  type Outcome,
  type TestDatabase,
} from "./support/database.ts";

// Customers pressing Pay for the last crew of a day at the same moment: the server saves each booking
// with the service role, and the trigger public.enforce_crew_capacity counts the day's crews in the
// transaction that saves it. On real PostgreSQL the saves truly overlap: one holds the crew, the other
// is refused with the capacity error the wizard turns into "That time was just taken".

let database: TestDatabase;
let weakened: TestDatabase;
let admin: Claims;

beforeAll(async () => {
  database = await copyOfTemplate();
  // The same trigger without the day's lock: what the count would be without it.
  const unlocked = await asSuperuser(database.url, async (client) => {
    const { rows } = await client.query<{ definition: string }>("select pg_get_functiondef('public.enforce_crew_capacity()'::regprocedure) as definition");
    return rows[0]!.definition.replace(/^\s*perform pg_advisory_xact_lock\(20261130,[^;]*;$/m, "");
  });
  expect(unlocked, "the day's lock was not found in enforce_crew_capacity").not.toMatch(/pg_advisory_xact_lock\(20261130/);
  weakened = await copyOfTemplate(unlocked);
  admin = await asSuperuser(database.url, (client) => createAccount(client, "admin"));
  for (const { url } of [database, weakened])
    await asSuperuser(url, (client) => client.query("update public.app_settings set long_moves_run_over = true, minimum_lead_days = 1"));
});

afterAll(async () => {
  await Promise.all([database?.drop(), weakened?.drop()]);
});

/** A date of its own for each test (weekdays from September 2027), so no two share a day's crews. */
let dayCounter = 0;
function freshDay(): string {
  for (;;) {
    const date = new Date(Date.UTC(2027, 8, 6 + dayCounter++));
    if (date.getUTCDay() !== 0) return date.toISOString().slice(0, 10);
  }
}

/** Gives `day` that many crews, as an admin does from the schedule (a permission-checked function). */
async function setCrews(url: string, day: string, crews: number): Promise<void> {
  const caller = url === database.url ? admin : await asSuperuser(url, (client) => createAccount(client, "admin"));
  const outcome = await callAs(url, caller, (transaction) => transaction.query("select public.set_schedule_day($1, $2, false)", [day, crews]));
  if (!outcome.ok) throw outcome.error;
}

/** A customer's move saved at Pay as the wizard saves it: pending, deposit unpaid, holding its crew until Checkout ends. */
function payFor(request: BookingRequest) {
  const row = {
    ...bookingInsertRow(request, { userId: null, draftId: randomUUID(), estimate: estimateBooking(request) }),
    hold_expires_at: new Date(Date.now() + CHECKOUT_LIFETIME_SECONDS * 1000).toISOString(),
  };
  const columns = Object.keys(row);
  return (caller: CallerTransaction) =>
    caller.query<{ id: string }>(
      `insert into public.bookings (${columns.join(", ")}) values (${columns.map((_, index) => `$${index + 1}`).join(", ")}) on conflict (draft_id) do nothing returning id`,
      Object.values(row),
    );
}

const customersPaying = (day: string, count: number) =>
  Array.from({ length: count }, (_, index) => payFor(sampleBookingRequest({ date: day, time: "10:00", fullName: `Racer ${index + 1}` })));

const bookingsOn = (url: string, day: string) =>
  asSuperuser(
    url,
    async (client) =>
      (await client.query<{ count: number }>("select count(*)::int as count from public.bookings where moving_date = $1", [day])).rows[0]!.count,
  );

/** What the wizard tells each customer: saved, or the refusal it maps the database's error to. */
const told = (outcome: Outcome<{ id: string }>) =>
  outcome.ok
    ? outcome.rows.length === 1
      ? "saved"
      : "nothing saved"
    : (capacityRefusalOf({ ...outcome.error, details: outcome.error.detail })?.kind ?? outcome.error.message);

describe("customers pressing Pay at once for the last crews of a day", () => {
  it("saves exactly one of two for the last crew; the other is refused with the capacity error", async () => {
    const day = freshDay();
    await setCrews(database.url, day, 1);
    const paying = customersPaying(day, 2);
    const outcomes = await releasedAtOnce(database.url, [SERVICE_ROLE, SERVICE_ROLE], (caller, index) => paying[index]!(caller));
    expect(outcomes.map(told).sort()).toEqual(["saved", "slot-taken"]);
    const refused = outcomes.find((outcome) => !outcome.ok);
    expect(refused?.ok === false && refused.error.code).toBe(CAPACITY_SQLSTATES.slotTaken);
    expect(await bookingsOn(database.url, day)).toBe(1);
  });

  it("saves exactly three of six customers for a day of three crews", async () => {
    const day = freshDay();
    await setCrews(database.url, day, 3);
    const paying = customersPaying(day, 6);
    const outcomes = await releasedAtOnce(
      database.url,
      paying.map(() => SERVICE_ROLE),
      (caller, index) => paying[index]!(caller),
    );
    expect(outcomes.map(told).sort()).toEqual(["saved", "saved", "saved", "slot-taken", "slot-taken", "slot-taken"]);
    expect(await bookingsOn(database.url, day)).toBe(3);
  });

  it("makes a save that starts while another is uncommitted wait for it, then refuses it", async () => {
    const day = freshDay();
    await setCrews(database.url, day, 1);
    const paying = customersPaying(day, 2);
    const outcomes = await interleaved(database.url, [SERVICE_ROLE, SERVICE_ROLE], (caller, index) => paying[index]!(caller));
    expect(outcomes.map(told)).toEqual(["saved", "slot-taken"]);
    expect(await bookingsOn(database.url, day)).toBe(1);
  });

  it("saves both under the same interleaving without the day's lock (the race the lock closes)", async () => {
    const day = freshDay();
    await setCrews(weakened.url, day, 1);
    const paying = customersPaying(day, 2);
    const outcomes = await interleaved(weakened.url, [SERVICE_ROLE, SERVICE_ROLE], (caller, index) => paying[index]!(caller));
    expect(outcomes.map(told)).toEqual(["saved", "saved"]);
    expect(await bookingsOn(weakened.url, day)).toBe(2);
  });
});

describe("customers moving their bookings into the last crew of a day at once", () => {
  /** A paid booking of `customer`'s on `day` at 10:00, saved as the server saves it. */
  async function paidBookingOf(customer: Claims, day: string): Promise<string> {
    const request = sampleBookingRequest({ date: day, time: "10:00", email: String(customer.email) });
    const row = {
      ...bookingInsertRow(request, { userId: customer.sub!, draftId: randomUUID(), estimate: estimateBooking(request) }),
      deposit_status: "paid",
      deposit_paid_at: new Date().toISOString(),
    };
    const columns = Object.keys(row);
    return asSuperuser(
      database.url,
      async (client) =>
        (
          await client.query<{ id: string }>(
            `insert into public.bookings (${columns.join(", ")}) values (${columns.map((_, index) => `$${index + 1}`).join(", ")}) returning id`,
            Object.values(row),
          )
        ).rows[0]!.id,
    );
  }

  it("moves exactly one of two into the last crew; the other is refused and keeps its own day", async () => {
    const [target, firstDay, secondDay] = [freshDay(), freshDay(), freshDay()];
    await setCrews(database.url, target, 1);
    const customers = await asSuperuser(database.url, async (client) => [await createAccount(client), await createAccount(client)]);
    const bookings = [await paidBookingOf(customers[0]!, firstDay), await paidBookingOf(customers[1]!, secondDay)];

    const outcomes = await releasedAtOnce(database.url, customers, (caller, index) =>
      caller.query<{ moving_date: string }>("select moving_date::text from public.reschedule_my_booking($1, $2, '10:00')", [bookings[index], target]),
    );
    expect(outcomes.map((outcome) => (outcome.ok ? "moved" : outcome.error.code)).sort()).toEqual([CAPACITY_SQLSTATES.slotTaken, "moved"]);
    expect(await bookingsOn(database.url, target)).toBe(1);
    // The refused one is where it was, and was not counted as moved.
    const days = await asSuperuser(
      database.url,
      async (client) =>
        (
          await client.query<{ moving_date: string; online_reschedules: number }>(
            "select moving_date::text, online_reschedules from public.bookings where id = any($1) order by online_reschedules",
            [bookings],
          )
        ).rows,
    );
    expect(days.map((row) => row.online_reschedules)).toEqual([0, 1]);
    expect([firstDay, secondDay]).toContain(days[0]!.moving_date);
    expect(days[1]!.moving_date).toBe(target);
  });
});
