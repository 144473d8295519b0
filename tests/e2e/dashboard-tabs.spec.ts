import { expect, test, type Page } from "@playwright/test";
import { createTestUser } from "./support/backend.ts";
import { authDialog, expectSignedInDashboard, signInDirectly } from "./support/auth-ui.ts";
import { runOnceAcrossProjects } from "./support/projects.ts";

// The dashboard's frame: the header, and tabs that are links (each with its own address, so they
// work without JavaScript and can be bookmarked; with JavaScript they switch without a page load).

const tabs = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
const javaScriptEnabled = () => test.info().project.use.javaScriptEnabled !== false;

test("the header greets the customer by name, shows their email, and offers Book New Move", async ({ page }) => {
  const user = await createTestUser({ fullName: "Dana Scully" });
  await signInDirectly(page, user);
  await expectSignedInDashboard(page, "Dana");
  await expect(page.getByRole("main").getByText(user.email, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Book New Move" }).click();
  await expect(page.getByRole("heading", { name: "Book your move" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expectSignedInDashboard(page, "Dana");
});

test("the tabs are links: each opens its own address, marked as the current one", async ({ page }) => {
  const user = await createTestUser({ fullName: "Tab Walker" });
  await signInDirectly(page, user);
  await expectSignedInDashboard(page, "Tab");
  await expect(tabs(page).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveTitle("My Bookings · Metro Movers");

  // A marker on the window survives only if the tab opens without loading a new page.
  if (javaScriptEnabled()) await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));
  await tabs(page).getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(tabs(page).getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await expect(tabs(page).getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current", "page");
  await expect(page).toHaveTitle("Profile · Metro Movers");

  await tabs(page).getByRole("link", { name: "Gallery" }).click();
  await expect(page).toHaveURL(/\/dashboard\/gallery$/);
  await expect(tabs(page).getByRole("link", { name: "Gallery" })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveTitle("Photo Gallery · Metro Movers");
  if (javaScriptEnabled()) expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");

  await tabs(page).getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(tabs(page).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
});

test("a tab bookmarked at its earlier address opens at its own, also through the sign-in it needs first", async ({ page }) => {
  const user = await createTestUser({ fullName: "Book Marker" });
  await page.goto("/dashboard?tab=gallery");
  await expect(page).toHaveURL(/\/\?auth=login&redirectTo=%2Fdashboard%2Fgallery$/);
  const dialog = authDialog(page);
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel("Password").fill(user.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard\/gallery$/);
  await expect(tabs(page).getByRole("link", { name: "Gallery" })).toHaveAttribute("aria-current", "page");
});

test("an unknown tab shows the overview at its own address", async ({ page }) => {
  const user = await createTestUser({ fullName: "Typo Tom" });
  await signInDirectly(page, user);
  await expectSignedInDashboard(page, "Typo");
  const response = await page.goto("/dashboard?tab=<script>");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(tabs(page).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
});

test("the header's Sign out signs the customer out", async ({ page }) => {
  const user = await createTestUser({ fullName: "Leaving Lee" });
  await signInDirectly(page, user);
  await expectSignedInDashboard(page, "Leaving");
  await page.getByRole("main").getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/auth=login/);
});

test("the dashboard takes no form of its own: a stray post is refused with 405", async ({ page }) => {
  runOnceAcrossProjects();
  const user = await createTestUser({ fullName: "Stray Poster" });
  await signInDirectly(page, user);
  await expectSignedInDashboard(page, "Stray");
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/dashboard?index", { form: { intent: "anything" }, headers: { Origin: origin } });
  expect(response.status()).toBe(405);
});
