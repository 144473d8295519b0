import { expect, test } from "@playwright/test";
import { formatMonth, monthOf, addMonths } from "../../app/domain/date-picker-month.ts";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { continueButton, expectStep, fillContact, moveDatePicker } from "./support/wizard.ts";

// With JavaScript the date picker asks the server as the customer goes: when answers arrive out of
// order (a slow one overtaken by a later question's), the page shows the answer to the newest question.

test("a slow answer to an earlier question never replaces the answer to the newest one", async ({ page }) => {
  // The picker opens on the month of the first day a customer may book: tomorrow's, with a day's notice.
  const thisMonth = monthOf(addDays(todayIn(COMPANY.timeZone), 1));
  const nextMonth = addMonths(thisMonth, 1);
  let releaseSlowAnswer: () => void = () => {};
  const slowAnswerHeld = new Promise<void>((resolve) => (releaseSlowAnswer = resolve));
  // The answer about this month (asked when the size is chosen) is held until the next month's has been shown.
  await page.route(/\/book\/availability\?/, async (route) => {
    if (route.request().url().includes(`month=${thisMonth}`)) await slowAnswerHeld;
    await route.continue();
  });

  await page.goto("/book");
  await fillContact(page);
  await continueButton(page).click();
  await expectStep(page, "Move details");
  await page.getByLabel("Property size").selectOption("2_bedroom");
  await moveDatePicker(page).getByRole("button", { name: "Next month" }).click();
  const shownMonth = moveDatePicker(page).getByText(/^[A-Z][a-z]+ \d{4}$/);
  await expect(shownMonth).toHaveText(formatMonth(nextMonth));

  const slowAnswer = page.waitForResponse((response) => response.url().includes(`month=${thisMonth}`));
  releaseSlowAnswer();
  await slowAnswer;
  // The late answer arrived and was set aside: the month the customer moved to stays.
  await expect(page.getByRole("group", { name: "Start time" })).toBeVisible();
  await expect(shownMonth).toHaveText(formatMonth(nextMonth));
  await expect(moveDatePicker(page).getByRole("radio").first()).toHaveAttribute("value", new RegExp(`^${nextMonth}-`));
});
