import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES, addDays, lastBookableDate, todayIn } from "../../app/domain/booking-schemas.ts";
import { CAPACITY_MESSAGES, type CapacityProblems, type WizardAvailability } from "../../app/domain/capacity.ts";
import type { WizardStep } from "../../app/domain/booking-wizard.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { monthOf } from "../../app/domain/date-picker-month.ts";
import type { TablesInsert } from "../../supabase/types.ts";
import { savePendingBooking } from "../../app/services/bookings.server.ts";
import { startTestStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { startTestApp, type RouteOutcome, type TestApp, type Visitor } from "./support/app-client.ts";
import { sampleBookingRequest } from "./support/booking-request.ts";
import { answerWizard, openStep, pressPay, stepPath } from "./support/wizard.ts";

// The details step as the wizard's forms and its date picker meet it over HTTP, through the app's
// request handler (the production build): the month of days and the date's slots the server renders,
// Continue refusing a closed or full day and a full time with the posted date's slots, the no-JavaScript
// month and free-times buttons, /book/availability, and Pay refused for want of a crew sending the
// customer back to choose again. A step whose answer the test reads is posted as the page's router
// posts it; the buttons for browsers without JavaScript, and the way to Pay, as plain form posts.

let backend: TestBackend;
let stripe: TestStripe;
let app: TestApp;

beforeAll(async () => {
  [backend, stripe] = await Promise.all([startTestBackend(), startTestStripe()]);
  app = await startTestApp(backend, {
    bookingActionsPerMinute: 1000,
    stripe: { secretKey: stripe.secretKey, webhookSecret: "whsec_test_wizard_capacity", fetch: stripe.emulator?.fetch },
  });
});

afterAll(async () => {
  await Promise.all([backend?.close(), stripe?.close()]);
});

const today = () => todayIn(COMPANY.timeZone);
/** A date of its own for each test, months ahead (so no other test's bookings share its crews). */
let dayCounter = 0;
const freshDay = () => addDays(today(), 120 + 3 * dayCounter++);

async function setDay(day: string, setting: { crews: number } | { closed: true; reason: string }) {
  const row: TablesInsert<"schedule_days"> =
    "crews" in setting ? { day, crews: setting.crews, closed: false, reason: null } : { day, crews: null, closed: true, reason: setting.reason };
  const { error } = await app.serviceRole.from("schedule_days").upsert(row);
  if (error) throw error;
}

/** Another customer's confirmed 6-hour move on `day` from `time`. */
async function anotherMove(day: string, time: string) {
  await backend.sql(
    `insert into public.bookings (full_name, email, phone, moving_from, moving_to, moving_date, moving_time, team_type, service_type,
       property_size, estimated_hours, estimated_cost_cents, deposit_amount_cents, status, deposit_status, deposit_paid_at)
     values ('Olive Other', 'olive@example.com', '(404) 555-0100', '1 A St', '2 B St', $1, $2, 'elite', 'local',
       '2_bedroom', 6, 100000, 5000, 'confirmed', 'paid', now())`,
    [day, time],
  );
}

/** A step's form posted as the page's router posts it: its answer (the step shown again, or where it leads) as the page receives it. */
const post = (visitor: Visitor, step: WizardStep, form: Record<string, string>, search = "") => visitor.act(stepPath(step, search), form);
/** A button of a step's form pressed in a browser without JavaScript: a plain form post. */
const press = (visitor: Visitor, step: WizardStep, form: Record<string, string>, search = "") => visitor.post(stepPath(step, search), form);
/** The step's page as the page's router loads it: its loader's answer. */
const open = (visitor: Visitor, step: WizardStep, search = "") => openStep(visitor, step, search);

interface DetailsPage {
  draft: Record<string, unknown>;
  availability: WizardAvailability;
  capacity: CapacityProblems;
}
interface RefusedStep {
  result: { error: Record<string, string[] | null> };
  availability: WizardAvailability | null;
}

function page(answer: RouteOutcome): DetailsPage {
  expect(answer.status, `the step was rendered, not redirected to ${answer.location}`).toBe(200);
  return answer.value as DetailsPage;
}

const contact = (email: string) => ({ fullName: "Cal Capacity", email, phone: "(404) 555-0177" });
const move = (date: string, time = "10:00", propertySize = "2_bedroom") => ({
  date,
  time,
  fromAddress: "7 Crew Ct, Atlanta",
  toAddress: "8 Slot St, Decatur",
  propertySize,
});
const details = (date: string, time?: string, propertySize?: string) => ({ intent: "continue", ...move(date, time, propertySize) });

async function startWizard(email = uniqueEmail("capacity"), on: TestApp = app) {
  const visitor = on.visitor();
  const answer = await post(visitor, "contact", { intent: "continue", ...contact(email) });
  expect(answer.location).toBe("/book/details");
  return visitor;
}

async function bookingsOf(email: string) {
  return backend.sql<{ moving_time: string }>("select moving_time::text from public.bookings where email = $1", [email]);
}

const fits = (availability: WizardAvailability) => availability.day?.slots.map((slot) => `${slot.time} ${slot.fits ? "fits" : "full"}`);

describe.skipIf(usingHostedBackend)("the details step and capacity", () => {
  it("renders the first bookable day's month before a date is chosen, then the chosen date's month and slots for the home's size", async () => {
    const browser = await startWizard();
    const first = page(await open(browser, "details")).availability;
    // No same-day moves: the first day offered is tomorrow, in the month shown (next month's 1st on a month's last day).
    const tomorrow = addDays(today(), 1);
    expect(first.month).toBe(monthOf(tomorrow));
    expect(first.day).toBeNull();
    expect(first.days[0]?.date).toBe(tomorrow);
    expect(first.days.every((day) => monthOf(day.date) === first.month)).toBe(true);

    const day = freshDay();
    await setDay(day, { crews: 1 });
    await anotherMove(day, "08:00");
    expect((await post(browser, "details", details(day, "14:00", "studio"))).location).toBe("/book/team");
    const shown = page(await open(browser, "details")).availability;
    expect(shown.month).toBe(monthOf(day));
    expect(shown.hours).toBe(3);
    // The one crew is out 8:00 to 2:00 PM: a 3-hour move fits at 2:00 PM; from 4:00 PM it would end after closing.
    expect(fits(shown)).toEqual(["08:00 full", "10:00 full", "12:00 full", "14:00 fits", "16:00 full"]);
    expect(shown.days.find((candidate) => candidate.date === day)).toEqual({ date: day, state: "open" });

    // A month asked for in the address is shown when it can be booked; any other shows the chosen date's.
    const nextMonth = monthOf(addDays(`${monthOf(day)}-01`, 40));
    expect(page(await open(browser, "details", `?month=${nextMonth}`)).availability.month).toBe(nextMonth);
    expect(page(await open(browser, "details", "?month=1999-01")).availability.month).toBe(monthOf(day));
    expect(page(await open(browser, "details", "?month=garbage")).availability.month).toBe(monthOf(day));
  });

  it("refuses a closed day with its reason, a full day and a full time on Continue, showing the posted date's slots and keeping the draft", async () => {
    const email = uniqueEmail("refused");
    const browser = await startWizard(email);
    const closed = freshDay();
    await setDay(closed, { closed: true, reason: "Staff training" });
    const refusedClosed = await post(browser, "details", details(closed));
    expect(refusedClosed.status).toBe(409);
    const closedAnswer = refusedClosed.value as RefusedStep;
    expect(closedAnswer.result.error.date).toEqual([CAPACITY_MESSAGES.closedOn(closed, "Staff training")]);
    expect(closedAnswer.availability?.day).toMatchObject({ date: closed, state: "closed" });

    const full = freshDay();
    await setDay(full, { crews: 1 });
    await anotherMove(full, "08:00");
    await anotherMove(full, "14:00");
    const refusedFull = (await post(browser, "details", details(full))).value as RefusedStep;
    expect(refusedFull.result.error.date).toEqual([CAPACITY_MESSAGES.fullOn(full)]);

    const busy = freshDay();
    await setDay(busy, { crews: 1 });
    await anotherMove(busy, "08:00");
    const refusedTime = await post(browser, "details", details(busy, "12:00", "studio"));
    expect(refusedTime.status).toBe(409);
    const timeAnswer = refusedTime.value as RefusedStep;
    expect(timeAnswer.result.error.time).toEqual([CAPACITY_MESSAGES.slotFullOn("12:00", busy)]);
    expect(timeAnswer.availability && fits(timeAnswer.availability)).toEqual(["08:00 full", "10:00 full", "12:00 full", "14:00 fits", "16:00 full"]);
    // Nothing of the refused answers was saved.
    expect(page(await open(browser, "details")).draft.date).toBeUndefined();

    expect((await post(browser, "details", details(busy, "14:00", "studio"))).location).toBe("/book/team");
    expect(page(await open(browser, "details")).draft).toMatchObject({ date: busy, time: "14:00" });
    expect(await bookingsOf(email)).toEqual([]);
  });

  it("refuses a date before today or more than a year ahead, whatever the page offered", async () => {
    const browser = await startWizard();
    const past = (await post(browser, "details", details(addDays(today(), -1)))).value as RefusedStep;
    expect(past.result.error.date).toEqual([BOOKING_MESSAGES.dateInPast]);
    const far = (await post(browser, "details", details(addDays(lastBookableDate(today()), 1)))).value as RefusedStep;
    expect(far.result.error.date).toEqual([BOOKING_MESSAGES.dateTooFar]);
  });

  it("refuses a date the calendar does not have (February 30) with the date's message and a 400, keeping the draft as it was", async () => {
    const browser = await startWizard();
    const impossible = `${Number(today().slice(0, 4)) + 1}-02-30`;
    const refused = await post(browser, "details", details(impossible));
    expect(refused.status).toBe(400);
    expect((refused.value as RefusedStep).result.error.date).toEqual([BOOKING_MESSAGES.dateRequired]);
    expect(page(await open(browser, "details")).draft.date).toBeUndefined();
  });

  it("keeps what was typed, unchecked, when the month buttons or 'Show free times' are pressed without JavaScript", async () => {
    const browser = await startWizard();
    const day = freshDay();
    const month = monthOf(addDays(`${monthOf(day)}-01`, 40));
    const shownMonth = await press(browser, "details", { ...details(day), intent: `month:${month}`, toAddress: "" });
    expect(shownMonth.location).toBe(`/book/details?month=${month}#move-date`);
    expect(page(await open(browser, "details")).draft).toMatchObject({ date: day, time: "10:00", fromAddress: "7 Crew Ct, Atlanta" });

    const times = await press(browser, "details", { ...details(day, ""), intent: "times" }, "?return=review");
    expect(times.location).toBe("/book/details?return=review#start-time");
    const shown = page(await open(browser, "details"));
    expect(shown.draft.time).toBeUndefined();
    expect(shown.availability.day?.date).toBe(day);
    // A malformed month is no month button: the step is checked as on Continue.
    expect((await press(browser, "details", { ...details(day), intent: "month:2027-13" })).location).toBe("/book/team");
  });

  it("sends the customer who loses the last crew at Pay back to the details step, which says the time was just taken", async () => {
    const email = uniqueEmail("race");
    const browser = app.visitor();
    const day = freshDay();
    await setDay(day, { crews: 1 });
    expect((await answerWizard(browser, { ...contact(email), ...move(day, "10:00", "studio") })).location).toBe("/book/review");
    await anotherMove(day, "08:00");

    const pay = await pressPay(browser);
    expect(pay).toMatchObject({ status: 302, location: "/book/details?return=review&taken=1" });
    expect(await bookingsOf(email)).toEqual([]);
    const back = page(await open(browser, "details", "?return=review&taken=1"));
    expect(back.capacity).toEqual({ time: CAPACITY_MESSAGES.slotTaken });
    // Coming back to the step later, the time is simply full that day.
    expect(page(await open(browser, "details")).capacity).toEqual({ time: CAPACITY_MESSAGES.slotFullOn("10:00", day) });
    expect(back.draft).toMatchObject({ date: day, time: "10:00", fromAddress: "7 Crew Ct, Atlanta" });

    // Another time, and Pay again: the booking is saved at that time.
    expect((await post(browser, "details", details(day, "14:00", "studio"), "?return=review")).location).toBe("/book/review");
    expect((await pressPay(browser)).status).toBe(303);
    expect(await bookingsOf(email)).toEqual([{ moving_time: "14:00:00" }]);
  });
});

describe.skipIf(usingHostedBackend)("when a move may start", () => {
  it("offers no start from which the move's estimated hours run past closing, and refuses a crafted post for one with a clear message", async () => {
    const email = uniqueEmail("past-closing");
    const browser = await startWizard(email);
    const day = freshDay();
    // A 12-hour move (5+ bedrooms) ends after closing (6:00 PM) from any start; a 10-hour one only from 8:00 AM.
    await press(browser, "details", { ...details(day, "", "5_plus_bedroom"), intent: "times" });
    const twelveHours = page(await open(browser, "details")).availability;
    expect(twelveHours.day?.slots.find((slot) => slot.time === "16:00")).toMatchObject({ fits: false, outOfHours: "past-closing" });
    expect(fits(twelveHours)).toEqual(["08:00 full", "10:00 full", "12:00 full", "14:00 full", "16:00 full"]);
    await press(browser, "details", { ...details(day, "", "4_bedroom"), intent: "times" });
    expect(fits(page(await open(browser, "details")).availability)).toEqual(["08:00 fits", "10:00 full", "12:00 full", "14:00 full", "16:00 full"]);

    const crafted = await post(browser, "details", details(day, "16:00", "5_plus_bedroom"));
    expect(crafted.status).toBe(409);
    expect((crafted.value as RefusedStep).result.error.time).toEqual([CAPACITY_MESSAGES.pastClosing("16:00", 12, "18:00")]);
    expect(CAPACITY_MESSAGES.pastClosing("16:00", 12, "18:00")).toBe(
      "A 12-hour move starting at 4:00 PM would run past our closing time (6:00 PM): please choose an earlier time",
    );

    // A booking saved or paid for such a start is refused by the database itself.
    const saved = savePendingBooking(app.serviceRole, {
      request: sampleBookingRequest({ date: day, time: "16:00", propertySize: "5_plus_bedroom", email }),
      userId: null,
      draftId: crypto.randomUUID(),
    });
    expect(await saved).toMatchObject({ kind: "out-of-hours", why: "past-closing" });
    expect(await bookingsOf(email)).toEqual([]);
  });

  it("opens on next month when the company's notice leaves none of this month's days to book, with or without JavaScript", async () => {
    // Notice reaching past this month's last day, as a day's notice does on that day: the first bookable day is next month's 1st.
    let notice = 1;
    while (monthOf(addDays(today(), notice)) === monthOf(today())) notice++;
    const firstDay = addDays(today(), notice);
    const { error } = await app.serviceRole.from("app_settings").update({ minimum_lead_days: notice }).eq("id", true);
    if (error) throw error;
    try {
      // A server started now reads the new notice.
      const strict = await startTestApp(backend, app.options);
      const shown = page(await open(await startWizard(uniqueEmail("next-month"), strict), "details")).availability;
      expect(shown.month).toBe(monthOf(firstDay));
      expect(shown.days[0]?.date).toBe(firstDay);
      // The picker's question for a month that cannot be booked is answered with the same month.
      const answer = await strict.visitor().get("/book/availability?month=2099-01", { headers: { Accept: "application/json" } });
      expect((JSON.parse(answer.html) as WizardAvailability).month).toBe(monthOf(firstDay));
    } finally {
      await app.serviceRole.from("app_settings").update({ minimum_lead_days: 1 }).eq("id", true);
    }
  });

  it("offers no same-day move: the first day offered is tomorrow, and today posted or saved is refused", async () => {
    const email = uniqueEmail("same-day");
    const browser = await startWizard(email);
    const tomorrow = addDays(today(), 1);
    const shown = page(await open(browser, "details", `?month=${monthOf(tomorrow)}`)).availability;
    expect(shown.days[0]?.date).toBe(tomorrow);

    const refused = await post(browser, "details", details(today(), "16:00", "studio"));
    expect(refused.status).toBe(409);
    expect((refused.value as RefusedStep).result.error.date).toEqual([CAPACITY_MESSAGES.tooSoonOn(today())]);

    const saved = savePendingBooking(app.serviceRole, {
      request: sampleBookingRequest({ date: today(), time: "16:00", propertySize: "studio", email }),
      userId: null,
      draftId: crypto.randomUUID(),
    });
    expect(await saved).toMatchObject({ kind: "out-of-hours", why: "too-soon" });
    expect(await bookingsOf(email)).toEqual([]);
  });
});

describe.skipIf(usingHostedBackend)("/book/availability", () => {
  /** The question the date picker asks with JavaScript (a fetch for JSON), and its answer. */
  async function ask(visitor: Visitor, query: string): Promise<{ status: number; value: unknown }> {
    const answer = await visitor.get(`/book/availability?${query}`, { headers: { Accept: "application/json" } });
    return { status: answer.status, value: JSON.parse(answer.html) };
  }

  it("answers a month's days and a date's slots for a home's size, without the visitor's own hold", async () => {
    const email = uniqueEmail("own-hold");
    const browser = app.visitor();
    const day = freshDay();
    await setDay(day, { crews: 1 });
    expect((await answerWizard(browser, { ...contact(email), ...move(day, "08:00") })).location).toBe("/book/review");
    // Pay saves the booking, which holds the one crew while its customer is in Checkout.
    expect((await pressPay(browser)).status).toBe(303);

    const own = await ask(browser, `month=${monthOf(day)}&date=${day}&size=studio`);
    expect(own.status).toBe(200);
    const answer = own.value as WizardAvailability;
    expect(answer).toMatchObject({ month: monthOf(day), hours: 3 });
    // From 4:00 PM a 3-hour move would end after closing.
    expect(fits(answer)).toEqual(["08:00 fits", "10:00 fits", "12:00 fits", "14:00 fits", "16:00 full"]);
    // Anyone else is told the crew is out from 8:00 to 2:00 PM: a 3-hour move fits only at 2:00 PM.
    const other = (await ask(app.visitor(), `month=${monthOf(day)}&date=${day}&size=studio`)).value as WizardAvailability;
    expect(fits(other)).toEqual(["08:00 full", "10:00 full", "12:00 full", "14:00 fits", "16:00 full"]);
  });

  it("tells anyone only whether each day is open, full or closed and which start times fit: no crews, no closure reasons", async () => {
    const closed = freshDay();
    await setDay(closed, { closed: true, reason: "Owner's wedding" });
    const busy = addDays(closed, 1);
    await setDay(busy, { crews: 2 });
    await anotherMove(busy, "08:00");
    const asked = await ask(app.visitor(), `month=${monthOf(busy)}&date=${busy}&size=2_bedroom`);
    expect(asked.status).toBe(200);
    const answer = asked.value as WizardAvailability;
    for (const day of answer.days) expect(Object.keys(day).sort(), day.date).toEqual(["date", "state"]);
    if (monthOf(closed) === monthOf(busy)) expect(answer.days.find((day) => day.date === closed)).toEqual({ date: closed, state: "closed" });
    expect(answer.days.find((day) => day.date === busy)).toEqual({ date: busy, state: "open" });
    expect(Object.keys(answer.day ?? {}).sort()).toEqual(["closesAt", "date", "hours", "slots", "state"]);
    const said = JSON.stringify(answer);
    expect(said).not.toMatch(/crew|reason|wedding/i);
    // The details step's own page holds no more than the question does.
    const browser = await startWizard();
    await press(browser, "details", { ...details(busy), intent: "times" });
    const rendered = JSON.stringify(page(await open(browser, "details")).availability);
    expect(rendered).not.toMatch(/crew|reason|wedding/i);
  });

  it("answers each address a limited number of questions a minute, then 429 with the wait, while other addresses are still answered", async () => {
    const limited = await startTestApp(backend, { bookingActionsPerMinute: 1 });
    const prober = limited.visitor({ clientIp: "203.0.113.13" });
    const query = `month=${monthOf(today())}`;
    const statuses: number[] = [];
    let refused: { status: number; value: unknown } | null = null;
    for (let asked = 0; asked < 100 && !refused; asked++) {
      const answer = await ask(prober, query);
      statuses.push(answer.status);
      if (answer.status !== 200) refused = answer;
    }
    expect(statuses[0]).toBe(200);
    expect(refused?.status).toBe(429);
    expect((refused?.value as { error: string }).error).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect((await ask(limited.visitor({ clientIp: "198.51.100.7" }), query)).status).toBe(200);
  });

  it("shows the first bookable day's month for one that cannot be booked, and refuses a malformed question with a 400", async () => {
    const browser = app.visitor();
    const far = (await ask(browser, "month=2099-01")).value as WizardAvailability;
    expect(far.month).toBe(monthOf(addDays(today(), 1)));
    expect(far.day).toBeNull();
    for (const query of ["", "month=2027-1", "month=2027-13", `month=${monthOf(today())}&date=2027-02-30`, `month=${monthOf(today())}&size=castle`]) {
      const answer = await ask(browser, query);
      expect(answer.status, query).toBe(400);
      expect(answer.value).toEqual({ error: "Choose a month, and a real date and home size." });
    }
  });
});
