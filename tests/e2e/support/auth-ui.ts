import { expect, type Page, test } from "@playwright/test";
import type { TestUser } from "./backend.ts";

/** The auth dialog (rendered in place, so it exists with and without JavaScript). */
export const authDialog = (page: Page) => page.getByRole("dialog");

export async function signInThroughDialog(page: Page, user: Pick<TestUser, "email" | "password">, path = "/?auth=login") {
  await page.goto(path);
  const dialog = authDialog(page);
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel("Password").fill(user.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
}

export async function expectSignedInDashboard(page: Page, firstName: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: `Welcome back, ${firstName}!` })).toBeVisible();
}

/** With JavaScript, the Radix trigger (it replaces the <details> summary once its code has loaded). */
export async function openAccountMenu(page: Page, name: string) {
  const label = `Account menu for ${name}`;
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  await (javaScriptEnabled ? page.getByRole("button", { name: label }) : page.locator("summary", { hasText: label })).click();
}
