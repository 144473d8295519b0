import { expect, test, type Page } from "@playwright/test";
import { formatMoveDate, formatTimeSlot } from "../../app/domain/booking-labels.ts";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { addMonths, formatMonth, monthOf } from "../../app/domain/date-picker-month.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient, setDayCrews } from "./support/backend.ts";
import { hydrated } from "./support/hydration.ts";

// The office moving a booking on the edit page, with JavaScript on and off: the wizard's calendar of
// free days and times for this move (its own crew left out), the month buttons, and a full time
// booked only on purpose ('Book it anyway'), which the booking's history records.

/**
 * A day of this test's own, nine months ahead (where other tests' bookings and crews are not), in this
 * project's part of the month (both projects share one server).
 */
function dayOf(offset: number): string {
  const project = test.info().project.name === "javascript" ? 0 : 1;
  return `${addMonths(monthOf(todayIn(COMPANY.timeZone)), 9)}-${String(3 + project * 12 + offset).padStart(2, "0")}`;
}

const withScripts = () => test.info().project.name === "javascript";

async function closeDay(day: string) {
  const client = await getServiceClient();
  const { error } = await client.from("schedule_days").upsert({ day, crews: null, closed: true, reason: "Inventory" });
  if (error) throw new Error(error.message);
}

async function storedMove(id: string) {
  const client = await getServiceClient();
  const { data, error } = await client.from("bookings").select("moving_date, moving_time").eq("id", id).single();
  if (error) throw new Error(error.message);
  return data;
}

const dayRadio = (page: Page, day: string) => page.getByRole("radio", { name: new RegExp(`^${formatMoveDate(day)}`) });
const slotRadio = (page: Page, time: string) => page.getByRole("radio", { name: new RegExp(`^${formatTimeSlot(time)}`) });

/** Chooses a day; its times follow at once with JavaScript, and on 'Show free times' without it. */
async function chooseDay(page: Page, day: string) {
  await dayRadio(page, day).check();
  if (!withScripts()) await page.getByRole("button", { name: "Show free times for this date" }).click();
  await expect(page.getByText(`On ${formatMoveDate(day)}, for a move of about`)).toBeVisible();
}

/** Opens the booking's edit page as `admin`, ready for a press (hydrated with JavaScript). */
async function openEdit(page: Page, admin: Awaited<ReturnType<typeof createTestUser>>, bookingId: string) {
  await signInDirectly(page, admin, `/admin/bookings/${bookingId}/edit`);
  if (withScripts()) await hydrated(page);
}

test("the edit offers only free days and times, and a free day and time chosen moves the booking", async ({ page }) => {
  const [day, closed, free] = [dayOf(0), dayOf(1), dayOf(2)];
  await Promise.all([setDayCrews(day, 1), closeDay(closed), setDayCrews(free, 1)]);
  const customer = await createTestUser({ fullName: "Cal Endar" });
  await createBooking(customer, { full_name: "First Come", moving_date: day, moving_time: "08:00", estimated_hours: 4, status: "confirmed" });
  const moving = await createBooking(customer, { moving_date: day, moving_time: "14:00", estimated_hours: 4, status: "confirmed" });
  const admin = await createTestUser({ fullName: "Calendar Admin", admin: true });
  await openEdit(page, admin, moving.id);

  await expect(page.getByText(formatMonth(monthOf(day)), { exact: true })).toBeVisible();
  await expect(dayRadio(page, day)).toBeChecked();
  // Its own time is free for it; a time the other move holds is full and cannot be chosen.
  await expect(slotRadio(page, "14:00")).toBeChecked();
  await expect(slotRadio(page, "10:00")).toBeDisabled();
  await expect(slotRadio(page, "10:00")).toHaveAccessibleName(/Full/);
  await expect(dayRadio(page, closed)).toBeDisabled();
  await expect(dayRadio(page, closed)).toHaveAccessibleName(/Closed/);

  await chooseDay(page, free);
  await slotRadio(page, "12:00").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${moving.id}$`));
  expect(await storedMove(moving.id)).toEqual({ moving_date: free, moving_time: "12:00:00" });
});

test("the month buttons show another month and keep what was typed", async ({ page }) => {
  const day = dayOf(3);
  const customer = await createTestUser({ fullName: "Mona Month" });
  const moving = await createBooking(customer, { moving_date: day, moving_time: "10:00", estimated_hours: 4, status: "confirmed" });
  const admin = await createTestUser({ fullName: "Month Admin", admin: true });
  await openEdit(page, admin, moving.id);

  await page.getByLabel("Moving to").fill("77 Typed Rd, Decatur, GA");
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(page.getByText(formatMonth(addMonths(monthOf(day), 1)), { exact: true })).toBeVisible();
  await expect(dayRadio(page, addDays(`${addMonths(monthOf(day), 1)}-01`, 14))).toBeAttached();
  await expect(page.getByLabel("Moving to")).toHaveValue("77 Typed Rd, Decatur, GA");
  // The booking's date stays chosen, above the month shown.
  await expect(page.getByRole("radio", { name: `${formatMoveDate(day)} (chosen)` })).toBeChecked();
  await page.getByRole("button", { name: "Previous month" }).click();
  await expect(page.getByText(formatMonth(monthOf(day)), { exact: true })).toBeVisible();
  expect(await storedMove(moving.id)).toEqual({ moving_date: day, moving_time: "10:00:00" });
});

test("a full time is booked only with 'Book it anyway', and the history says who overrode the check", async ({ page }) => {
  const day = dayOf(4);
  await setDayCrews(day, 1);
  const customer = await createTestUser({ fullName: "Olive Over" });
  await createBooking(customer, { full_name: "First Come", moving_date: day, moving_time: "08:00", estimated_hours: 4, status: "confirmed" });
  const moving = await createBooking(customer, { full_name: "Olive Over", moving_date: day, moving_time: "14:00", estimated_hours: 4, status: "confirmed" });
  const admin = await createTestUser({ fullName: "Over Admin", admin: true });
  await openEdit(page, admin, moving.id);

  await expect(slotRadio(page, "10:00")).toBeDisabled();
  await page.getByRole("checkbox", { name: "Book it anyway" }).check();
  // Without JavaScript the page is asked again, with the box ticked, for the full times to be offered.
  if (!withScripts()) await page.getByRole("button", { name: "Show free times for this date" }).click();
  await expect(page.getByRole("checkbox", { name: "Book it anyway" })).toBeChecked();
  await slotRadio(page, "10:00").check();
  await page.getByRole("button", { name: "Save changes" }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${moving.id}$`));
  const history = page.getByRole("region", { name: "Edit history" }).getByRole("listitem");
  await expect(history.filter({ hasText: "Booked over capacity" })).toContainText("Over Admin");
  expect(await storedMove(moving.id)).toEqual({ moving_date: day, moving_time: "10:00:00" });
  const client = await getServiceClient();
  const warning = await client.from("booking_edits").select("after, changed_by").eq("booking_id", moving.id).eq("field", "over_capacity");
  expect(warning.data).toEqual([{ after: expect.stringContaining("No crew is free"), changed_by: admin.id }]);
});
