import { expect, test } from "@playwright/test";
import { createTestUser } from "./support/backend.ts";
import { expectSignedInDashboard, signInDirectly } from "./support/auth-ui.ts";

// The hydrated account menu's Sign out, chosen as people choose it: a click, and a tap on a phone.

test("clicking Sign out in the account menu signs out", async ({ page }) => {
  const user = await createTestUser({ fullName: "Mouse Clicker" });
  await signInDirectly(page, user);
  await expectSignedInDashboard(page, "Mouse");
  await page.getByRole("button", { name: "Account menu for Mouse Clicker" }).click();
  await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/auth=login/);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 800 } });

  test("tapping Sign out in the account menu signs out", async ({ page }) => {
    const user = await createTestUser({ fullName: "Thumb Tapper" });
    await signInDirectly(page, user);
    await expectSignedInDashboard(page, "Thumb");
    await page.getByRole("button", { name: "Account menu for Thumb Tapper" }).tap();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).tap();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/auth=login/);
  });
});
