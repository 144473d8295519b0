import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionContext, userContext } from "../../app/context.ts";
import { BOOKING_EDIT_MESSAGES } from "../../app/domain/admin-booking-edit.ts";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import type { AppRole } from "../../app/domain/roles.ts";
import { SCHEDULE_MESSAGES, weekOf } from "../../app/domain/schedule.ts";
import { loader as detailsLoader } from "../../app/routes/admin/booking-details.tsx";
import { action as editAction } from "../../app/routes/admin/booking-edit.tsx";
import { action as bookingsAction, loader as bookingsLoader } from "../../app/routes/admin/bookings.tsx";
import { STATUS_MESSAGES } from "../../app/routes/admin/bookings-table.server.ts";
import { action as scheduleAction, loader as scheduleLoader } from "../../app/routes/admin/schedule.tsx";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { TEST_PUBLIC_URL, flashedToast, signInCustomer, signInStaff, signedInContext, testAppOptions, type SignedInCustomer } from "./support/app-harness.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// The office's side of crews and capacity, through the routes' loaders and actions with each
// person's own Supabase client (so the database's permission checks apply): /admin/schedule, the
// bookings table's Move date filter and crews, and booking over capacity from the admin side on purpose.

let backend: TestBackend;
let serviceRole: AppSupabaseClient;
let admin: SignedInCustomer;
let moderator: SignedInCustomer;
let customer: SignedInCustomer;

beforeAll(async () => {
  backend = await startTestBackend();
  serviceRole = createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch }, backend.serviceRoleKey);
  [admin, moderator, customer] = await Promise.all([
    signInStaff(backend, "admin", "admin", "Ada Admin"),
    signInStaff(backend, "moderator", "moderator", "Mo Moderator"),
    signInCustomer(backend, "customer", "Cam Customer"),
  ]);
  await serviceRole.from("profiles").update({ full_name: "Ada Admin" }).eq("user_id", admin.user.id);
});

afterAll(async () => {
  await backend?.close();
});

const rolesOf = (who: SignedInCustomer): AppRole[] => (who === admin ? ["admin"] : who === moderator ? ["moderator"] : []);

/** The context the admin layout leaves for this person: their own client, their roles. */
function staffContext(who: SignedInCustomer): RouterContextProvider {
  const context = signedInContext(testAppOptions(backend), who);
  context.set(sessionContext, { supabase: who.client, user: who.user, roles: async () => new Set(rolesOf(who)) });
  context.set(userContext, who.user);
  return context;
}

interface Answer {
  status: number;
  location: string | null;
  value: unknown;
  context: RouterContextProvider;
}

/** Runs a loader or an action as React Router would, and what it answered or threw. */
async function run(route: (args: never) => unknown, who: SignedInCustomer, path: string, form?: Record<string, string>, params: Record<string, string> = {}) {
  const context = staffContext(who);
  const request = form
    ? new Request(`${TEST_PUBLIC_URL}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      })
    : new Request(`${TEST_PUBLIC_URL}${path}`);
  let result: unknown;
  try {
    result = await (route as (args: unknown) => unknown)({ request, params, context });
  } catch (thrown) {
    result = thrown;
  }
  const answer: Answer = { status: 200, location: null, value: result, context };
  if (result instanceof Response) {
    answer.status = result.status;
    answer.location = result.headers.get("Location");
    answer.value = null;
  } else if (typeof result === "object" && result !== null && "type" in result && result.type === "DataWithResponseInit") {
    const wrapped = result as unknown as { data: unknown; init: ResponseInit | null };
    answer.status = wrapped.init?.status ?? 200;
    answer.value = wrapped.data;
  } else if (result instanceof Error) {
    throw result;
  }
  return answer;
}

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

type ScheduleData = Awaited<ReturnType<typeof scheduleLoader>>;

describe.skipIf(usingHostedBackend)("/admin/schedule", () => {
  it("shows the day's moves by crew, the two weeks from its Monday, and what each day has", async () => {
    const day = "2028-03-08"; // a Wednesday
    const early = await confirmedMove(day, "08:00", { full_name: "Early Bird" });
    const late = await confirmedMove(day, "10:00", { full_name: "Late Riser", estimated_hours: 10 });
    const cancelled = await confirmedMove(day, "12:00", { full_name: "Changed Mind", status: "cancelled" });

    const { status, value } = await run(scheduleLoader, moderator, `/admin/schedule?day=${day}`);
    expect(status).toBe(200);
    const page = value as ScheduleData;
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
    const page = (await run(scheduleLoader, admin, "/admin/schedule?day=2028-02-30")).value as ScheduleData;
    expect(page.day).toBe(todayIn(COMPANY.timeZone));
    expect(page.canManage).toBe(true);
  });

  it("lets an admin set a day's crews, close it with a reason and reopen it, each change kept with who made it", async () => {
    const day = freshDay();
    const set = await run(scheduleAction, admin, `/admin/schedule?day=${day}`, { intent: "set-crews", crews: "5" });
    expect(set).toMatchObject({ status: 302, location: `/admin/schedule?day=${day}` });
    expect(await flashedToast(set.context)).toMatchObject({
      type: "success",
      title: SCHEDULE_MESSAGES.updated,
      description: SCHEDULE_MESSAGES.crewsSet(day, 5),
    });
    expect(await backend.sql("select crews, closed, reason, changed_by from public.schedule_days where day = $1", [day])).toEqual([
      { crews: 5, closed: false, reason: null, changed_by: admin.user.id },
    ]);

    await run(scheduleAction, admin, `/admin/schedule?day=${day}`, { intent: "close-day", reason: "  Staff training  " });
    expect(await backend.sql("select crews, closed, reason from public.schedule_days where day = $1", [day])).toEqual([
      { crews: null, closed: true, reason: "Staff training" },
    ]);
    const closed = (await run(scheduleLoader, admin, `/admin/schedule?day=${day}`)).value as ScheduleData;
    expect(closed.capacity).toMatchObject({ state: "closed", reason: "Staff training", crews: 0, custom: true });

    const reopened = await run(scheduleAction, admin, `/admin/schedule?day=${day}`, { intent: "reopen-day" });
    expect(await flashedToast(reopened.context)).toMatchObject({ description: SCHEDULE_MESSAGES.reopened(day) });
    expect(await backend.sql("select 1 from public.schedule_days where day = $1", [day])).toEqual([]);
    const again = await run(scheduleAction, admin, `/admin/schedule?day=${day}`, { intent: "reopen-day" });
    expect(await flashedToast(again.context)).toMatchObject({ type: "info", title: SCHEDULE_MESSAGES.unchanged });

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

    const asked = await run(scheduleAction, admin, `/admin/schedule?day=${day}`, { intent: "close-day", reason: "Flood" });
    expect(asked.status).toBe(200);
    expect(asked.value).toEqual({ form: "close-day-confirm", reason: "Flood", bookings: [{ id: booked.id, fullName: "Casey Booked", time: "09:00" }] });
    expect(await flashedToast(asked.context)).toBeNull();
    expect(await backend.sql("select 1 from public.schedule_days where day = $1", [day])).toEqual([]);

    const confirmed = await run(scheduleAction, admin, `/admin/schedule?day=${day}`, { intent: "close-day", reason: "Flood", confirm: "1" });
    expect(confirmed).toMatchObject({ status: 302, location: `/admin/schedule?day=${day}` });
    expect(await backend.sql("select crews, closed, reason from public.schedule_days where day = $1", [day])).toEqual([
      { crews: null, closed: true, reason: "Flood" },
    ]);
    // A closed day has no crews: its booking is still there, to move.
    const closed = (await run(scheduleLoader, admin, `/admin/schedule?day=${day}`)).value as ScheduleData;
    expect(closed.capacity).toMatchObject({ state: "closed", crews: 0 });
    expect(closed.bookings.filter((booking) => booking.span !== null).map((booking) => booking.id)).toEqual([booked.id]);
  });

  it("closes a day without bookings at once", async () => {
    // A day no other test books.
    const day = "2029-06-05";
    expect(await backend.sql("select 1 from public.bookings where moving_date = $1", [day])).toEqual([]);
    const closed = await run(scheduleAction, admin, `/admin/schedule?day=${day}`, { intent: "close-day", reason: "" });
    expect(closed).toMatchObject({ status: 302, location: `/admin/schedule?day=${day}` });
    expect(await backend.sql("select closed from public.schedule_days where day = $1", [day])).toEqual([{ closed: true }]);
  });

  it("sets the crews of every weekday at once", async () => {
    const form = { intent: "set-weekday-crews", weekday1: "4", weekday2: "4", weekday3: "4", weekday4: "4", weekday5: "5", weekday6: "2", weekday7: "0" };
    const saved = await run(scheduleAction, admin, "/admin/schedule", form);
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
      await run(scheduleAction, admin, "/admin/schedule", {
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
      const { status, value } = await run(scheduleAction, admin, `/admin/schedule?day=${day}`, { intent: "set-crews", crews });
      expect(status).toBe(400);
      const reply = value as { form: string; result: { error: Record<string, string[]> } };
      expect(reply.form).toBe("day-crews");
      expect(reply.result.error.crews).toEqual([crews === "" ? SCHEDULE_MESSAGES.crewsRequired : SCHEDULE_MESSAGES.crewsInvalid]);
    }
    const weekdays = await run(scheduleAction, admin, "/admin/schedule", { intent: "set-weekday-crews", weekday1: "3" });
    expect(weekdays.status).toBe(400);
    expect((weekdays.value as { result: { error: Record<string, string[]> } }).result.error.weekday2).toEqual([SCHEDULE_MESSAGES.crewsRequired]);
    expect(await backend.sql("select 1 from public.schedule_days where day = $1", [day])).toEqual([]);
  });

  it("lets a moderator read the schedule but change nothing, in the action and in the database", async () => {
    const day = freshDay();
    expect((await run(scheduleAction, moderator, `/admin/schedule?day=${day}`, { intent: "close-day" })).status).toBe(403);
    const crafted = await moderator.client.rpc("set_schedule_day", { _day: day, _crews: 9, _closed: false });
    expect(crafted.error?.code).toBe("42501");
    expect((await moderator.client.rpc("set_weekday_crews", { _crews: [9, 9, 9, 9, 9, 9, 9] })).error?.code).toBe("42501");
    expect((await moderator.client.rpc("schedule_overview", { _days: [day] })).error).toBeNull();
    expect((await moderator.client.from("weekday_crews").select("crews")).data).toHaveLength(7);
    expect(await backend.sql("select 1 from public.schedule_days where day = $1", [day])).toEqual([]);
  });

  it("shows customers and guests nothing of the schedule", async () => {
    const day = freshDay();
    await confirmedMove(day, "08:00");
    expect((await run(scheduleLoader, customer, `/admin/schedule?day=${day}`)).status).toBe(403);
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
  const editForm = (day: string, time: string) => ({
    intent: "save-booking",
    date: day,
    time,
    fromAddress: "1 Peachtree St, Atlanta",
    toAddress: "2 Ponce de Leon Ave, Atlanta",
    specialInstructions: "",
    finalCost: "",
  });

  it("is refused by accident, with what was full, and saved on purpose with a warning in the booking's history", async () => {
    const day = freshDay();
    await run(scheduleAction, admin, `/admin/schedule?day=${day}`, { intent: "set-crews", crews: "1" });
    await confirmedMove(day, "08:00");
    const moving = await confirmedMove(day, "14:00", { moving_from: "1 Peachtree St, Atlanta", moving_to: "2 Ponce de Leon Ave, Atlanta" });
    const path = `/admin/bookings/${moving.id}/edit`;

    const refused = await run(editAction, admin, path, editForm(day, "10:00"), { bookingId: moving.id });
    expect(refused.status).toBe(409);
    const reply = refused.value as { overCapacity: boolean; error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.overCapacity).toBe(true);
    expect(reply.error[""]![0]).toContain(`No crew is free on ${day} from 10:00 to 14:00: 1 of 1 crews are out`);
    expect(reply.initialValue).toMatchObject({ date: day, time: "10:00" });
    expect((await backend.sql<{ moving_time: string }>("select moving_time from public.bookings where id = $1", [moving.id]))[0]!.moving_time).toBe("14:00:00");
    expect(await backend.sql("select 1 from public.booking_edits where booking_id = $1", [moving.id])).toEqual([]);

    const confirmed = await run(editAction, admin, path, { ...editForm(day, "10:00"), overCapacity: "confirm" }, { bookingId: moving.id });
    expect(confirmed).toMatchObject({ status: 302, location: `/admin/bookings/${moving.id}` });
    expect(await flashedToast(confirmed.context)).toMatchObject({ title: BOOKING_EDIT_MESSAGES.saved });
    expect((await backend.sql<{ moving_time: string }>("select moving_time from public.bookings where id = $1", [moving.id]))[0]!.moving_time).toBe("10:00:00");
    const edits = await backend.sql<{ field: string; after: string; changed_by: string }>(
      "select field, after, changed_by from public.booking_edits where booking_id = $1 order by field",
      [moving.id],
    );
    expect(edits).toEqual([
      { field: "moving_time", after: "10:00:00", changed_by: admin.user.id },
      { field: "over_capacity", after: `No crew is free on ${day} from 10:00 to 14:00: 1 of 1 crews are out`, changed_by: admin.user.id },
    ]);
    const details = (await run(detailsLoader, admin, `/admin/bookings/${moving.id}`, undefined, { bookingId: moving.id })).value as Awaited<
      ReturnType<typeof detailsLoader>
    >;
    expect(details.edits).toContainEqual(expect.objectContaining({ field: "Booked over capacity", changedBy: "Ada Admin" }));

    // The schedule shows the day over capacity: a second row for the one crew.
    const schedule = (await run(scheduleLoader, admin, `/admin/schedule?day=${day}`)).value as ScheduleData;
    expect(schedule.capacity).toMatchObject({ crews: 1, crewsUsed: 2 });
  });

  it("refuses a status that would take a crew nobody has, and says why", async () => {
    const day = freshDay();
    await run(scheduleAction, admin, `/admin/schedule?day=${day}`, { intent: "set-crews", crews: "1" });
    await confirmedMove(day, "08:00");
    const cancelled = await confirmedMove(day, "08:00", { status: "cancelled" });
    const answer = await run(bookingsAction, moderator, "/admin/bookings?q=x", { intent: "set-status", bookingId: cancelled.id, status: "confirmed" });
    expect(answer).toMatchObject({ status: 302, location: "/admin/bookings?q=x" });
    expect(await flashedToast(answer.context)).toMatchObject({ type: "error", title: STATUS_MESSAGES.noCrew });
    expect((await backend.sql<{ status: string }>("select status from public.bookings where id = $1", [cancelled.id]))[0]!.status).toBe("cancelled");
  });
});

describe.skipIf(usingHostedBackend)("the bookings table", () => {
  type TableData = Awaited<ReturnType<typeof bookingsLoader>>;

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

    const list = async (search: string, who = admin) =>
      (await run(bookingsLoader, who, `/admin/bookings?q=${encodeURIComponent(name)}${search}`)).value as TableData;

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
