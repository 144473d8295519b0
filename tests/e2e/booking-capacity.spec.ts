import { expect, test, type Page } from "@playwright/test";
import { formatMoveDate } from "../../app/domain/booking-labels.ts";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient, setDayCrews } from "./support/backend.ts";
import { calendarDay, chooseMoveDate, continueButton, expectStep, fillContact, moveDatePicker, payButton, startTime } from "./support/wizard.ts";

// The wizard offers only what a crew can take, with JavaScript on and off: full times and days are
// marked and cannot be chosen, a day the office closes stops being offered, and the customer who loses
// the race for the last crew at Pay is sent back to the details step and told, with everything kept.

const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false;

/** The last day of the admin table's seeded bookings (January to March 2027). */
const SEEDED_UNTIL = "2027-03-31";
/** Days other tests book by default, whenever they run. */
const FIXED_BOOKING_DAYS = ["2027-06-15"];

/**
 * A date of this test's own: from about two months ahead (apart for each project, as they share
 * servers), the first that neither it nor the days beside it hold a booking or a schedule of their own.
 * Other tests book fixed dates (the admin table's 60 seeded bookings fill January to March 2027), and a
 * date counted from today would meet them as the weeks pass: it begins after them, and skips the others.
 */
async function ownDay(offset: number): Promise<string> {
  const project = javaScriptOn() ? 0 : 1;
  const counted = addDays(todayIn(COMPANY.timeZone), 60 + project * 12 + offset);
  // Those tests may book their fixed dates after this one chose and closed its day: begin past them.
  const from = counted > SEEDED_UNTIL ? counted : addDays(SEEDED_UNTIL, 2 + project * 12 + offset);
  const to = addDays(from, 200);
  const client = await getServiceClient();
  const [booked, scheduled] = await Promise.all([
    client.from("bookings").select("day:moving_date").gte("moving_date", addDays(from, -1)).lte("moving_date", to),
    client.from("schedule_days").select("day").gte("day", addDays(from, -1)).lte("day", to),
  ]);
  if (booked.error || scheduled.error) throw new Error((booked.error ?? scheduled.error)!.message);
  const taken = new Set([...booked.data, ...scheduled.data].map((row) => row.day).concat(FIXED_BOOKING_DAYS));
  let day = from;
  while ([addDays(day, -1), day, addDays(day, 1)].some((near) => taken.has(near))) day = addDays(day, 1);
  return day;
}

/** Another customer's confirmed move on `day`: 6 hours from `time` (a 2-bedroom home). */
async function anotherCustomersMove(day: string, time: string) {
  const other = await createTestUser({ fullName: "Olive Other" });
  await createBooking(other, {
    moving_date: day,
    moving_time: time,
    estimated_hours: 6,
    status: "confirmed",
    deposit_status: "paid",
    deposit_paid_at: new Date().toISOString(),
  });
}

async function toTheDetailsStep(page: Page, email: string) {
  await page.goto("/book?team=elite&service=local");
  await fillContact(page, { name: "Cara Capacity", email, phone: "(404) 555-0190" });
  await continueButton(page).click();
  await expectStep(page, "Move details");
  await page.getByLabel("Pickup address").fill("3 Capacity Ct, Atlanta");
  await page.getByLabel("Delivery address").fill("4 Crew Cir, Decatur");
  // A studio: a 3-hour move, which must end by closing (6:00 PM).
  await page.getByLabel("Property size").selectOption("studio");
}

/** Without JavaScript the slots follow the date when the customer asks; with it, by themselves (the button is gone). */
async function showTimesOf(page: Page, day: string) {
  const showTimes = page.getByRole("button", { name: "Show free times for this date" });
  if (javaScriptOn()) await expect(showTimes).toHaveCount(0);
  else await showTimes.click();
  await expect(page.getByRole("group", { name: "Start time" })).toContainText(`On ${formatMoveDate(day)}`);
}

async function savedBookingOf(email: string) {
  const client = await getServiceClient();
  const { data, error } = await client.from("bookings").select("moving_date, moving_time, from:moving_from").eq("email", email);
  if (error) throw new Error(error.message);
  return data;
}

test("a full time cannot be chosen, and 'No preferred time' is saved at the first time a crew can take", async ({ page }) => {
  const day = await ownDay(1);
  await setDayCrews(day, 1);
  // The one crew is out from 8:00 to 2:00 PM: a 3-hour move fits at 2:00 PM; from 4:00 PM it would end after closing.
  await anotherCustomersMove(day, "08:00");
  const email = `full-time-${test.info().project.name}@example.com`;
  await toTheDetailsStep(page, email);
  // 10:00 chosen on the day before, then this day: it is full here. With JavaScript the customer is
  // told as soon as the day is tapped; either way Continue refuses it and shows this day's times.
  await chooseMoveDate(page, addDays(day, -1));
  await startTime(page, "10:00").check();
  await chooseMoveDate(page, day);
  const fullMessage = `10:00 AM is full on ${formatMoveDate(day)}: please choose another time`;
  const times = page.getByRole("group", { name: "Start time" });
  if (javaScriptOn()) await expect(times).toHaveAccessibleDescription(fullMessage);
  await continueButton(page).click();
  await expect(times).toHaveAccessibleDescription(fullMessage);
  await expect(page.getByLabel("Pickup address")).toHaveValue("3 Capacity Ct, Atlanta");
  await expect(calendarDay(page, day)).toBeChecked();
  await expect(times).toContainText(`On ${formatMoveDate(day)}`);
  for (const time of ["08:00", "12:00"]) {
    await expect(startTime(page, time)).toBeDisabled();
    await expect(startTime(page, time)).toHaveAccessibleName(/Full$/);
  }
  // The time chosen stays chosen, marked, until the customer chooses another.
  await expect(startTime(page, "10:00")).toBeChecked();
  await expect(startTime(page, "10:00")).toHaveAccessibleName(/Full$/);
  await expect(startTime(page, "14:00")).toBeEnabled();
  await expect(startTime(page, "16:00")).toBeDisabled();
  await expect(startTime(page, "16:00")).toHaveAccessibleName(/Too late$/);

  await startTime(page).check();
  await continueButton(page).click();
  await expectStep(page, "Team");
  await continueButton(page).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await expectStep(page, "Review and pay");
  await payButton(page).click();
  await expect(page.getByRole("heading", { name: /Pay Metro Movers/ })).toBeVisible();
  expect(await savedBookingOf(email)).toEqual([{ moving_date: day, moving_time: "14:00:00", from: "3 Capacity Ct, Atlanta" }]);
});

test("a day the office closes stops being offered, and a draft on that day is told why", async ({ page, browser }) => {
  const day = await ownDay(2);
  const email = `closed-day-${test.info().project.name}@example.com`;
  await toTheDetailsStep(page, email);
  await chooseMoveDate(page, day);
  await startTime(page, "10:00").check();
  await continueButton(page).click();
  await expectStep(page, "Team");

  // Meanwhile the office closes the day, from the schedule.
  const admin = await createTestUser({ fullName: "Closing Admin", admin: true });
  const office = await browser.newPage();
  await signInDirectly(office, admin, `/admin/schedule?day=${day}`);
  await office.getByLabel("Reason for closing (optional)").fill("Company picnic");
  await office.getByRole("button", { name: "Close this day" }).click();
  await expect(office.getByTestId("schedule-day-summary")).toContainText("Closed: Company picnic");
  await office.close();

  await page.getByRole("button", { name: "Previous", exact: true }).click();
  await expectStep(page, "Move details");
  const closedMessage = `We are closed on ${formatMoveDate(day)}: Company picnic`;
  await expect(moveDatePicker(page)).toHaveAccessibleDescription(closedMessage);
  await expect(calendarDay(page, day)).toBeDisabled();
  await expect(calendarDay(page, day)).toHaveAccessibleName(`${formatMoveDate(day)}, Closed`);
  await expect(moveDatePicker(page)).toContainText(closedMessage);
  // What was typed is all still there.
  await expect(page.getByLabel("Pickup address")).toHaveValue("3 Capacity Ct, Atlanta");

  const nextDay = addDays(day, 1);
  await chooseMoveDate(page, nextDay);
  await showTimesOf(page, nextDay);
  await startTime(page, "10:00").check();
  await continueButton(page).click();
  await expectStep(page, "Team");
});

test("two customers race for the last crew: the one who pays second is sent back to choose another time, with everything kept", async ({ page }) => {
  const day = await ownDay(3);
  await setDayCrews(day, 1);
  const email = `race-${test.info().project.name}@example.com`;
  await toTheDetailsStep(page, email);
  await chooseMoveDate(page, day);
  await showTimesOf(page, day);
  await startTime(page, "10:00").check();
  await continueButton(page).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await expectStep(page, "Review and pay");

  // Another customer pays for the last crew first, from 8:00 to 2:00 PM.
  await anotherCustomersMove(day, "08:00");
  await payButton(page).click();

  await expectStep(page, "Move details");
  await expect(page.getByRole("group", { name: "Start time" })).toHaveAccessibleDescription("That time was just taken: please choose another");
  await expect(startTime(page, "10:00")).toBeDisabled();
  await expect(calendarDay(page, day)).toBeChecked();
  await expect(page.getByLabel("Pickup address")).toHaveValue("3 Capacity Ct, Atlanta");
  await expect(page.getByLabel("Property size")).toHaveValue("studio");
  expect(await savedBookingOf(email)).toEqual([]);

  // The crew is free again from 2:00 PM: Continue goes straight back to the review.
  await startTime(page, "14:00").check();
  await continueButton(page).click();
  await expectStep(page, "Review and pay");
  await payButton(page).click();
  await expect(page.getByRole("heading", { name: /Pay Metro Movers/ })).toBeVisible();
  expect(await savedBookingOf(email)).toEqual([{ moving_date: day, moving_time: "14:00:00", from: "3 Capacity Ct, Atlanta" }]);
});
