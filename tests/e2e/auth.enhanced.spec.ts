import { expect, test } from "@playwright/test";
import { authDialog } from "./support/auth-ui.ts";
import { hydrated } from "./support/hydration.ts";

// What JavaScript adds to the auth dialog; the plain-HTML behaviour is covered in auth.spec.ts.
test.describe("auth dialog with JavaScript", () => {
  test("opens from the header without a page load and closes with Escape", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await expect(authDialog(page).getByRole("heading", { name: "Welcome back" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    for (let step = 0; step < 10; step++) await page.keyboard.press("Tab");
    expect(await authDialog(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await expect(authDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("the Sign In button waits for both fields", async ({ page }) => {
    await page.goto("/?auth=login");
    const dialog = authDialog(page);
    const button = dialog.getByRole("button", { name: "Sign In" });
    await expect(button).toBeDisabled();
    await dialog.getByLabel("Email").fill("someone@example.com");
    await expect(button).toBeDisabled();
    await dialog.getByLabel("Password").fill("x");
    await expect(button).toBeEnabled();
  });

  test("checks the email as soon as the field is left", async ({ page }) => {
    await page.goto("/?auth=signup");
    // Checking on leaving a field is what the scripts add: before they run, the server checks on submit.
    await hydrated(page);
    const dialog = authDialog(page);
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Password", { exact: true }).focus();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  });

  test("a link in the dialog clicked while the dialog's code is still arriving still opens its view", async ({ page }) => {
    // The page's scripts are here and running; the dialog's own code is held back until after the click.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The dialog's own chunk, not the small module that fetches it on demand.
    const dialogCode = (url: URL) => url.pathname.startsWith("/assets/auth-dialog-") && !url.pathname.startsWith("/assets/auth-dialog-on-demand-");
    await page.route(dialogCode, async (route) => {
      await held;
      await route.continue();
    });
    // The held code keeps the page's load event waiting: the page is there once its document is.
    await page.goto("/?auth=login", { waitUntil: "domcontentloaded" });
    await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
    await authDialog(page).getByRole("link", { name: "Create an account" }).click();
    release();
    await expect(authDialog(page).getByRole("heading", { name: "Create your account" })).toBeVisible();
  });
});
