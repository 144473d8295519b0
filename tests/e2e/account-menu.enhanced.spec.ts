import { expect, test } from "@playwright/test";
import { createTestUser } from "./support/backend.ts";
import { accountMenuItem, accountMenuTrigger, expectSignedInDashboard, signInDirectly } from "./support/auth-ui.ts";
import { hydrated } from "./support/hydration.ts";

// The account menu once the page is live, used as people use it: a click, a tap on a phone, the
// keyboard; and closed as a menu closes: Escape, a press elsewhere, a link followed.

test("clicking Sign out in the account menu signs out", async ({ page }) => {
  const user = await createTestUser({ fullName: "Mouse Clicker" });
  await signInDirectly(page, user);
  await expectSignedInDashboard(page, "Mouse");
  await hydrated(page);
  await accountMenuTrigger(page, "Mouse Clicker").click();
  await accountMenuItem(page, "Sign out").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/auth=login/);
});

test("the menu closes on Escape with focus back on its trigger, on a click elsewhere, and after its link is followed", async ({ page }) => {
  const user = await createTestUser({ fullName: "Dee Closer" });
  await signInDirectly(page, user);
  await hydrated(page);
  const trigger = accountMenuTrigger(page, "Dee Closer");
  const profile = accountMenuItem(page, "Profile");

  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(profile).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(accountMenuItem(page, "My Bookings")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(profile).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(profile).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await expect(profile).toBeVisible();
  await page.getByRole("heading", { name: "Hi, Dee!" }).click();
  await expect(profile).toBeHidden();

  await trigger.click();
  await profile.click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByLabel("Full name")).toHaveValue("Dee Closer");
  await expect(page.getByRole("banner").locator("details[open]")).toHaveCount(0);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 800 } });

  test("tapping Sign out in the account menu signs out", async ({ page }) => {
    const user = await createTestUser({ fullName: "Thumb Tapper" });
    await signInDirectly(page, user);
    await expectSignedInDashboard(page, "Thumb");
    await hydrated(page);
    await accountMenuTrigger(page, "Thumb Tapper").tap();
    await accountMenuItem(page, "Sign out").tap();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/auth=login/);
  });
});
