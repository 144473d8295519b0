import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { rescheduleByManageLink, rescheduleMyBooking } from "../../app/services/customer-reschedule.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { TablesInsert } from "../../supabase/types.ts";
import { startTestApp, type TestApp } from "./support/app-client.ts";
import { signInCustomer, type Customer } from "./support/customer.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// A customer moving their own booking (reschedule_my_booking, and the manage link's function) against
// the embedded Supabase: the company's rules, the crew taken at the new time and released at the old,
// the history and the 'changed' message, and every refusal leaving the booking as it was.

const HOUR = 60 * 60 * 1000;
let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let alice: Customer;
let bob: Customer;
const today = todayIn(COMPANY.timeZone);

/** A date of its own for each booking or day a test needs, 30 days ahead and later. */
let dayCounter = 0;
const freshDay = () => addDays(today, 30 + dayCounter++);

/** The day's crews, or null to close it. */
async function setCrews(day: string, crews: number | null) {
  const closed = crews === null;
  const { error } = await service.from("schedule_days").upsert({ day, crews, closed, reason: closed ? "Flood" : null });
  if (error) throw error;
}

/** A paid booking of `owner`'s, as the server writes it. */
const paidBooking = (owner: Pick<Customer, "user">, columns: Partial<TablesInsert<"bookings">> = {}) =>
  insertStoredBooking(service, owner, {
    moving_date: freshDay(),
    moving_time: "10:00",
    estimated_hours: 6,
    deposit_status: "paid",
    deposit_paid_at: new Date().toISOString(),
    ...columns,
  });

async function stored(id: string) {
  const { data, error } = await service.from("bookings").select("*").eq("id", id).single();
  if (error) throw error;
  return data;
}

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  [alice, bob] = await Promise.all([signInCustomer(app, "alice"), signInCustomer(app, "bob")]);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe.skipIf(usingHostedBackend)("a customer moving their own booking", () => {
  it("moves to a free time: the old crew is released, the history and one 'changed' email say it was the customer", async () => {
    const [from, to] = [freshDay(), freshDay()];
    await Promise.all([setCrews(from, 1), setCrews(to, 1)]);
    const booking = await paidBooking(alice, { moving_date: from });

    const result = await rescheduleMyBooking(alice.client, booking.id, { date: to, time: "12:00" });
    expect(result).toMatchObject({ kind: "rescheduled", booking: { moving_date: to, moving_time: "12:00:00", online_reschedules: 1 } });
    const edits = await backend.sql<{ field: string; before: string; after: string; changed_by: string; by_customer: boolean }>(
      "select field, before, after, changed_by, by_customer from public.booking_edits where booking_id = $1 order by field",
      [booking.id],
    );
    expect(edits).toEqual([
      { field: "moving_date", before: from, after: to, changed_by: alice.user.id, by_customer: true },
      { field: "moving_time", before: "10:00:00", after: "12:00:00", changed_by: alice.user.id, by_customer: true },
    ]);
    const messages = await backend.sql<{ facts: { changedBy: string; previous: { movingDate: string } }; send_at_night: boolean }>(
      "select facts, send_at_night from public.message_outbox where booking_id = $1 and kind = 'booking_rescheduled'",
      [booking.id],
    );
    expect(messages).toEqual([
      expect.objectContaining({
        send_at_night: true,
        facts: expect.objectContaining({ changedBy: "customer", previous: expect.objectContaining({ movingDate: from }) }),
      }),
    ]);
    // The one crew of the old day is free again: another customer can take the old time.
    await expect(
      paidBooking(bob, { moving_date: from, deposit_status: "unpaid", deposit_paid_at: null, hold_expires_at: new Date(Date.now() + HOUR).toISOString() }),
    ).resolves.toMatchObject({ moving_date: from });
  });

  it("refuses a full time, a closed day, a day too soon and a time not on the hour, changing nothing", async () => {
    const [full, closed] = [freshDay(), freshDay()];
    await Promise.all([setCrews(full, 1), setCrews(closed, null)]);
    await paidBooking(bob, { moving_date: full });
    const booking = await paidBooking(alice);
    const before = await stored(booking.id);

    expect(await rescheduleMyBooking(alice.client, booking.id, { date: full, time: "10:00" })).toEqual({ kind: "full" });
    expect(await rescheduleMyBooking(alice.client, booking.id, { date: closed, time: "10:00" })).toEqual({ kind: "day-closed" });
    expect(await rescheduleMyBooking(alice.client, booking.id, { date: today, time: "10:00" })).toEqual({ kind: "not-bookable", reason: "too-soon" });
    expect(await rescheduleMyBooking(alice.client, booking.id, { date: addDays(today, -3), time: "10:00" })).toEqual({
      kind: "not-bookable",
      reason: "too-soon",
    });
    expect(await rescheduleMyBooking(alice.client, booking.id, { date: freshDay(), time: "10:30" })).toEqual({ kind: "not-changeable" });
    expect(await stored(booking.id)).toEqual(before);
  });

  it("refuses after the online deadline, another customer's booking, and a cancelled or completed one", async () => {
    const soon = new Date(Date.now() + 47 * HOUR);
    const wall = new Intl.DateTimeFormat("en-CA", { timeZone: COMPANY.timeZone, dateStyle: "short" }).format(soon);
    const hour = new Intl.DateTimeFormat("en-GB", { timeZone: COMPANY.timeZone, hour: "2-digit", hourCycle: "h23" }).format(soon);
    const close = await paidBooking(alice, { moving_date: wall, moving_time: `${hour}:00` });
    expect(await rescheduleMyBooking(alice.client, close.id, { date: freshDay(), time: "10:00" })).toEqual({ kind: "too-late" });

    const theirs = await paidBooking(bob);
    expect(await rescheduleMyBooking(alice.client, theirs.id, { date: freshDay(), time: "10:00" })).toEqual({ kind: "not-found" });
    for (const status of ["cancelled", "completed"]) {
      const done = await paidBooking(alice, { status });
      expect(await rescheduleMyBooking(alice.client, done.id, { date: freshDay(), time: "10:00" }), status).toEqual({ kind: "not-changeable" });
    }
    expect(await stored(theirs.id)).toMatchObject({ moving_date: theirs.moving_date, online_reschedules: 0 });
  });

  it("allows as many online moves as the company set, then sends the customer to the office", async () => {
    await backend.sql("update public.app_settings set online_reschedule_limit = 1 where id");
    try {
      const booking = await paidBooking(alice);
      expect(await rescheduleMyBooking(alice.client, booking.id, { date: freshDay(), time: "10:00" })).toMatchObject({ kind: "rescheduled" });
      expect(await rescheduleMyBooking(alice.client, booking.id, { date: freshDay(), time: "10:00" })).toEqual({ kind: "limit-reached" });
      expect(await stored(booking.id)).toMatchObject({ online_reschedules: 1 });
    } finally {
      await backend.sql("update public.app_settings set online_reschedule_limit = default where id");
    }
  });

  it("moves a guest's booking for the holder of its link, whose email must be the booking's; nobody else may call it", async () => {
    const guest = { user: { id: randomUUID(), email: `guest.${randomUUID().slice(0, 8)}@example.com` } } as Pick<Customer, "user">;
    const booking = await paidBooking(guest, { user_id: null });
    const to = freshDay();
    expect(await rescheduleByManageLink(service, { bookingId: booking.id, email: "someone.else@example.com" }, { date: to, time: "10:00" })).toEqual({
      kind: "not-found",
    });
    expect(await rescheduleByManageLink(service, { bookingId: booking.id, email: guest.user.email.toUpperCase() }, { date: to, time: null })).toMatchObject({
      kind: "rescheduled",
      booking: { moving_date: to, moving_time: null },
    });
    const [edit] = await backend.sql<{ changed_by: string | null; by_customer: boolean }>(
      "select changed_by, by_customer from public.booking_edits where booking_id = $1 and field = 'moving_date'",
      [booking.id],
    );
    expect(edit).toEqual({ changed_by: null, by_customer: true });
    for (const client of [backend.createClient(), alice.client]) {
      const refused = await client.rpc("reschedule_booking_by_manage_link", {
        _booking_id: booking.id,
        _email: guest.user.email,
        _moving_date: freshDay(),
        _moving_time: "10:00",
      });
      expect(refused.error).toMatchObject({ code: "42501" });
    }
  });
});
