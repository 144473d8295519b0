import { expect, test, type Page } from "@playwright/test";
import { continueButton, expectStep, fillContact } from "./support/wizard.ts";

// The pages' scripts run within their Content-Security-Policy (scripts by nonce only, no eval): a
// violation is something the browser refused and reported, so a page that causes none does all it meant to.

/** Collects the page's CSP violations from its first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test("the landing page, its sign-up form and the wizard's forms run without a CSP violation", async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto("/");
  await page.getByRole("link", { name: "Sign Up" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Sign Up" }).click();
  await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address");
  expect(await violations()).toEqual([]);

  await page.goto("/book");
  await continueButton(page).click();
  await expect(page.getByLabel("Full name")).toHaveAccessibleDescription("Full name is required");
  await fillContact(page);
  await continueButton(page).click();
  await expectStep(page, "Move details");
  expect(await violations()).toEqual([]);
});
