import { expect, test } from "@playwright/test";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { weekOf } from "../../app/domain/schedule.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser } from "./support/backend.ts";
import { E2E_WEEKDAY_CREWS } from "./support/global-setup.ts";

// The bookings table's Move date quick filter (today, tomorrow, this week: links, so with and without
// JavaScript), combined with the search, and the crews used beside each move date.

test("an admin narrows the bookings to today's, tomorrow's or this week's moves and sees each day's crews", async ({ page }) => {
  const today = todayIn(COMPANY.timeZone);
  const tomorrow = addDays(today, 1);
  const week = weekOf(today);
  const name = `Quick ${test.info().project.name} ${Date.now().toString(36)}`;
  const customer = await createTestUser({ fullName: name });
  await createBooking(customer, { full_name: `${name} Today`, moving_date: today, moving_time: "08:00", status: "confirmed" });
  await createBooking(customer, { full_name: `${name} Tomorrow`, moving_date: tomorrow, moving_time: "10:00", status: "confirmed" });
  await createBooking(customer, { full_name: `${name} Later`, moving_date: addDays(week.to, 10), moving_time: "10:00", status: "confirmed" });
  const admin = await createTestUser({ fullName: "Filter Admin", admin: true });
  await signInDirectly(page, admin, `/admin/bookings?q=${encodeURIComponent(name)}`);

  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  const filter = page.getByRole("navigation", { name: "Move date" });
  await expect(filter.getByRole("link", { name: "Any" })).toHaveAttribute("aria-current", "true");

  await filter.getByRole("link", { name: "Tomorrow" }).click();
  await expect(page).toHaveURL(/move=tomorrow/);
  await expect(page).toHaveURL(/q=Quick/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${name} Tomorrow`);
  await expect(filter.getByRole("link", { name: "Tomorrow" })).toHaveAttribute("aria-current", "true");
  // Beside the date: the crews used of the day's crews, linking to its schedule.
  const crews = rows.first().locator("[data-crews-used]");
  await expect(crews).toHaveText(new RegExp(`^\\d+ of ${E2E_WEEKDAY_CREWS} crews$`));
  await expect(crews).toHaveAttribute("href", `/admin/schedule?day=${tomorrow}`);
  await expect(page.getByRole("list", { name: "Crews by day" }).locator(`[data-day="${tomorrow}"]`)).toContainText(`of ${E2E_WEEKDAY_CREWS} crews`);

  await filter.getByRole("link", { name: "Today" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${name} Today`);

  await filter.getByRole("link", { name: "This week" }).click();
  const inWeek = [today, tomorrow].filter((day) => day <= week.to).length;
  await expect(rows).toHaveCount(inWeek);
  await expect(page.getByRole("list", { name: "Crews by day" }).getByRole("listitem")).toHaveCount(7);

  await filter.getByRole("link", { name: "Any" }).click();
  await expect(rows).toHaveCount(3);
});
