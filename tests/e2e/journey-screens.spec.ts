import { expect, test } from "@playwright/test";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser } from "./support/backend.ts";
import { continueButton, expectStep, fillContact, fillDetails, payButton, payOnCheckout } from "./support/wizard.ts";

// The customer's journey screen by screen, on a 390px phone and a desktop, with JavaScript on and off:
// a screenshot of each for people to review (attached to the test's results, not compared pixel by
// pixel), and each screen's title, which must name the screen and the company and differ from the others.

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 900 } },
] as const;

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test("every screen from the landing to the dashboard has its own title and is captured for review", async ({ page }, testInfo) => {
      const titles = new Map<string, string>();
      async function capture(screen: string) {
        await page.evaluate(() => document.fonts.ready);
        const title = await page.title();
        expect(title, `${screen}: its title names the company`).toMatch(/ · Metro Movers$|^Metro Movers · /);
        titles.set(screen, title);
        // Saved in the test's output folder (test-results/), which the run keeps for review.
        const path = testInfo.outputPath(`${size.name}-${titles.size.toString().padStart(2, "0")}-${screen.toLowerCase().replaceAll(" ", "-")}.png`);
        await page.screenshot({ path, fullPage: true });
        await testInfo.attach(screen, { path, contentType: "image/png" });
      }
      const step = async (title: string) => {
        await expectStep(page, title);
        await capture(title);
      };

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await capture("Landing");

      const email = `journey-${size.name}-${Date.now().toString(36)}@example.com`;
      await page.goto("/book?team=elite&service=local");
      await step("Contact");
      await fillContact(page, { name: "Jo Journey", email, phone: "(404) 555-0123" });
      await continueButton(page).click();
      await step("Move details");
      await fillDetails(page);
      await continueButton(page).click();
      await step("Team");
      await continueButton(page).click();
      await step("Service");
      await continueButton(page).click();
      await step("Add-ons");
      await page.getByLabel("Packing service").check();
      await continueButton(page).click();
      await step("Review and pay");
      await payButton(page).click();
      await payOnCheckout(page);
      await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
      await capture("Payment successful");

      const customer = await createTestUser({ fullName: "Dana Dashboard" });
      await createBooking(customer, { moving_from: "5 Screenshot Sq, Atlanta", status: "confirmed" });
      await page.context().clearCookies();
      await signInDirectly(page, customer);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("listitem").filter({ hasText: "5 Screenshot Sq" }).first()).toBeVisible();
      await capture("Dashboard");
      await page.goto("/dashboard/profile");
      await capture("Profile");
      await page.goto("/dashboard/gallery");
      await capture("Gallery");

      const repeated = [...titles].filter(([, title], index, all) => all.findIndex(([, other]) => other === title) !== index);
      expect(repeated, "screens sharing a title with an earlier one").toEqual([]);
    });
  });
}
