import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/accessibility.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient } from "./support/backend.ts";

// A busy day of the schedule, over capacity too, audited with axe on a desktop and on a 360px phone,
// where the page must not scroll sideways.

const DAY = "2028-01-18";

test("a busy day of the schedule passes axe and fits a 360px phone", async ({ page }) => {
  const client = await getServiceClient();
  const customer = await createTestUser({ fullName: "Busy Customer" });
  const moves: Array<[string, number, string]> = [
    ["08:00", 4, "Avery With A Rather Long Name For A Small Block"],
    ["10:00", 6, "Blake Long"],
    ["12:00", 3, "Casey Noon"],
    ["16:00", 4, "Drew Late"],
  ];
  for (const [time, hours, name] of moves) {
    await createBooking(customer, {
      full_name: name,
      moving_date: DAY,
      moving_time: time,
      estimated_hours: hours,
      status: "confirmed",
      moving_from: "1234 Extraordinarily Long Street Name Boulevard, Atlanta, GA 30303",
    });
  }
  // Fewer crews than the day's moves need at once: a row over capacity.
  const closed = await client.from("schedule_days").upsert({ day: DAY, crews: 1, closed: false, reason: null });
  if (closed.error) throw new Error(closed.error.message);
  const admin = await createTestUser({ fullName: "Axe Admin", admin: true });
  await signInDirectly(page, admin, `/admin/schedule?day=${DAY}`);
  await expect(page.getByText("Over capacity").first()).toBeVisible();
  expect(await seriousViolations(page, "desktop")).toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByRole("region", { name: /as lists$/ }).getByRole("link", { name: "Blake Long" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  expect(await seriousViolations(page, "360px")).toEqual([]);
});
