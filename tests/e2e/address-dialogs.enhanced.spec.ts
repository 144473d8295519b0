import { expect, test } from "@playwright/test";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser } from "./support/backend.ts";
import { dialogPressesMissed, hydrated, watchDialogPresses } from "./support/hydration.ts";

// Dialogs opened by the page's address are the server's HTML before they are React's. A press made
// while the scripts take them over must reach the dialog, not fall through to the overlay behind it.
test("a dialog the server opened takes a press at every moment of hydration", async ({ page }) => {
  await watchDialogPresses(page);
  for (const view of ["login", "signup", "forgot"]) {
    await page.goto(`/?auth=${view}`);
    await hydrated(page);
    expect(await dialogPressesMissed(page), view).toEqual([]);
  }

  const user = await createTestUser({ fullName: "Hana Hydrate" });
  const booking = await createBooking(user, { moving_date: "2027-09-14" });
  await signInDirectly(page, user, `/dashboard/bookings/${booking.id}?cancel=confirm`);
  await expect(page.getByRole("dialog", { name: "Cancel this booking?" })).toBeVisible();
  await hydrated(page);
  expect(await dialogPressesMissed(page), "cancel").toEqual([]);
});
