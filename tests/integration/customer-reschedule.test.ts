import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { manageBookingToken } from "../../app/services/manage-links.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { TablesInsert } from "../../supabase/types.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { signIn, startTestApp, type TestApp, type Visitor } from "./support/app-client.ts";
import { signInCustomer, type Customer } from "./support/customer.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// A customer moving their own booking through the real request path (the booking's reschedule page,
// signed in or with the link of its emails) against the embedded Supabase: the company's rules, the crew
// taken at the new time and released at the old, the history and the 'changed' message, and every
// refusal answered with its message and a 4xx, leaving the booking as it was.

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

const reschedulePage = (bookingId: string) => `/dashboard/bookings/${bookingId}/reschedule`;

/** The customer posts the reschedule form of their booking's page: the new date and time ("" for none). */
const reschedule = (who: { visitor: Visitor }, bookingId: string, to: { date: string; time: string }) =>
  who.visitor.post(reschedulePage(bookingId), { intent: "reschedule", ...to });

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

    const answer = await reschedule(alice, booking.id, { date: to, time: "12:00" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/dashboard/bookings/${booking.id}`);
    expect(await alice.visitor.toast(answer.location!)).toMatchObject({ type: "success", title: "Move rescheduled" });
    expect(await stored(booking.id)).toMatchObject({ moving_date: to, moving_time: "12:00:00", online_reschedules: 1 });
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

  it("shows the calendar for this move with its own time free; without JavaScript a month or a date's times are addresses of the page", async () => {
    const day = freshDay();
    await setCrews(day, 1);
    const booking = await paidBooking(alice, { moving_date: day });

    // The page: the move as it is, the deadline and the moves left, its date and time chosen and free.
    const page = await alice.visitor.get(reschedulePage(booking.id));
    expect(page.status).toBe(200);
    expect(page.text).toContain("You can reschedule online until");
    expect(page.text).toContain("2 more times");
    expect(page.html).toContain(`name="date" checked="" value="${day}"`);
    expect(page.html).toContain(`name="time" checked="" value="10:00"`);

    // The month button and 'Show free times' post the form unchecked and come back as the page's address.
    const next = addDays(day, 40).slice(0, 7);
    const nextMonth = await alice.visitor.post(reschedulePage(booking.id), { intent: `month:${next}`, date: day, time: "14:00" });
    expect(nextMonth.status).toBe(302);
    expect(nextMonth.location).toBe(`${reschedulePage(booking.id)}?month=${next}&date=${day}&time=14%3A00#move-date`);
    const shown = await alice.visitor.get(nextMonth.location!.replace(/#.*/, ""));
    expect(shown.text).toContain(
      new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${next}-01T00:00:00Z`)),
    );
    expect(await stored(booking.id)).toMatchObject({ moving_date: day, online_reschedules: 0 });

    // With JavaScript the calendar asks its resource route: the same answer, as JSON; another's booking is a 404.
    const answer = await alice.visitor.send(
      new Request(`${TEST_PUBLIC_URL}/dashboard/bookings/${booking.id}/availability?month=${day.slice(0, 7)}&date=${day}`),
    );
    expect(answer.status).toBe(200);
    const json = (await answer.json()) as { day: { slots: Array<{ time: string; fits: boolean }> } };
    expect(json.day.slots.find((slot) => slot.time === "10:00")?.fits).toBe(true);
    expect((await bob.visitor.send(new Request(`${TEST_PUBLIC_URL}/dashboard/bookings/${booking.id}/availability?month=${day.slice(0, 7)}`))).status).toBe(404);
    expect((await alice.visitor.send(new Request(`${TEST_PUBLIC_URL}/dashboard/bookings/${booking.id}/availability?month=soon`))).status).toBe(400);
  });

  it("refuses a full time, a closed day, a day too soon and a time not on the hour, changing nothing", async () => {
    const [full, closed] = [freshDay(), freshDay()];
    await Promise.all([setCrews(full, 1), setCrews(closed, null)]);
    await paidBooking(bob, { moving_date: full });
    const booking = await paidBooking(alice);
    const before = await stored(booking.id);

    const refusals: Array<[{ date: string; time: string }, number, string]> = [
      [{ date: full, time: "10:00" }, 409, "10:00 AM is full on"],
      [{ date: closed, time: "10:00" }, 409, "We are closed on"],
      [{ date: today, time: "10:00" }, 409, "at such short notice"],
      [{ date: addDays(today, -3), time: "10:00" }, 400, "Move date can't be in the past"],
      [{ date: freshDay(), time: "10:30" }, 400, "Choose one of the time slots"],
      [{ date: "2027-02-30", time: "10:00" }, 400, ""],
      [{ date: before.moving_date, time: "10:00" }, 400, "That is your move's date and time already"],
    ];
    for (const [to, status, message] of refusals) {
      const answer = await reschedule(alice, booking.id, to);
      expect(answer.status, JSON.stringify(to)).toBe(status);
      expect(answer.text).toContain(message);
    }
    expect(await stored(booking.id)).toEqual(before);
  });

  it("refuses after the online deadline, another customer's booking, and a cancelled or completed one", async () => {
    const soon = new Date(Date.now() + 47 * HOUR);
    const wall = new Intl.DateTimeFormat("en-CA", { timeZone: COMPANY.timeZone, dateStyle: "short" }).format(soon);
    const hour = new Intl.DateTimeFormat("en-GB", { timeZone: COMPANY.timeZone, hour: "2-digit", hourCycle: "h23" }).format(soon);
    const close = await paidBooking(alice, { moving_date: wall, moving_time: `${hour}:00` });
    const tooLate = await reschedule(alice, close.id, { date: freshDay(), time: "10:00" });
    expect(tooLate.status).toBe(409);
    expect(tooLate.text).toContain("Your move is less than 48 hours away, so it can no longer be rescheduled online.");
    // Its page says so before the customer tries, with the phone, and offers no calendar.
    const closePage = await alice.visitor.get(reschedulePage(close.id));
    expect(closePage.text).toContain("can no longer be rescheduled online. Please call us at");
    expect(closePage.html).not.toContain('name="date"');

    const theirs = await paidBooking(bob);
    expect((await reschedule(alice, theirs.id, { date: freshDay(), time: "10:00" })).status).toBe(404);
    expect((await alice.visitor.get(reschedulePage(theirs.id))).status).toBe(404);
    for (const status of ["cancelled", "completed"]) {
      const done = await paidBooking(alice, { status });
      const answer = await reschedule(alice, done.id, { date: freshDay(), time: "10:00" });
      expect(answer.status, status).toBe(409);
      expect(answer.text).toContain("This booking can no longer be rescheduled.");
    }
    expect(await stored(theirs.id)).toMatchObject({ moving_date: theirs.moving_date, online_reschedules: 0 });
  });

  it("allows as many online moves as the company set, then sends the customer to the office", async () => {
    await backend.sql("update public.app_settings set online_reschedule_limit = 1 where id");
    try {
      // A server started now reads the new rule.
      const strict = await startTestApp(backend);
      const carol = await signInCustomer(strict, "carol");
      const booking = await paidBooking(carol);
      expect((await reschedule(carol, booking.id, { date: freshDay(), time: "10:00" })).status).toBe(302);
      const again = await reschedule(carol, booking.id, { date: freshDay(), time: "10:00" });
      expect(again.status).toBe(409);
      expect(again.text).toContain("This booking has been rescheduled online once, as often as we allow.");
      expect(await stored(booking.id)).toMatchObject({ online_reschedules: 1 });
      // Its page says so, with the phone, and offers no calendar.
      const page = await carol.visitor.get(reschedulePage(booking.id));
      expect(page.text).toContain("This booking has been rescheduled online once, as often as we allow. Please call us at");
      expect(page.html).not.toContain('name="date"');
    } finally {
      await backend.sql("update public.app_settings set online_reschedule_limit = default where id");
    }
  });

  it("lets the customer of a day the office closed, asked to pick another, move it past the deadline and the limit, or cancel it with the deposit back", async () => {
    const admin = await signIn(app, "admin");
    await backend.sql("update public.app_settings set refund_deposit_on_customer_cancel = false where id");
    try {
      const tomorrow = addDays(today, 1);
      const moving = await paidBooking(alice, { moving_date: tomorrow, online_reschedules: 2 });
      const cancelling = await paidBooking(alice, { moving_date: tomorrow, online_reschedules: 2 });
      const closed = await admin.visitor.post(`/admin/schedule?day=${tomorrow}`, { intent: "close-day", reason: "Storm", confirm: "1", askCustomers: "yes" });
      expect(closed.status).toBe(302);
      // Only the office's closing marks a booking: its customer cannot, to escape the rules.
      const marked = await alice.client.from("bookings").update({ new_date_requested_at: new Date().toISOString() }).eq("id", moving.id).select();
      expect(marked.error).toMatchObject({ code: "42501" });

      // Past the 48-hour deadline and at the limit of two, the page offers the calendar all the same.
      const page = await alice.visitor.get(reschedulePage(moving.id));
      expect(page.text).toContain("we have had to close on");
      expect(page.html).toContain('name="date"');
      const to = freshDay();
      const answer = await reschedule(alice, moving.id, { date: to, time: "12:00" });
      expect(answer.status).toBe(302);
      // The move is not counted, and the booking no longer needs a new date.
      expect(await stored(moving.id)).toMatchObject({ moving_date: to, online_reschedules: 2, new_date_requested_at: null });

      // Cancelled, its paid deposit is owed back though the company keeps deposits of customers who cancel.
      const detailsPage = await alice.visitor.get(`/dashboard/bookings/${cancelling.id}`);
      expect(detailsPage.text).toContain("your $50 deposit is refunded in full");
      const cancelled = await alice.visitor.post(`/dashboard/bookings/${cancelling.id}`, { intent: "cancel" });
      expect(cancelled.status).toBe(302);
      // No Stripe payment stands behind this stored deposit, so the refund stays owed, for the retries.
      expect(await stored(cancelling.id)).toMatchObject({ status: "cancelled", refund_due_at: expect.any(String), new_date_requested_at: null });
    } finally {
      await backend.sql("update public.app_settings set refund_deposit_on_customer_cancel = default where id");
    }
  });

  it("moves a guest's booking for the holder of its link, whose email must be the booking's; nobody else may call it", async () => {
    const guest = { user: { id: randomUUID(), email: `guest.${randomUUID().slice(0, 8)}@example.com` } } as Pick<Customer, "user">;
    const booking = await paidBooking(guest, { user_id: null });
    const to = freshDay();
    const guestVisitor = app.visitor();
    const token = manageBookingToken(app.options.cookieSecret, booking);
    const page = `/manage/reschedule?${new URLSearchParams({ token })}`;
    // A forged signature, or this booking's signature on another booking's id, opens and moves nothing.
    const other = await paidBooking(guest, { user_id: null });
    const forged = `/manage/reschedule?${new URLSearchParams({ token: `${other.id}.${token.split(".")[1]}` })}`;
    expect((await guestVisitor.post(forged, { intent: "reschedule", date: to, time: "" })).status).toBe(404);
    expect((await guestVisitor.get(forged)).status).toBe(404);
    expect(await stored(other.id)).toMatchObject({ moving_date: other.moving_date, online_reschedules: 0 });

    const answer = await guestVisitor.post(page, { intent: "reschedule", date: to, time: "" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/manage?${new URLSearchParams({ token })}`);
    expect(await stored(booking.id)).toMatchObject({ moving_date: to, moving_time: null });
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
