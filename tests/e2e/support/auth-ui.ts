import { expect, type Locator, type Page, test } from "@playwright/test";
import type { TestUser } from "./backend.ts";

/** The auth dialog (rendered in place, so it exists with and without JavaScript). */
export const authDialog = (page: Page) => page.getByRole("dialog");

export async function signInThroughDialog(page: Page, user: Pick<TestUser, "email" | "password">, path = "/?auth=login") {
  await page.goto(path);
  await submitSignIn(page, user);
}

/** Fills the open dialog's login view and presses Sign In. */
export async function submitSignIn(page: Page, user: Pick<TestUser, "email" | "password">) {
  const dialog = authDialog(page);
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel("Password").fill(user.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
}

/** Fills the open dialog's sign-up view (the email only when given: it may be filled in already) and presses Sign Up. */
export async function submitSignUp(page: Page, person: { name: string; email?: string; password: string }) {
  const dialog = authDialog(page);
  await dialog.getByLabel("Full name").fill(person.name);
  if (person.email) await dialog.getByLabel("Email").fill(person.email);
  await dialog.getByLabel("Password", { exact: true }).fill(person.password);
  await dialog.getByLabel("Confirm password").fill(person.password);
  await dialog.getByRole("button", { name: "Sign Up" }).click();
}

export async function expectSignedInDashboard(page: Page, firstName: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: `Hi, ${firstName}!` })).toBeVisible();
}

/** The header's account menu's trigger: the summary of its <details> disclosure, with or without JavaScript. */
export function accountMenuTrigger(page: Page, name: string): Locator {
  return page.getByRole("banner").locator("summary", { hasText: `Account menu for ${name}` });
}

export async function openAccountMenu(page: Page, name: string) {
  await accountMenuTrigger(page, name).click();
}

/** The open account menu's links and its Sign out. */
export function accountMenuItem(page: Page, name: string): Locator {
  const menu = page.getByRole("banner").locator("details[open]");
  return name === "Sign out" ? menu.getByRole("button", { name, exact: true }) : menu.getByRole("navigation", { name: "Account" }).getByRole("link", { name });
}

/**
 * Signs in without the dialog, by posting the login form through the page's own cookie jar, then
 * opens `path`: for tests of what a signed-in customer does. Tests of signing in use the dialog.
 */
export async function signInDirectly(
  page: Page,
  user: Pick<TestUser, "email" | "password">,
  path = "/dashboard",
  { waitUntil = "load" }: { waitUntil?: "load" | "domcontentloaded" } = {},
) {
  await postSignIn(page, user);
  await page.goto(path, { waitUntil });
}

/** Signs in by posting the login form through the page's own cookie jar, and opens nothing. */
export async function postSignIn(page: Page, user: Pick<TestUser, "email" | "password">) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post("/?index", {
    form: { intent: "login", email: user.email, password: user.password, redirectTo: "" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status(), "the login form answers with a redirect").toBe(302);
}
