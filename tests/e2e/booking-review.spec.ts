import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  answerStepsToAddons,
  answerStepsToReview,
  continueButton,
  expectStep,
  fillContact,
  fillDetails,
  moveDateInAWeek,
  moveSummary,
  payButton,
} from "./support/wizard.ts";

// The wizard's last step, 'Review and pay', the 'Your move' summary beside the steps and the bar at
// the bottom of a phone's screen, with JavaScript on and off.

/** Prices as the company publishes them, in dollars, to check the page's figures against. */
const PRICES = {
  eliteLocalHourly: 150,
  luxuryLocalHourly: 175,
  twoBedroomHours: 6,
  truck: 100,
  packing: 120,
  storage: 80,
  firstTv: 120,
  nextTv: 20,
  deposit: 50,
};
const dollars = (amount: number) => `$${amount.toLocaleString("en-US")}`;

/** "2026-12-01" as people read it: "Tuesday, December 1, 2026". */
const inWords = (date: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The value shown for `label` in a list of answers or figures inside `scope`. */
function shown(scope: Locator, label: string): Locator {
  return scope
    .locator("dl > div")
    .filter({ has: scope.page().locator("dt", { hasText: new RegExp(`^${escaped(label)}$`) }) })
    .locator("dd");
}

const section = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

test("the review shows every answer and the estimate of the add-ons ticked, priced by the server", async ({ page }) => {
  const date = moveDateInAWeek();
  await answerStepsToAddons(page);
  await page.getByLabel("Packing service").check();
  await page.getByLabel("Storage service").check();
  // Without JavaScript each press is sent: the ticked boxes go with it and come back ticked.
  const moreTvs = page.getByRole("button", { name: "More: TV mounting" });
  await moreTvs.click();
  await expect(page.getByLabel("TV mounting", { exact: true })).toHaveValue("1");
  await moreTvs.click();
  await expect(page.getByLabel("TV mounting", { exact: true })).toHaveValue("2");
  await expect(page.getByLabel("Storage service")).toBeChecked();
  await page.getByLabel("Special instructions (optional)").fill("Piano on the third floor");
  await continueButton(page).click();

  await expectStep(page, "Review and pay");
  await expect(page).toHaveURL(/\/book\/review$/);
  await expect(page).toHaveTitle("Review and pay · Step 6 of 6 · Book your move · Metro Movers");
  await expect(page.getByRole("listitem").filter({ hasText: "Review and pay" })).toHaveAttribute("aria-current", "step");

  const contact = section(page, "Contact");
  await expect(shown(contact, "Name")).toHaveText("Gus Guest");
  await expect(shown(contact, "Email")).toHaveText("gus@example.com");
  await expect(shown(contact, "Phone")).toHaveText("(404) 555-0100");
  const details = section(page, "Move details");
  await expect(shown(details, "Date and time")).toHaveText(`${inWords(date)} · 10:00 AM`);
  await expect(shown(details, "From")).toHaveText("12 Peachtree St, Atlanta");
  await expect(shown(details, "To")).toHaveText("40 Ponce de Leon Ave, Atlanta");
  await expect(shown(details, "Property size")).toHaveText("2 bedrooms");
  await expect(shown(section(page, "Team"), "Team")).toHaveText("Elite Team");
  await expect(shown(section(page, "Service"), "Service")).toHaveText("Local move");
  const addons = section(page, "Add-ons");
  await expect(shown(addons, "Services")).toHaveText("Packing service, Storage service");
  await expect(shown(addons, "TV mounting")).toHaveText("2");
  await expect(shown(addons, "Special instructions")).toHaveText("Piano on the third floor");
  await expect(shown(addons, "Extra movers")).toHaveCount(0);

  const labour = PRICES.twoBedroomHours * PRICES.eliteLocalHourly;
  const tvs = PRICES.firstTv + PRICES.nextTv;
  const total = labour + PRICES.packing + PRICES.storage + tvs + PRICES.truck;
  const estimate = page.getByRole("region", { name: "Your estimate" });
  const lines = await estimate
    .locator("dl > div")
    .evaluateAll((rows) => rows.map((row) => [row.querySelector("dt")?.textContent, row.querySelector("dd")?.textContent]));
  expect(lines).toEqual([
    ["Moving team, 6 hours", dollars(labour)],
    ["Packing service", dollars(PRICES.packing)],
    ["Storage service", dollars(PRICES.storage)],
    ["TV mounting × 2", dollars(tvs)],
    ["Truck and travel fee (up to 25 miles)", dollars(PRICES.truck)],
    ["Estimated total", dollars(total)],
    ["Due now (deposit)", dollars(PRICES.deposit)],
    ["Balance after the move", dollars(total - PRICES.deposit)],
  ]);

  const cancellation = section(page, "Cancellation");
  await expect(cancellation).toContainText(
    /You can reschedule or cancel online from the link in your confirmation email until .+, 48 hours before your move\./,
  );
  await expect(cancellation).toContainText(`The ${dollars(PRICES.deposit)} deposit is applied to your final bill.`);
  await expect(payButton(page)).toBeVisible();
  await expect(continueButton(page)).toHaveCount(0);
});

test("an Edit link opens its step, and Continue there comes back to the review with the change", async ({ page }) => {
  await answerStepsToReview(page);
  await page.getByRole("link", { name: "Edit move details" }).click();
  await expect(page).toHaveURL(/\/book\/details\?return=review$/);
  await expectStep(page, "Move details");
  await expect(page.getByText("Continue takes you back to the review.")).toBeVisible();
  await page.getByLabel("Delivery address").fill("77 Changed Rd, Decatur");
  await continueButton(page).click();

  await expectStep(page, "Review and pay");
  await expect(page).toHaveURL(/\/book\/review$/);
  await expect(shown(section(page, "Move details"), "To")).toHaveText("77 Changed Rd, Decatur");
  await expect(page.getByTestId("estimate-total")).toHaveText(dollars(PRICES.twoBedroomHours * PRICES.eliteLocalHourly + PRICES.truck));

  // A change that moves the price: the review prices it again.
  await page.getByRole("link", { name: "Edit team" }).click();
  await expectStep(page, "Team");
  await page.getByRole("radio", { name: /Luxury Team/ }).check();
  await continueButton(page).click();
  await expectStep(page, "Review and pay");
  await expect(shown(section(page, "Team"), "Team")).toHaveText("Luxury Team");
  await expect(page.getByTestId("estimate-total")).toHaveText(dollars(PRICES.twoBedroomHours * PRICES.luxuryLocalHourly + PRICES.truck));
});

test("the review cannot be reached while a step is incomplete: the first one missing something opens", async ({ page }) => {
  await page.goto("/book/review");
  await expect(page).toHaveURL(/\/book$/);
  await expectStep(page, "Contact");
  await fillContact(page);
  await continueButton(page).click();
  await expectStep(page, "Move details");

  await page.goto("/book/review");
  await expect(page).toHaveURL(/\/book\/details$/);
  await expectStep(page, "Move details");
  await fillDetails(page);
  await continueButton(page).click();
  await expectStep(page, "Team");
  await page.getByRole("radio", { name: /Elite Team/ }).check();
  await continueButton(page).click();
  await expectStep(page, "Service");

  await page.goto("/book/review");
  await expect(page).toHaveURL(/\/book\/service$/);
  await expectStep(page, "Service");
  await page.getByRole("radio", { name: /Local move/ }).check();
  await continueButton(page).click();
  await expectStep(page, "Add-ons");
  await page.goto("/book/review");
  await expectStep(page, "Review and pay");
});

test("on a large screen the 'Your move' summary beside each step shows the answers and the estimate", async ({ page, javaScriptEnabled }) => {
  const date = moveDateInAWeek();
  await page.goto("/book");
  const summary = moveSummary(page);
  await expect(summary).toBeVisible();
  await expect(shown(summary, "Date and time")).toHaveText("Not chosen yet");
  await expect(summary).toContainText("Moves start at $150 an hour");
  await fillContact(page);
  await continueButton(page).click();
  await expectStep(page, "Move details");
  await fillDetails(page, date);
  if (javaScriptEnabled) {
    // It follows the step's fields before they are sent.
    await expect(shown(summary, "From")).toHaveText("12 Peachtree St, Atlanta");
    await expect(summary).toContainText("A home of 2 bedrooms takes about 6 hours");
  }
  await continueButton(page).click();

  await expectStep(page, "Team");
  await expect(shown(summary, "Date and time")).toHaveText(`${inWords(date)} · 10:00 AM`);
  await expect(shown(summary, "From")).toHaveText("12 Peachtree St, Atlanta");
  await expect(shown(summary, "To")).toHaveText("40 Ponce de Leon Ave, Atlanta");
  await expect(shown(summary, "Team")).toHaveText("Not chosen yet");
  await page.getByRole("radio", { name: /Elite Team/ }).check();
  if (javaScriptEnabled) await expect(shown(summary, "Team")).toHaveText("Elite Team");
  await continueButton(page).click();
  await expectStep(page, "Service");
  await page.getByRole("radio", { name: /Local move/ }).check();
  await continueButton(page).click();

  await expectStep(page, "Add-ons");
  await expect(shown(summary, "Team")).toHaveText("Elite Team");
  await expect(shown(summary, "Service")).toHaveText("Local move");
  await expect(shown(summary, "Add-ons")).toHaveText("Not chosen yet");
  const labour = PRICES.twoBedroomHours * PRICES.eliteLocalHourly;
  await expect(shown(summary, "Estimated total")).toHaveText(dollars(labour + PRICES.truck));
  await page.getByLabel("Packing service").check();
  if (javaScriptEnabled) {
    await expect(shown(summary, "Add-ons")).toHaveText("Packing service");
    await expect(shown(summary, "Estimated total")).toHaveText(dollars(labour + PRICES.truck + PRICES.packing));
  }
  await continueButton(page).click();
  await expectStep(page, "Review and pay");
  await expect(shown(summary, "Add-ons")).toHaveText("Packing service");
  await expect(shown(summary, "Estimated total")).toHaveText(dollars(labour + PRICES.truck + PRICES.packing));
  await expect(shown(summary, "Due now (deposit)")).toHaveText(dollars(PRICES.deposit));
});

test.describe("on a 390px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the bar at the bottom of the screen holds the estimate and the step's button, and a tap sends the step", async ({ page, javaScriptEnabled }) => {
    await answerStepsToAddons(page);
    await expect(moveSummary(page)).toBeHidden();
    const base = PRICES.twoBedroomHours * PRICES.eliteLocalHourly + PRICES.truck;
    await expect(page.getByText(`Estimate ${dollars(base)}`, { exact: true })).toBeInViewport();
    await expect(continueButton(page)).toBeInViewport();
    // The step runs on below the screen: the bar is held at its bottom, not merely where the form ends.
    await expect(page.getByRole("heading", { name: "Your estimate" })).not.toBeInViewport();
    await page.getByLabel("Packing service").tap();
    const withPacking = base + PRICES.packing;
    if (javaScriptEnabled) await expect(page.getByText(`Estimate ${dollars(withPacking)}`, { exact: true })).toBeInViewport();
    await continueButton(page).tap();

    await expectStep(page, "Review and pay");
    await expect(page.getByText(`Estimate ${dollars(withPacking)}`, { exact: true })).toBeInViewport();
    await expect(payButton(page)).toBeInViewport();
    // At the end of the page nothing is left under the bar.
    // Scrolled down until the page ends (scrolling on, as a reader does, past the page's own scroll to the top).
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 2_000);
        return page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight);
      })
      .toBe(true);
    const last = await section(page, "Cancellation").boundingBox();
    const bar = await payButton(page).locator("xpath=..").boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(bar!.y);
  });
});
