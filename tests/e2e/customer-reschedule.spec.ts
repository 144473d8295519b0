import { expect, test, type Page } from "@playwright/test";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient, manageLinkOf, setDayCrews } from "./support/backend.ts";
import { javaScriptOn } from "./support/photos.ts";

// A customer moves their booking from its page, signed in or with the link of its emails, with
// JavaScript (the calendar answers in place) and without (its month buttons and 'Show free times' post).

/**
 * YYYY-MM-DD of the `day`th of the month `monthsAhead` months from now, in this project's part of the
 * month (both projects share one server): months ahead, where other tests' bookings are not.
 */
function dayOfMonthAhead(monthsAhead: number, day: number): string {
  const now = new Date();
  const project = test.info().project.name === "javascript" ? 0 : 1;
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, day + project * 14));
  return date.toISOString().slice(0, 10);
}

const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

const paid = { deposit_status: "paid", deposit_paid_at: new Date().toISOString(), estimated_hours: 6 };

async function stored(id: string) {
  const client = await getServiceClient();
  const { data, error } = await client.from("bookings").select("moving_date, moving_time, online_reschedules").eq("id", id).single();
  if (error) throw error;
  return data as { moving_date: string; moving_time: string | null; online_reschedules: number };
}

/** Chooses `date` on the calendar; without JavaScript its free times come from the server. */
async function chooseDay(page: Page, date: string) {
  await page.getByRole("radio", { name: new RegExp(`^${longDate(date)}`) }).check();
  if (!javaScriptOn()) await page.getByRole("button", { name: "Show free times for this date" }).click();
  await expect(page.getByText(`On ${longDate(date)}, for a move of about 6 hours.`)).toBeVisible();
}

test("from the booking's page: only free times are offered, and the move goes to the one chosen", async ({ page }) => {
  const [from, to] = [dayOfMonthAhead(7, 3), dayOfMonthAhead(7, 10)];
  await Promise.all([setDayCrews(from, 1), setDayCrews(to, 1)]);
  const [user, other] = await Promise.all([createTestUser({ fullName: "Rhea Reschedule" }), createTestUser({ fullName: "Otto Other" })]);
  // The one crew of the new day is out from 8:00 to 12:00.
  await createBooking(other, { ...paid, moving_date: to, moving_time: "08:00", estimated_hours: 4 });
  const booking = await createBooking(user, { ...paid, moving_date: from, moving_time: "10:00" });

  await signInDirectly(page, user, `/dashboard/bookings/${booking.id}`);
  const section = page.getByRole("region", { name: "Date and time" });
  await expect(section).toContainText(/You can reschedule online until .+, 2 more times\./);
  await section.getByRole("link", { name: "Reschedule" }).click();
  await expect(page.getByRole("heading", { name: "Reschedule your move" })).toBeVisible();
  await expect(page.getByText(`Now booked for ${longDate(from)} · 10:00 AM.`)).toBeVisible();
  // Its own time is free for it.
  await expect(page.getByRole("radio", { name: /^10:00 AM/ })).toBeChecked();

  await chooseDay(page, to);
  await expect(page.getByRole("radio", { name: /^8:00 AM/ })).toBeDisabled();
  await expect(page.getByRole("radio", { name: /^12:00 PM/ })).toBeEnabled();
  await page.getByRole("radio", { name: /^12:00 PM/ }).check();
  await page.getByRole("button", { name: "Reschedule move" }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/bookings/${booking.id}$`));
  await expect(page.getByText(`Your move is now on ${longDate(to)} · 12:00 PM.`).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Date and time" })).toContainText("once more");
  expect(await stored(booking.id)).toEqual({ moving_date: to, moving_time: "12:00:00", online_reschedules: 1 });
});

test("with the link of its emails: another month, no preferred time, and back on the booking's page", async ({ page }) => {
  const [from, to] = [dayOfMonthAhead(7, 5), dayOfMonthAhead(8, 6)];
  const email = `guest.${Date.now().toString(36)}@example.com`;
  const booking = await createBooking({ id: null as unknown as string, email, fullName: "Gus Guest" }, { ...paid, moving_date: from, moving_time: "10:00" });

  await page.goto(manageLinkOf(booking as unknown as { id: string; email: string }));
  await page.getByRole("region", { name: "Date and time" }).getByRole("link", { name: "Reschedule" }).click();
  await page.getByRole("button", { name: "Next month" }).click();
  const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${to}T00:00:00Z`));
  await expect(page.getByText(monthName, { exact: true })).toBeVisible();
  await chooseDay(page, to);
  await page.getByRole("radio", { name: /^No preferred time/ }).check();
  await page.getByRole("button", { name: "Reschedule move" }).click();

  await expect(page).toHaveURL(/\/manage\?token=/);
  await expect(page.getByText(`Your move is now on ${longDate(to)} · Any time.`).first()).toBeVisible();
  expect(await stored(booking.id)).toEqual({ moving_date: to, moving_time: null, online_reschedules: 1 });
});

test("asked to pick another day because the office closed theirs, the customer moves it with the link, uncounted, past the limit", async ({ page }) => {
  const [from, to] = [dayOfMonthAhead(8, 9), dayOfMonthAhead(8, 12)];
  const email = `closed.${Date.now().toString(36)}@example.com`;
  // Moved online twice already, as often as the company allows, on a day the office closed since, asking its customer to move.
  const booking = await createBooking(
    { id: null as unknown as string, email, fullName: "Cleo Closed" },
    { ...paid, moving_date: from, moving_time: "10:00", online_reschedules: 2, new_date_requested_at: new Date().toISOString() },
  );
  const client = await getServiceClient();
  const closed = await client.from("schedule_days").upsert({ day: from, crews: null, closed: true, reason: "Storm" });
  if (closed.error) throw closed.error;

  await page.goto(manageLinkOf(booking as unknown as { id: string; email: string }));
  const section = page.getByRole("region", { name: "Date and time" });
  await expect(section).toContainText(`we have had to close on ${longDate(from)}`);
  await section.getByRole("link", { name: "Pick another day" }).click();
  await chooseDay(page, to);
  await page.getByRole("radio", { name: /^12:00 PM/ }).check();
  await page.getByRole("button", { name: "Reschedule move" }).click();

  await expect(page).toHaveURL(/\/manage\?token=/);
  await expect(page.getByText(`Your move is now on ${longDate(to)} · 12:00 PM.`).first()).toBeVisible();
  expect(await stored(booking.id)).toEqual({ moving_date: to, moving_time: "12:00:00", online_reschedules: 2 });
  // Back to the company's rules: moved twice, so any further change is the office's.
  await expect(page.getByRole("region", { name: "Date and time" })).toContainText("as often as we allow");
});
