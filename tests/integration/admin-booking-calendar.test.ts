import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_EDIT_MESSAGES } from "../../app/domain/admin-booking-edit.ts";
import { BOOKING_MESSAGES, addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import type { WizardAvailability } from "../../app/domain/capacity.ts";
import { COMPANY } from "../../app/domain/company.ts";
import type { Route as DetailsRoute } from "../../app/routes/admin/+types/booking-details.ts";
import { rescheduleMyBooking } from "../../app/services/customer-reschedule.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { TablesInsert } from "../../supabase/types.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { signIn, startTestApp, withOwnClient, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { crewsToSpare } from "./support/crews.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";
import { editFormOf } from "./support/booking-edit-form.ts";
import type { BookingRow } from "../../app/domain/booking.ts";

// The office moving a booking: the edit page's calendar of free days and times for this move (its own
// crew left out), with JavaScript (the staff-only availability route) and without (the month and
// 'Show free times' posts), and the override on purpose that the booking's history records.

type Person = SignedInVisitor & { client: AppSupabaseClient };
type Details = DetailsRoute.ComponentProps["loaderData"];

let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let admin: Person;
let moderator: Person;
let customer: Person;
const today = todayIn(COMPANY.timeZone);

/** A date of its own for each test, 20 days ahead and later. */
let dayCounter = 0;
const freshDay = () => addDays(today, 20 + dayCounter++);

async function setCrews(day: string, crews: number) {
  const { error } = await service.from("schedule_days").upsert({ day, crews, closed: false, reason: null });
  if (error) throw error;
}

const confirmedMove = (columns: Partial<TablesInsert<"bookings">>) =>
  insertStoredBooking(service, customer, { status: "confirmed", moving_time: "10:00", estimated_hours: 4, ...columns });

async function stored(id: string) {
  const { data, error } = await service.from("bookings").select("*").eq("id", id).single();
  if (error) throw error;
  return data;
}

const availabilityPath = (id: string, query: string) => `/admin/bookings/${id}/availability?${query}`;
const editPath = (id: string) => `/admin/bookings/${id}/edit`;

/** The availability route's answer to `who`: status and JSON body. */
async function askAvailability(who: SignedInVisitor, path: string) {
  const response = await who.visitor.send(new Request(`${TEST_PUBLIC_URL}${path}`, { headers: { Accept: "application/json" } }));
  const body = response.headers.get("Content-Type")?.includes("json") ? ((await response.json()) as unknown) : await response.text();
  return { status: response.status, body, cacheControl: response.headers.get("Cache-Control") };
}

/** The booking's edit form, as its page fills it in, with another day and time chosen. */
const editForm = (booking: BookingRow, day: string, time: string) => editFormOf(booking, { date: day, time });

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  await crewsToSpare(service);
  [admin, moderator, customer] = await Promise.all([
    signIn(app, "admin", { fullName: "Ada Admin" }).then(withOwnClient),
    signIn(app, "moderator", { fullName: "Mo Moderator" }).then(withOwnClient),
    signIn(app, "customer", { fullName: "Cam Customer" }).then(withOwnClient),
  ]);
  await service.from("profiles").update({ full_name: "Ada Admin" }).eq("user_id", admin.user.id);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe.skipIf(usingHostedBackend)("GET /admin/bookings/:id/availability", () => {
  it("answers staff with the month and the date's times for this move, its own crew left out", async () => {
    const day = freshDay();
    await setCrews(day, 1);
    const booking = await confirmedMove({ moving_date: day, moving_time: "10:00" });

    const { status, body, cacheControl } = await askAvailability(admin, availabilityPath(booking.id, `month=${day.slice(0, 7)}&date=${day}`));
    expect(status).toBe(200);
    expect(cacheControl).toBe("private, no-store");
    const answer = body as WizardAvailability;
    expect(answer.hours).toBe(4);
    expect(answer.days).toContainEqual({ date: day, state: "open" });
    // The booking's own 10:00 is free for it, though it holds the day's only crew.
    expect(answer.day?.slots).toContainEqual(expect.objectContaining({ time: "10:00", fits: true }));
  });

  it("marks a time another booking holds as full", async () => {
    const day = freshDay();
    await setCrews(day, 1);
    await confirmedMove({ moving_date: day, moving_time: "08:00" });
    const moving = await confirmedMove({ moving_date: day, moving_time: "14:00" });
    const { body } = await askAvailability(admin, availabilityPath(moving.id, `month=${day.slice(0, 7)}&date=${day}`));
    const slots = (body as WizardAvailability).day!.slots;
    expect(slots).toContainEqual(expect.objectContaining({ time: "10:00", fits: false }));
    expect(slots).toContainEqual(expect.objectContaining({ time: "14:00", fits: true }));
  });

  it("judges the move for the home size the form now has: its own hours while the size stays", async () => {
    const day = freshDay();
    await setCrews(day, 1);
    await confirmedMove({ moving_date: day, moving_time: "14:00" });
    const moving = await confirmedMove({ moving_date: day, moving_time: "08:00", property_size: "2_bedroom", estimated_hours: 4 });
    const ask = async (size: string) =>
      (await askAvailability(admin, availabilityPath(moving.id, `month=${day.slice(0, 7)}&date=${day}&size=${size}`))).body as WizardAvailability;
    const same = await ask("2_bedroom");
    expect(same.hours).toBe(4);
    expect(same.day!.slots).toContainEqual(expect.objectContaining({ time: "08:00", fits: true }));
    // Four bedrooms take 10 hours: from 08:00 they run into the other move's crew at 14:00.
    const bigger = await ask("4_bedroom");
    expect(bigger.hours).toBe(10);
    expect(bigger.day!.slots).toContainEqual(expect.objectContaining({ time: "08:00", fits: false }));
  });

  it("is refused to a customer and a moderator, and to a guest; another id is a 404", async () => {
    const booking = await confirmedMove({ moving_date: freshDay() });
    const query = `month=${booking.moving_date.slice(0, 7)}`;
    for (const who of [customer, moderator]) {
      const { status, body } = await askAvailability(who, availabilityPath(booking.id, query));
      expect(status).toBe(403);
      expect(JSON.stringify(body)).not.toContain("slots");
    }
    const guest = await app.visitor().send(new Request(`${TEST_PUBLIC_URL}${availabilityPath(booking.id, query)}`));
    expect(guest.status).toBeGreaterThanOrEqual(300);
    expect(guest.status).not.toBe(200);
    expect((await askAvailability(admin, availabilityPath("00000000-0000-4000-8000-000000000000", query))).status).toBe(404);
    expect((await askAvailability(admin, availabilityPath("not-a-uuid", query))).status).toBe(404);
  });

  it.each([["month=2026-13"], ["month=tomorrow"], [""], ["month=2027-01&date=2027-02-30"], ["month=2027-01&size=castle"]])(
    "answers a malformed query %j with a 400",
    async (query) => {
      const booking = await confirmedMove({ moving_date: freshDay() });
      const { status, body } = await askAvailability(admin, availabilityPath(booking.id, query));
      expect(status).toBe(400);
      expect(body).toEqual({ error: "Choose a month, and a real date and home size." });
    },
  );
});

describe.skipIf(usingHostedBackend)("the edit page's calendar", () => {
  it("shows the booking's month and date with its own time free", async () => {
    const day = freshDay();
    await setCrews(day, 1);
    const booking = await confirmedMove({ moving_date: day, moving_time: "10:00" });
    const page = await admin.visitor.loaderData<{ availability: WizardAvailability }>(editPath(booking.id), "routes/admin/booking-edit");
    expect(page.availability.month).toBe(day.slice(0, 7));
    expect(page.availability.day).toMatchObject({ date: day, hours: 4 });
    expect(page.availability.day!.slots).toContainEqual(expect.objectContaining({ time: "10:00", fits: true }));
  });

  it("answers a month post without JavaScript with that month, keeps what was typed and saves nothing", async () => {
    const day = freshDay();
    const booking = await confirmedMove({ moving_date: day });
    const next = addDays(day, 40).slice(0, 7);
    const typed = { ...editForm(booking, day, "12:00"), intent: `month:${next}`, toAddress: "9 Typed Rd, Decatur", finalCost: "oops" };
    const { status, value } = await admin.visitor.act<{ initialValue: Record<string, string>; availability: WizardAvailability; error?: unknown }>(
      editPath(booking.id),
      typed,
    );
    expect(status).toBe(200);
    expect(value.availability.month).toBe(next);
    expect(value.initialValue).toMatchObject({ toAddress: "9 Typed Rd, Decatur", date: day, time: "12:00", finalCost: "oops" });
    // Nothing is checked or saved: no error for the final cost typed, the booking as it was.
    expect(value.error ?? null).toBeNull();
    expect(await stored(booking.id)).toEqual(booking);
    expect(await backend.sql("select 1 from public.booking_edits where booking_id = $1", [booking.id])).toEqual([]);
  });

  it("answers 'Show free times' without JavaScript with the typed date's times", async () => {
    const [day, other] = [freshDay(), freshDay()];
    await setCrews(other, 1);
    await confirmedMove({ moving_date: other, moving_time: "08:00" });
    const booking = await confirmedMove({ moving_date: day });
    const { status, value } = await admin.visitor.act<{ availability: WizardAvailability }>(editPath(booking.id), {
      ...editForm(booking, other, ""),
      intent: "times",
    });
    expect(status).toBe(200);
    expect(value.availability.day).toMatchObject({ date: other });
    expect(value.availability.day!.slots).toContainEqual(expect.objectContaining({ time: "08:00", fits: false }));
    expect(await stored(booking.id)).toEqual(booking);
  });

  it.each([
    ["date", "2027-02-30", BOOKING_MESSAGES.dateRequired],
    ["date", "next friday", BOOKING_MESSAGES.dateRequired],
    ["time", "25:00", BOOKING_MESSAGES.timeInvalid],
    ["time", "11:00", BOOKING_MESSAGES.timeInvalid],
  ])("refuses %s = %j with its message, the booking unchanged", async (field, input, message) => {
    const booking = await confirmedMove({ moving_date: freshDay() });
    const { status, value } = await admin.visitor.act<{ error: Record<string, string[]> }>(editPath(booking.id), {
      ...editForm(booking, addDays(booking.moving_date, 1), "12:00"),
      [field]: input,
    });
    expect(status).toBe(400);
    expect(value.error[field]).toEqual([message]);
    expect(await stored(booking.id)).toEqual(booking);
  });
});

describe.skipIf(usingHostedBackend)("booking it anyway", () => {
  it("refuses a full time without the override, saves it with it, and the history says who overrode the free-time check", async () => {
    const day = freshDay();
    await setCrews(day, 1);
    await confirmedMove({ moving_date: day, moving_time: "08:00" });
    const moving = await confirmedMove({ moving_date: day, moving_time: "14:00" });

    const refused = await admin.visitor.act<{ error: Record<string, string[]>; availability: WizardAvailability }>(
      editPath(moving.id),
      editForm(moving, day, "10:00"),
    );
    expect(refused.status).toBe(409);
    expect(refused.value.error[""]![0]).toContain("No crew is free");
    // The answer's calendar shows the date asked for, the time refused marked full.
    expect(refused.value.availability.day!.slots).toContainEqual(expect.objectContaining({ time: "10:00", fits: false }));
    expect((await stored(moving.id)).moving_time).toBe("14:00:00");

    const saved = await admin.visitor.act(editPath(moving.id), { ...editForm(moving, day, "10:00"), overCapacity: "confirm" });
    expect(saved).toMatchObject({ status: 302, location: `/admin/bookings/${moving.id}` });
    expect((await stored(moving.id)).moving_time).toBe("10:00:00");
    const overrides = await backend.sql<{ changed_by: string; changed_at: Date }>(
      "select changed_by, changed_at from public.booking_edits where booking_id = $1 and field = 'over_capacity'",
      [moving.id],
    );
    expect(overrides).toEqual([{ changed_by: admin.user.id, changed_at: expect.any(Date) }]);
    const details = await admin.visitor.loaderData<Details>(`/admin/bookings/${moving.id}`, "routes/admin/booking-details");
    expect(details.edits).toContainEqual(expect.objectContaining({ field: "Booked over capacity", changedBy: "Ada Admin" }));
  });
});

describe.skipIf(usingHostedBackend)("booking it anyway, too soon", () => {
  it("refuses a move to a day too soon for the company's notice without the override, and records the override with it", async () => {
    const booking = await confirmedMove({ moving_date: freshDay() });
    const { error } = await service.from("app_settings").update({ minimum_lead_days: 3 }).eq("id", true);
    if (error) throw error;
    try {
      const soon = addDays(today, 1);
      const refused = await admin.visitor.act<{ error: Record<string, string[]> }>(editPath(booking.id), editForm(booking, soon, "12:00"));
      expect(refused.status).toBe(409);
      expect(refused.value.error[""]![0]).toBe(BOOKING_EDIT_MESSAGES.startTooSoon);
      expect(await stored(booking.id)).toEqual(booking);

      const saved = await admin.visitor.act(editPath(booking.id), { ...editForm(booking, soon, "12:00"), overCapacity: "confirm" });
      expect(saved.status).toBe(302);
      expect(await stored(booking.id)).toMatchObject({ moving_date: soon, moving_time: "12:00:00" });
      const overrides = await backend.sql<{ after: string; changed_by: string }>(
        "select after, changed_by from public.booking_edits where booking_id = $1 and field = 'over_capacity'",
        [booking.id],
      );
      expect(overrides).toEqual([{ after: expect.stringContaining("too-soon"), changed_by: admin.user.id }]);
    } finally {
      await service.from("app_settings").update({ minimum_lead_days: 1 }).eq("id", true);
    }
  });

  it("offers the office the days too soon for customers, marked so, with every start too soon, where a customer's calendar has none", async () => {
    const { error } = await service.from("app_settings").update({ minimum_lead_days: 3 }).eq("id", true);
    if (error) throw error;
    try {
      // A server started now reads the new rule.
      const strict = await startTestApp(backend);
      const [staff, owner] = await Promise.all([signIn(strict, "admin"), signIn(strict, "customer")]);
      const booking = await insertStoredBooking(service, owner, { status: "confirmed", moving_date: freshDay(), moving_time: "10:00", estimated_hours: 4 });
      const tomorrow = addDays(today, 1);
      const question = `month=${tomorrow.slice(0, 7)}&date=${tomorrow}`;

      const office = (await askAvailability(staff, availabilityPath(booking.id, question))).body as WizardAvailability;
      expect(office.days).toContainEqual({ date: tomorrow, state: "too-soon" });
      expect(office.day).toMatchObject({ date: tomorrow, state: "too-soon" });
      expect(office.day!.slots.length).toBeGreaterThan(0);
      expect(office.day!.slots.every((slot) => !slot.fits && slot.outOfHours === "too-soon")).toBe(true);

      const customers = (await askAvailability(owner, `/dashboard/bookings/${booking.id}/availability?${question}`)).body as WizardAvailability;
      expect(customers.days.map((day) => day.date)).not.toContain(tomorrow);
      expect(customers.days.filter((day) => day.state === "too-soon")).toEqual([]);
    } finally {
      await service.from("app_settings").update({ minimum_lead_days: 1 }).eq("id", true);
    }
  });

  it("lets only the edit function, for staff who may change bookings, save over the crew check", async () => {
    const day = freshDay();
    await setCrews(day, 1);
    await confirmedMove({ moving_date: day, moving_time: "08:00" });
    const mine = await confirmedMove({ moving_date: day, moving_time: "14:00" });
    // The transaction setting the edit function uses does not let anyone else past the crew check.
    const crafted = await backend
      .sql(
        `with setting as (select set_config('app.over_capacity_booking', $1, true))
         update public.bookings set moving_time = '10:00' where id = $1::uuid and exists (select 1 from setting)`,
        [mine.id],
      )
      .catch((error: unknown) => error);
    expect(String(crafted)).toContain("No crew is free");
    expect((await stored(mine.id)).moving_time).toBe("14:00:00");
  });
});

describe.skipIf(usingHostedBackend)("a booking the customer moved online", () => {
  it("shows the office how often, of how many allowed, and which changes were the customer's", async () => {
    const [from, to] = [freshDay(), freshDay()];
    const booking = await confirmedMove({
      full_name: "Rhea Rescheduler",
      moving_date: from,
      deposit_status: "paid",
      deposit_paid_at: new Date().toISOString(),
    });
    const untouched = await confirmedMove({ full_name: "Stan Still", moving_date: to, moving_time: "14:00" });
    expect(await rescheduleMyBooking(customer.client, booking.id, { date: to, time: "12:00" })).toMatchObject({ kind: "rescheduled" });

    const details = await admin.visitor.loaderData<Details>(`/admin/bookings/${booking.id}`, "routes/admin/booking-details");
    expect(details.movedOnline).toEqual({ times: 1, limit: 2 });
    expect(details.edits.filter((edit) => edit.byCustomer).map((edit) => edit.field)).toEqual(expect.arrayContaining(["Move date", "Time"]));
    const page = await admin.visitor.get(`/admin/bookings/${booking.id}`);
    expect(page.text).toContain("Moved online 1 of 2 times");
    expect(page.text).toContain("by the customer");

    // The bookings table and the schedule's day mark it in words; a booking never moved online has no mark.
    const table = await admin.visitor.get(`/admin/bookings?q=Rhea+Rescheduler`);
    expect(table.text).toContain("Moved by customer");
    const stillTable = await admin.visitor.get(`/admin/bookings?q=Stan+Still`);
    expect(stillTable.text).toContain("Stan Still");
    expect(stillTable.text).not.toContain("Moved by customer");
    const schedule = await admin.visitor.get(`/admin/schedule?day=${to}`);
    expect(schedule.text).toContain("Rhea Rescheduler");
    expect(schedule.text).toContain(untouched.full_name);
    // Once in the grid and once in the lists (two layouts of the day), for Rhea's move alone.
    expect(schedule.text.match(/Moved by customer/g)).toHaveLength(2);
  });
});
