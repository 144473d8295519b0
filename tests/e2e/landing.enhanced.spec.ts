import { expect, test } from "@playwright/test";

// Behaviour that exists only once JavaScript runs; the plain-HTML fallbacks are in landing.spec.ts.
test.describe("landing page with JavaScript", () => {
  test("Contact Us copies the phone number and says so", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    await page.getByRole("link", { name: "Contact Us" }).click();
    await expect(page.getByText("Phone number copied!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("(404) 555-0182");
    await expect(page).toHaveURL(/\/$/);
  });

  test("the mobile menu keeps focus inside and closes with Escape", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    for (let step = 0; step < 8; step++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("client-side navigation to an unknown path shows the not-found page", async ({ page }) => {
    await page.goto("/no-such-page");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page.getByText("4.6/5 from verified customers")).toBeVisible();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    // Back is a client-side navigation now: the router fetches the unknown path's data and gets a 404.
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("a slow client-side navigation shows Loading...", async ({ page }) => {
    await page.goto("/");
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await expect(page.getByRole("status").getByText("Loading...")).toBeAttached();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("status").getByText("Loading...")).not.toBeAttached();
  });
});
