import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import { addDays } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { TIME_SLOTS } from "../../app/domain/pricing.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createApiKeys } from "../../emulators/supabase/index.ts";
import { createBooking, createTestUser, getServiceClient, setDayCrews } from "./support/backend.ts";
import { E2E_DATA_DIR, e2eBaseUrl } from "./support/environment.ts";
import { E2E_WEEKDAY_CREWS } from "./support/global-setup.ts";

// The office's schedule (/admin/schedule), with JavaScript on and off: a day's moves in their crews'
// rows and under their hours, the admin setting a day's crews and closing it (what the database and
// the wizard's own questions then say). An edit booked over capacity on purpose: admin-booking-calendar.spec.ts.

/** A day of this test's own in this project's range (both projects share one server). */
function dayOf(offset: number): string {
  const project = test.info().project.name === "javascript" ? 0 : 1;
  return addDays("2027-11-01", project * 40 + offset);
}

async function scheduleDay(day: string) {
  const client = await getServiceClient();
  const { data, error } = await client.from("schedule_days").select("crews, closed, reason").eq("day", day);
  if (error) throw new Error(error.message);
  return data;
}

/** What the wizard is told about a day: what a guest's client (the anon key) reads through the server's API. */
async function dayAsTheWizardSeesIt(day: string) {
  const secret = readFileSync(path.join(E2E_DATA_DIR, "jwt-secret"), "utf8").trim();
  const guest = createClient(e2eBaseUrl(), (await createApiKeys(secret)).anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const days = await guest.rpc("capacity_days", { _from: day, _to: day, _hours: 4, _slots: [...TIME_SLOTS] });
  const slots = await guest.rpc("capacity_slots", { _day: day, _hours: 4, _slots: [...TIME_SLOTS] });
  if (days.error || slots.error) throw new Error((days.error ?? slots.error)!.message);
  return {
    day: days.data[0] as { closed: boolean; reason: string | null; crews: number },
    fitting: (slots.data as Array<{ fits: boolean }>).filter((slot) => slot.fits).length,
  };
}

const crewRow = (page: Page, crew: number): Locator => page.locator(`[data-crew="${crew}"]`);

/** The left edge of an element, in CSS pixels. */
async function leftOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on the page");
  return box.x;
}

test("the schedule shows a day's bookings in their crews' rows, under their hours, each linking to its booking", async ({ page }) => {
  const day = dayOf(1);
  await setDayCrews(day, 2);
  const customer = await createTestUser({ fullName: "Sam Scheduled" });
  const paidAt = new Date().toISOString();
  const early = await createBooking(customer, {
    full_name: "Avery Early",
    moving_date: day,
    moving_time: "08:00",
    estimated_hours: 4,
    status: "confirmed",
    moving_from: "1 Oak St, Atlanta",
    moving_to: "2 Elm St, Decatur",
  });
  const long = await createBooking(customer, { full_name: "Blake Long", moving_date: day, moving_time: "10:00", estimated_hours: 6, status: "confirmed" });
  const noon = await createBooking(customer, {
    full_name: "Casey Noon",
    moving_date: day,
    moving_time: "12:00",
    estimated_hours: 3,
    status: "pending",
    deposit_status: "paid",
    deposit_paid_at: paidAt,
  });
  const admin = await createTestUser({ fullName: "Schedule Admin", admin: true });
  await signInDirectly(page, admin, `/admin/schedule?day=${day}`);

  await expect(page.getByRole("heading", { level: 2, name: /2027/ }).first()).toBeVisible();
  await expect(page.getByTestId("schedule-day-summary")).toHaveText("3 bookings · 2 of 2 crews");
  // Rows: the 8:00 move and the noon one share the first crew (it is free again at 12:00), the long one takes the second.
  await expect(crewRow(page, 1).getByRole("link")).toHaveText([/Avery Early/, /Casey Noon/]);
  await expect(crewRow(page, 2).getByRole("link")).toHaveText([/Blake Long/]);
  await expect(page.locator("[data-crew]")).toHaveCount(2);
  const earlyBlock = page.locator(`[data-booking-id="${early.id}"]`);
  await expect(earlyBlock).toContainText("8:00 AM – 12:00 PM");
  await expect(earlyBlock).toContainText("1 Oak St, Atlanta → 2 Elm St, Decatur");
  await expect(earlyBlock).toContainText("Confirmed");

  // Columns: each block starts under its hour and the 8:00 move ends where noon begins.
  const grid = page.getByRole("region", { name: /^Crew timeline, / });
  const hour = (label: string) => grid.getByText(label, { exact: true });
  expect(Math.abs((await leftOf(earlyBlock)) - (await leftOf(hour("8 AM"))))).toBeLessThanOrEqual(1);
  expect(Math.abs((await leftOf(page.locator(`[data-booking-id="${long.id}"]`))) - (await leftOf(hour("10 AM"))))).toBeLessThanOrEqual(1);
  const noonBlock = page.locator(`[data-booking-id="${noon.id}"]`);
  expect(Math.abs((await leftOf(noonBlock)) - (await leftOf(hour("12 PM"))))).toBeLessThanOrEqual(1);
  const earlyBox = (await earlyBlock.boundingBox())!;
  expect(Math.abs(earlyBox.x + earlyBox.width - (await leftOf(noonBlock)))).toBeLessThanOrEqual(1);

  // The overview marks the day, with its bookings and crews.
  const overviewDay = page.locator(`[data-day="${day}"]`);
  await expect(overviewDay).toContainText("3 bookings");
  await expect(overviewDay).toContainText("2 of 2 crews");
  await expect(overviewDay.getByRole("link")).toHaveAttribute("aria-current", "date");

  // Days are links: to the next and back.
  await page.getByRole("link", { name: "Next day" }).click();
  await expect(page).toHaveURL(new RegExp(`day=${addDays(day, 1)}$`));
  await expect(page.getByTestId("schedule-day-summary")).toContainText("0 bookings");
  await page.getByRole("link", { name: "Previous day" }).click();
  await expect(page).toHaveURL(new RegExp(`day=${day}$`));

  await earlyBlock.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${early.id}$`));
  await expect(page.getByText("Avery Early").first()).toBeVisible();
});

test("an admin sets a day's crews and closes it from the schedule; the wizard's questions then find it closed", async ({ page }) => {
  const day = dayOf(2);
  const admin = await createTestUser({ fullName: "Closing Admin", admin: true });
  await signInDirectly(page, admin, `/admin/schedule?day=${day}`);

  await page.getByLabel("Crews that day").fill("-3");
  await page.getByRole("button", { name: "Set crews" }).click();
  await expect(page.getByText("Enter a whole number of crews from 0 to 500")).toBeVisible();
  expect(await scheduleDay(day)).toEqual([]);

  await page.getByLabel("Crews that day").fill("5");
  await page.getByRole("button", { name: "Set crews" }).click();
  await expect(page.getByText("Schedule Updated").first()).toBeVisible();
  await expect(page.getByTestId("schedule-day-summary")).toContainText("0 of 5 crews");
  expect(await scheduleDay(day)).toEqual([{ crews: 5, closed: false, reason: null }]);

  await page.getByLabel("Reason for closing (optional)").fill("Company picnic");
  await page.getByRole("button", { name: "Close this day" }).click();
  await expect(page.getByTestId("schedule-day-summary")).toContainText("Closed: Company picnic");
  expect(await scheduleDay(day)).toEqual([{ crews: null, closed: true, reason: "Company picnic" }]);
  await expect(page.locator(`[data-day="${day}"]`)).toContainText("Closed: Company picnic");
  const closed = await dayAsTheWizardSeesIt(day);
  expect(closed).toEqual({ day: expect.objectContaining({ closed: true, reason: "Company picnic", crews: 0 }), fitting: 0 });

  await page.getByRole("button", { name: /^Reopen with / }).click();
  await expect(page.getByTestId("schedule-day-summary")).toHaveText(`0 bookings · 0 of ${E2E_WEEKDAY_CREWS} crews`);
  await expect(page.getByRole("button", { name: /^Reopen with / })).toHaveCount(0);
  expect(await scheduleDay(day)).toEqual([]);
  expect((await dayAsTheWizardSeesIt(day)).day).toMatchObject({ closed: false });
});

test("closing a day with bookings lists them and asks to confirm; emailing the customers marks their bookings as needing a new date", async ({ page }) => {
  const day = dayOf(3);
  await setDayCrews(day, 6);
  const customer = await createTestUser({ fullName: "Morgan Mover" });
  const booked = await createBooking(customer, {
    full_name: "Morgan Mover",
    moving_date: day,
    moving_time: "09:00",
    estimated_hours: 4,
    status: "confirmed",
    deposit_status: "paid",
    deposit_paid_at: new Date().toISOString(),
  });
  const admin = await createTestUser({ fullName: "Careful Closer", admin: true });
  await signInDirectly(page, admin, `/admin/schedule?day=${day}`);
  await expect(page.getByLabel("Crews that day")).toHaveValue("6");

  await page.getByLabel("Reason for closing (optional)").fill("Storm");
  await page.getByRole("button", { name: "Close this day" }).click();
  const confirmation = page.getByRole("region", { name: /^Close .* with 1 booking\?$/ });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole("link", { name: /Morgan Mover/ })).toHaveAttribute("href", `/admin/bookings/${booked.id}`);
  await expect(confirmation).toContainText("Email the customer who paid a deposit to pick another day online?");
  // Nothing is closed until it is confirmed.
  expect(await scheduleDay(day)).toEqual([{ crews: 6, closed: false, reason: null }]);

  await confirmation.getByRole("button", { name: "Close and email the customer" }).click();
  await expect(page.getByTestId("schedule-day-summary")).toHaveText("Closed: Storm · 1 booking to move");
  await expect(page.getByText("Over capacity")).toHaveCount(0);
  await expect(page.getByLabel("Crews that day")).toHaveValue("0");
  // The office sees which moves wait for their customer, until the customer picks another day.
  await expect(page.locator(`[data-booking-id="${booked.id}"]`).getByText("Needs a new date")).toBeVisible();
  expect(await scheduleDay(day)).toEqual([{ crews: null, closed: true, reason: "Storm" }]);
  const client = await getServiceClient();
  const marked = await client.from("bookings").select("new_date_requested_at").eq("id", booked.id).single();
  expect(marked.data?.new_date_requested_at).toEqual(expect.any(String));
  const asked = await client.from("message_outbox").select("recipient").eq("booking_id", booked.id).eq("kind", "day_closed_moved");
  expect(asked.data).toEqual([{ recipient: customer.email }]);
});

test("a moderator reads the schedule without its forms", async ({ page }) => {
  const moderator = await createTestUser({ fullName: "Mo Reader" });
  const client = await getServiceClient();
  const granted = await client.from("user_roles").insert({ user_id: moderator.id, role: "moderator" });
  if (granted.error) throw new Error(granted.error.message);
  await signInDirectly(page, moderator, `/admin/schedule?day=${dayOf(3)}`);
  await expect(page.getByRole("heading", { name: "Two weeks" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Set crews" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save weekday crews" })).toHaveCount(0);
});

test("the schedule marks a crew held for a deposit not paid yet with the time the hold ends", async ({ page }) => {
  const day = dayOf(7);
  await setDayCrews(day, 1);
  const customer = await createTestUser({ fullName: "Hana Held" });
  const holdEnds = new Date(Date.now() + 20 * 60_000);
  const held = await createBooking(customer, {
    full_name: "Hana Held",
    moving_date: day,
    moving_time: "08:00",
    estimated_hours: 4,
    status: "pending",
    deposit_status: "unpaid",
    hold_expires_at: holdEnds.toISOString(),
  });
  const admin = await createTestUser({ fullName: "Hold Admin", admin: true });
  await signInDirectly(page, admin, `/admin/schedule?day=${day}`);

  const until = new Intl.DateTimeFormat("en-US", { timeZone: COMPANY.timeZone, hour: "numeric", minute: "2-digit" }).format(holdEnds).replace(/\u202f/g, " ");
  await expect(crewRow(page, 1).locator(`[data-booking-id="${held.id}"]`)).toContainText(`Held, unpaid — until ${until}`);
  await expect(page.getByTestId("schedule-day-summary")).toHaveText("1 booking · 1 of 1 crew");
});
