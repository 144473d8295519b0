import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_EDIT_MESSAGES } from "../../app/domain/admin-booking-edit.ts";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { SCHEDULE_MESSAGES, weekOf } from "../../app/domain/schedule.ts";
import type { Route as DetailsRoute } from "../../app/routes/admin/+types/booking-details.ts";
import type { Route as BookingsRoute } from "../../app/routes/admin/+types/bookings.ts";
import type { Route as ScheduleRoute } from "../../app/routes/admin/+types/schedule.ts";
import { STATUS_MESSAGES } from "../../app/routes/admin/bookings-table.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, startTestApp, withOwnClient, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";
import { editFormOf } from "./support/booking-edit-form.ts";
import type { BookingRow } from "../../app/domain/booking.ts";

// The office's side of crews and capacity, through the app's request handler (the production build)
// with each person signed in through the login form (so the admin layout's guard, row level security
// and the database's permission checks apply): /admin/schedule, the bookings table's Move date filter
// and crews, and booking over capacity from the admin side on purpose. The pages' forms are posted as
// their router posts them.

/** A signed-in person: their browser, and their own Supabase client for the database's answers to them. */
type Person = SignedInVisitor & { client: AppSupabaseClient };

let backend: TestBackend;
let app: TestApp;
let serviceRole: AppSupabaseClient;
let admin: Person;
let moderator: Person;
let customer: Person;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  serviceRole = app.serviceRole;
  [admin, moderator, customer] = await Promise.all([
    signIn(app, "admin", { fullName: "Ada Admin" }).then(withOwnClient),
    signIn(app, "moderator", { fullName: "Mo Moderator" }).then(withOwnClient),
    signIn(app, "customer", { fullName: "Cam Customer" }).then(withOwnClient),
  ]);
  await serviceRole.from("profiles").update({ full_name: "Ada Admin" }).eq("user_id", admin.user.id);
});

afterAll(async () => {
  await backend?.close();
});

type ScheduleData = ScheduleRoute.ComponentProps["loaderData"];
type DetailsData = DetailsRoute.ComponentProps["loaderData"];
type TableData = BookingsRoute.ComponentProps["loaderData"];

const schedulePath = (day: string) => `/admin/schedule?day=${day}`;

/** The schedule page's data as `who`'s browser loads it. */
const scheduleOf = (who: Person, path: string) => who.visitor.loaderData<ScheduleData>(path, "routes/admin/schedule");

/** A page's form posted by `who` as the page's router posts it: the action's answer (returned, redirected or thrown). */
const submit = (who: Person, path: string, form: Record<string, string>) => who.visitor.act(path, form);

/** Dates of their own for each test, from March 2028 on (Mondays to Saturdays). */
let dayCounter = 0;
function freshDay(): string {
  for (;;) {
    const date = new Date(Date.UTC(2028, 2, 6 + dayCounter++));
    if (date.getUTCDay() !== 0) return date.toISOString().slice(0, 10);
  }
}

const confirmedMove = (day: string, time: string | null, columns: Record<string, unknown> = {}) =>
  insertStoredBooking(serviceRole, customer, { moving_date: day, moving_time: time, estimated_hours: 4, status: "confirmed", ...columns });

describe.skipIf(usingHostedBackend)("/admin/schedule", () => {
  it("shows the day's moves by crew, the two weeks from its Monday, and what each day has", async () => {
    const day = "2028-03-08"; // a Wednesday
    const early = await confirmedMove(day, "08:00", { full_name: "Early Bird" });
    const late = await confirmedMove(day, "10:00", { full_name: "Late Riser", estimated_hours: 10 });
    const cancelled = await confirmedMove(day, "12:00", { full_name: "Changed Mind", status: "cancelled" });

    const { status, value: page } = await moderator.visitor.load<ScheduleData>(schedulePath(day), "routes/admin/schedule");
    expect(status).toBe(200);
    expect(page).toMatchObject({ day, previous: "2028-03-07", next: "2028-03-09", hours: { opens: 480, closes: 1080 }, canManage: false });
    expect(page.capacity).toMatchObject({ date: day, crews: 3, crewsUsed: 2, bookings: 2, state: "open", custom: false });
    expect(page.bookings.map((booking) => [booking.fullName, booking.span])).toEqual([
      ["Early Bird", { starts: 480, ends: 720 }],
      ["Late Riser", { starts: 600, ends: 1080 }],
      ["Changed Mind", null],
    ]);
    expect(page.overview.map((entry) => entry.date)).toEqual(Array.from({ length: 14 }, (_, index) => addDays("2028-03-06", index)));
    expect(page.overview.find((entry) => entry.date === day)).toMatchObject({ bookings: 2, crewsUsed: 2 });
    expect(page.weekdayCrews).toEqual({ 1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 3 });
    expect([early.id, late.id, cancelled.id]).toContain(page.bookings[0]!.id);
  });

  it("shows today for a day that is no date", async () => {
    const page = await scheduleOf(admin, "/admin/schedule?day=2028-02-30");
    expect(page.day).toBe(todayIn(COMPANY.timeZone));
    expect(page.canManage).toBe(true);
  });

  it("lets an admin set a day's crews, close it with a reason and reopen it, each change kept with who made it", async () => {
    const day = freshDay();
    const set = await submit(admin, schedulePath(day), { intent: "set-crews", crews: "5" });
    expect(set).toMatchObject({ status: 302, location: `/admin/schedule?day=${day}` });
    expect(await admin.visitor.toast(set.location!)).toMatchObject({
      type: "success",
      title: SCHEDULE_MESSAGES.updated,
      description: SCHEDULE_MESSAGES.crewsSet(day, 5),
    });
    expect(await backend.sql("select crews, closed, reason, changed_by from public.schedule_days where day = $1", [day])).toEqual([
      { crews: 5, closed: false, reason: null, changed_by: admin.user.id },
    ]);

    await submit(admin, schedulePath(day), { intent: "close-day", reason: "  Staff training  " });
    expect(await backend.sql("select crews, closed, reason from public.schedule_days where day = $1", [day])).toEqual([
      { crews: null, closed: true, reason: "Staff training" },
    ]);
    const closed = await scheduleOf(admin, schedulePath(day));
    expect(closed.capacity).toMatchObject({ state: "closed", reason: "Staff training", crews: 0, custom: true });

    const reopened = await submit(admin, schedulePath(day), { intent: "reopen-day" });
    expect(await admin.visitor.toast(reopened.location!)).toMatchObject({ description: SCHEDULE_MESSAGES.reopened(day) });
    expect(await backend.sql("select 1 from public.schedule_days where day = $1", [day])).toEqual([]);
    const again = await submit(admin, schedulePath(day), { intent: "reopen-day" });
    expect(await admin.visitor.toast(again.location!)).toMatchObject({ type: "info", title: SCHEDULE_MESSAGES.unchanged });

    const history = await backend.sql<{ before: unknown; after: unknown; changed_by: string }>(
      "select before, after, changed_by from public.schedule_changes where day = $1 order by changed_at, id",
      [day],
    );
    expect(history).toEqual([
      { before: null, after: { crews: 5 }, changed_by: admin.user.id },
      { before: { crews: 5 }, after: { closed: true, reason: "Staff training" }, changed_by: admin.user.id },
      { before: { closed: true, reason: "Staff training" }, after: null, changed_by: admin.user.id },
    ]);
  });

  it("asks to confirm closing a day that has bookings, listing them, and closes it only with confirm=1", async () => {
    const day = freshDay();
    const booked = await confirmedMove(day, "09:00", { full_name: "Casey Booked" });
    await confirmedMove(day, "10:00", { full_name: "Cora Cancelled", status: "cancelled" });

    const asked = await submit(admin, schedulePath(day), { intent: "close-day", reason: "Flood" });
    expect(asked.status).toBe(200);
    expect(asked.value).toEqual({
      form: "close-day-confirm",
      reason: "Flood",
      bookings: [{ id: booked.id, fullName: "Casey Booked", time: "09:00", paid: false }],
    });
    expect(await admin.visitor.toast(schedulePath(day))).toBeNull();
    expect(await backend.sql("select 1 from public.schedule_days where day = $1", [day])).toEqual([]);

    const confirmed = await submit(admin, schedulePath(day), { intent: "close-day", reason: "Flood", confirm: "1" });
    expect(confirmed).toMatchObject({ status: 302, location: `/admin/schedule?day=${day}` });
    expect(await backend.sql("select crews, closed, reason from public.schedule_days where day = $1", [day])).toEqual([
      { crews: null, closed: true, reason: "Flood" },
    ]);
    // A closed day has no crews: its booking is still there, to move.
    const closed = await scheduleOf(admin, schedulePath(day));
    expect(closed.capacity).toMatchObject({ state: "closed", crews: 0 });
    expect(closed.bookings.filter((booking) => booking.span !== null).map((booking) => booking.id)).toEqual([booked.id]);
  });

  it("closes a day without bookings at once", async () => {
    // A day no other test books.
    const day = "2029-06-05";
    expect(await backend.sql("select 1 from public.bookings where moving_date = $1", [day])).toEqual([]);
    const closed = await submit(admin, schedulePath(day), { intent: "close-day", reason: "" });
    expect(closed).toMatchObject({ status: 302, location: `/admin/schedule?day=${day}` });
    expect(await backend.sql("select closed from public.schedule_days where day = $1", [day])).toEqual([{ closed: true }]);
  });

  it("sets the crews of every weekday at once", async () => {
    const form = { intent: "set-weekday-crews", weekday1: "4", weekday2: "4", weekday3: "4", weekday4: "4", weekday5: "5", weekday6: "2", weekday7: "0" };
    const saved = await submit(admin, "/admin/schedule", form);
    expect(saved.status).toBe(302);
    try {
      expect(await backend.sql("select iso_weekday, crews from public.weekday_crews order by iso_weekday")).toEqual([
        { iso_weekday: 1, crews: 4 },
        { iso_weekday: 2, crews: 4 },
        { iso_weekday: 3, crews: 4 },
        { iso_weekday: 4, crews: 4 },
        { iso_weekday: 5, crews: 5 },
        { iso_weekday: 6, crews: 2 },
        { iso_weekday: 7, crews: 0 },
      ]);
      expect(await backend.sql("select count(*)::int as changes from public.schedule_changes where iso_weekday is not null")).toEqual([{ changes: 7 }]);
    } finally {
      await submit(admin, "/admin/schedule", {
        ...form,
        weekday1: "3",
        weekday2: "3",
        weekday3: "3",
        weekday4: "3",
        weekday5: "3",
        weekday6: "3",
        weekday7: "3",
      });
    }
  });

  it("refuses a number of crews that is none, with the message beside the field and nothing changed", async () => {
    const day = freshDay();
    for (const crews of ["", "-1", "2.5", "501", "many"]) {
      const { status, value } = await submit(admin, schedulePath(day), { intent: "set-crews", crews });
      expect(status).toBe(400);
      const reply = value as { form: string; result: { error: Record<string, string[]> } };
      expect(reply.form).toBe("day-crews");
      expect(reply.result.error.crews).toEqual([crews === "" ? SCHEDULE_MESSAGES.crewsRequired : SCHEDULE_MESSAGES.crewsInvalid]);
    }
    const weekdays = await submit(admin, "/admin/schedule", { intent: "set-weekday-crews", weekday1: "3" });
    expect(weekdays.status).toBe(400);
    expect((weekdays.value as { result: { error: Record<string, string[]> } }).result.error.weekday2).toEqual([SCHEDULE_MESSAGES.crewsRequired]);
    expect(await backend.sql("select 1 from public.schedule_days where day = $1", [day])).toEqual([]);
  });

  it("lets a moderator read the schedule but change nothing, in the action and in the database", async () => {
    const day = freshDay();
    expect((await submit(moderator, schedulePath(day), { intent: "close-day" })).status).toBe(403);
    const crafted = await moderator.client.rpc("set_schedule_day", { _day: day, _crews: 9, _closed: false });
    expect(crafted.error?.code).toBe("42501");
    expect((await moderator.client.rpc("set_weekday_crews", { _crews: [9, 9, 9, 9, 9, 9, 9] })).error?.code).toBe("42501");
    expect((await moderator.client.rpc("schedule_overview", { _days: [day] })).error).toBeNull();
    expect((await moderator.client.from("weekday_crews").select("crews")).data).toHaveLength(7);
    expect(await backend.sql("select 1 from public.schedule_days where day = $1", [day])).toEqual([]);
  });

  it("shows customers and guests nothing of the schedule", async () => {
    const day = freshDay();
    await confirmedMove(day, "08:00", { full_name: "Sam Scheduled" });
    expect((await customer.visitor.load(schedulePath(day), "routes/admin/schedule")).status).toBe(403);
    await expectStaffOnly(schedulePath(day), { guest: app.visitor(), customer: customer.visitor, hidden: ["Sam Scheduled"] });
    const guest = backend.createClient();
    for (const client of [customer.client, guest]) {
      expect((await client.rpc("schedule_day", { _day: day })).error?.code).toBe("42501");
      expect((await client.rpc("schedule_overview", { _days: [day] })).error?.code).toBe("42501");
      expect((await client.rpc("set_schedule_day", { _day: day, _crews: 1, _closed: false })).error?.code).toBe("42501");
      expect((await client.from("schedule_days").select("*")).data ?? []).toEqual([]);
      expect((await client.from("weekday_crews").select("*")).data ?? []).toEqual([]);
    }
  });
});

describe.skipIf(usingHostedBackend)("booking over capacity from the admin side", () => {
  /** The booking's edit form, as its page fills it in, with another day and time chosen. */
  const editForm = (booking: BookingRow, day: string, time: string) => editFormOf(booking, { date: day, time });

  it("is refused by accident, with what was full, and saved on purpose with a warning in the booking's history", async () => {
    const day = freshDay();
    await submit(admin, schedulePath(day), { intent: "set-crews", crews: "1" });
    await confirmedMove(day, "08:00");
    const moving = await confirmedMove(day, "14:00", { moving_from: "1 Peachtree St, Atlanta", moving_to: "2 Ponce de Leon Ave, Atlanta" });
    const path = `/admin/bookings/${moving.id}/edit`;

    const refused = await submit(admin, path, editForm(moving, day, "10:00"));
    expect(refused.status).toBe(409);
    const reply = refused.value as { overCapacity: boolean; error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.overCapacity).toBe(true);
    expect(reply.error[""]![0]).toContain(`No crew is free on ${day} from 10:00 to 14:00: 1 of 1 crews are out`);
    expect(reply.initialValue).toMatchObject({ date: day, time: "10:00" });
    expect((await backend.sql<{ moving_time: string }>("select moving_time from public.bookings where id = $1", [moving.id]))[0]!.moving_time).toBe("14:00:00");
    expect(await backend.sql("select 1 from public.booking_edits where booking_id = $1", [moving.id])).toEqual([]);

    const confirmed = await submit(admin, path, { ...editForm(moving, day, "10:00"), overCapacity: "confirm" });
    expect(confirmed).toMatchObject({ status: 302, location: `/admin/bookings/${moving.id}` });
    expect(await admin.visitor.toast(confirmed.location!)).toMatchObject({ title: BOOKING_EDIT_MESSAGES.saved });
    expect((await backend.sql<{ moving_time: string }>("select moving_time from public.bookings where id = $1", [moving.id]))[0]!.moving_time).toBe("10:00:00");
    const edits = await backend.sql<{ field: string; after: string; changed_by: string }>(
      "select field, after, changed_by from public.booking_edits where booking_id = $1 order by field",
      [moving.id],
    );
    expect(edits).toEqual([
      { field: "moving_time", after: "10:00:00", changed_by: admin.user.id },
      { field: "over_capacity", after: `No crew is free on ${day} from 10:00 to 14:00: 1 of 1 crews are out`, changed_by: admin.user.id },
    ]);
    const details = await admin.visitor.loaderData<DetailsData>(`/admin/bookings/${moving.id}`, "routes/admin/booking-details");
    expect(details.edits).toContainEqual(expect.objectContaining({ field: "Booked over capacity", changedBy: "Ada Admin" }));

    // The schedule shows the day over capacity: a second row for the one crew.
    const schedule = await scheduleOf(admin, schedulePath(day));
    expect(schedule.capacity).toMatchObject({ crews: 1, crewsUsed: 2 });
  });

  it("refuses a status that would take a crew nobody has, and says why", async () => {
    const day = freshDay();
    await submit(admin, schedulePath(day), { intent: "set-crews", crews: "1" });
    await confirmedMove(day, "08:00");
    const cancelled = await confirmedMove(day, "08:00", { status: "cancelled" });
    const answer = await submit(moderator, "/admin/bookings?q=x", { intent: "set-status", bookingId: cancelled.id, status: "confirmed" });
    expect(answer).toMatchObject({ status: 302, location: "/admin/bookings?q=x" });
    expect(await moderator.visitor.toast(answer.location!)).toMatchObject({ type: "error", title: STATUS_MESSAGES.noCrew });
    expect((await backend.sql<{ status: string }>("select status from public.bookings where id = $1", [cancelled.id]))[0]!.status).toBe("cancelled");
  });
});

describe.skipIf(usingHostedBackend)("the bookings table", () => {
  it("filters by Move date (today, tomorrow, this week) with the other filters, and shows the crews used each day", async () => {
    const today = todayIn(COMPANY.timeZone);
    const tomorrow = addDays(today, 1);
    const week = weekOf(today);
    const farAway = addDays(week.to, 3);
    const name = `Quick Filter ${Date.now()}`;
    const movingToday = await confirmedMove(today, "08:00", { full_name: name });
    const movingTomorrow = await confirmedMove(tomorrow, "10:00", {
      full_name: name,
      status: "pending",
      deposit_status: "paid",
      deposit_paid_at: new Date().toISOString(),
    });
    await confirmedMove(farAway, "10:00", { full_name: name });

    const list = (search: string) => admin.visitor.loaderData<TableData>(`/admin/bookings?q=${encodeURIComponent(name)}${search}`, "routes/admin/bookings");

    expect((await list("&move=today")).rows.map((row) => row.id)).toEqual([movingToday.id]);
    expect((await list("&move=tomorrow")).rows.map((row) => row.id)).toEqual([movingTomorrow.id]);
    const thisWeek = await list("&move=week&sort=date");
    const inWeek = [movingToday, movingTomorrow].filter((booking) => booking.moving_date <= week.to).map((booking) => booking.id);
    expect(thisWeek.rows.map((row) => row.id)).toEqual(inWeek);
    expect(thisWeek.moveDays).toEqual(Array.from({ length: 7 }, (_, index) => addDays(week.from, index)));
    // Combined with the status filter, and overriding a typed range.
    expect((await list("&move=today&status=pending")).rows).toEqual([]);
    expect((await list(`&move=today&from=${farAway}&to=${farAway}`)).rows.map((row) => row.id)).toEqual([movingToday.id]);

    const today_ = (await list("&move=today")).crewsByDay[today]!;
    expect(today_).toMatchObject({ date: today, crews: 3 });
    expect(today_.crewsUsed).toBeGreaterThanOrEqual(1);
    const everything = await list("");
    expect(Object.keys(everything.crewsByDay).sort()).toEqual([...new Set([today, tomorrow, farAway])].sort());
  });
});
