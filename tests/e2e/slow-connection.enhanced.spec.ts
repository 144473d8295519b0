import { expect, test } from "@playwright/test";
import { continueButton, expectStep, fillContact, fillDetails } from "./support/wizard.ts";

// A slow phone: the page is there but its scripts take 10 s to arrive. The customer does not wait.
test("steps submitted before the scripts load work, and hydration loses nothing typed", async ({ page }) => {
  test.setTimeout(90_000);
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await route.continue();
  });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  // React Router's inline module runs once the held-back modules it imports have arrived.
  const scriptsArrived = () => page.evaluate(() => "__reactRouterRouteModules" in window);

  await page.goto("/book", { waitUntil: "domcontentloaded" });
  await expectStep(page, "Contact");
  await fillContact(page);
  expect(await scriptsArrived()).toBe(false);
  await continueButton(page).click();
  await expectStep(page, "Move details");
  expect(posts).toEqual(["/book"]);

  // Type the next step while the scripts are still on their way; hydration lands in the middle.
  await page.getByLabel("Pickup address").fill("12 Peachtree St, Atlanta");
  expect(await scriptsArrived()).toBe(false);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window, undefined, { timeout: 20_000 });
  await page.waitForTimeout(500);
  await expect(page.getByLabel("Pickup address")).toHaveValue("12 Peachtree St, Atlanta");
  await fillDetails(page);
  await continueButton(page).click();
  await expectStep(page, "Team");
  // One POST per step: nothing went twice (the second is React Router's fetch of the same action).
  expect(posts).toEqual(["/book", "/book/details.data"]);
});
