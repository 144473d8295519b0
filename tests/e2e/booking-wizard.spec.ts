import { expect, test } from "@playwright/test";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import {
  answerStepsToAddons,
  calendarDay,
  chooseMoveDate,
  continueButton,
  expectStep,
  fillContact,
  fillDetails,
  moveDateInAWeek,
  moveDatePicker,
  moveSummary,
  payButton,
} from "./support/wizard.ts";
import { createCompletedBooking, createTestUser, getServiceClient } from "./support/backend.ts";
import { signInDirectly } from "./support/auth-ui.ts";

// The wizard's steps with JavaScript on and off: every step is a plain form posted to the server.

test("a new guest's Back from the third step shows the second as it was left", async ({ page }) => {
  // Each Continue is answered by a redirect to the next step's address: its page is a GET, which Back
  // may load again. Had the post been answered with the page itself, Back would need the post sent
  // again whenever that answer may not be stored (it set the draft's cookie, or the customer is signed
  // in): Chromium then shows net::ERR_CACHE_MISS, asking to resubmit the form.
  await page.goto("/book");
  await fillContact(page);
  await continueButton(page).click();
  await expectStep(page, "Move details");
  // The first day the month offers, with no preferred time: no paging to another month on the way.
  const day = await moveDatePicker(page).locator("input[type=radio]:enabled").first().inputValue();
  await fillDetails(page, day, undefined);
  await continueButton(page).click();
  await expectStep(page, "Team");

  await page.goBack();
  await expectStep(page, "Move details");
  await expect(page).toHaveURL(/\/book\/details$/);
  await expect(page.getByLabel("Pickup address")).toHaveValue("12 Peachtree St, Atlanta");
});

test("every step names what is missing next to the field and keeps what was typed", async ({ page }) => {
  await page.goto("/book");
  await expectStep(page, "Contact");
  await expect(page.getByRole("button", { name: "Previous", exact: true })).toBeDisabled();
  await expect(page.getByRole("listitem").filter({ hasText: "Contact" })).toHaveAttribute("aria-current", "step");

  await continueButton(page).click();
  await expect(page.getByLabel("Full name")).toHaveAccessibleDescription("Full name is required");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email address is required");
  await expect(page.getByLabel("Phone")).toHaveAccessibleDescription("Phone number is required");

  await fillContact(page, { name: "Gus Guest", email: "gus@example", phone: "(404) 555-0100" });
  await continueButton(page).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Valid email address is required");
  await expect(page.getByLabel("Full name")).toHaveValue("Gus Guest");

  await page.getByLabel("Email").fill("gus@example.com");
  await continueButton(page).click();
  await expectStep(page, "Move details");

  await continueButton(page).click();
  await expect(moveDatePicker(page)).toHaveAccessibleDescription("Move date is required");
  await expect(page.getByLabel("Pickup address")).toHaveAccessibleDescription("Pickup address is required");
  await expect(page.getByLabel("Delivery address")).toHaveAccessibleDescription("Delivery address is required");
  await expect(page.getByLabel("Property size")).toHaveAccessibleDescription("Property size is required");

  // Days before tomorrow are not offered (no same-day moves): the picker opens on tomorrow's month, where the
  // company works, and tomorrow is its first day to choose.
  const today = todayIn(COMPANY.timeZone);
  const tomorrow = addDays(today, 1);
  await expect(moveDatePicker(page).getByRole("radio").first()).toHaveAttribute("value", tomorrow);
  await expect(calendarDay(page, today)).toHaveCount(0);
  await fillDetails(page);
  await continueButton(page).click();

  await expectStep(page, "Team");
  await continueButton(page).click();
  await expect(page.getByText("Please select a team type to continue")).toBeVisible();
  await page.getByRole("radio", { name: /Luxury Team/ }).check();
  await continueButton(page).click();

  await expectStep(page, "Service");
  await continueButton(page).click();
  await expect(page.getByText("Please select a service type to continue")).toBeVisible();
  await page.getByRole("radio", { name: /Long distance/ }).check();
  await continueButton(page).click();

  await expectStep(page, "Add-ons");
  // The add-ons lead to the review, where the deposit is paid.
  await expect(continueButton(page)).toBeVisible();
  await expect(payButton(page)).toHaveCount(0);
  // Luxury long distance, 2 bedrooms: 6 h × $350 + $100 truck fee.
  await expect(page.getByTestId("estimate-total")).toHaveText("$2,200");
});

test("Previous, Back and a refresh keep the draft; a URL cannot skip a step", async ({ page }) => {
  await page.goto("/book/addons");
  await expect(page).toHaveURL(/\/book$/);
  await fillContact(page);
  await continueButton(page).click();
  await expectStep(page, "Move details");
  await page.getByLabel("Pickup address").fill("1 Half Typed Rd");
  await page.getByRole("button", { name: "Previous", exact: true }).click();
  await expectStep(page, "Contact");
  await expect(page.getByLabel("Full name")).toHaveValue("Gus Guest");
  await page.reload();
  await expect(page.getByLabel("Phone")).toHaveValue("(404) 555-0100");
  await continueButton(page).click();
  await expect(page.getByLabel("Pickup address")).toHaveValue("1 Half Typed Rd");
  await fillDetails(page);
  await continueButton(page).click();
  await expectStep(page, "Team");
  await page.goBack();
  await page.reload();
  await expect(page.getByLabel("Delivery address")).toHaveValue("40 Ponce de Leon Ave, Atlanta");
  await expect(page.getByLabel("Property size")).toHaveValue("2_bedroom");
});

test("the price is told from the first step: the lowest rate, then the chosen team's and service's with the hours", async ({ page }) => {
  await page.goto("/book");
  await expectStep(page, "Contact");
  // On a large screen the summary beside the step tells it.
  await expect(moveSummary(page).getByText("Moves start at $150 an hour (Elite Team, local move), plus a $100 truck fee.", { exact: false })).toBeVisible();

  // A link that chose the team and the service is priced as soon as the home's size is known.
  await page.goto("/book?team=luxury&service=long_distance");
  await fillContact(page);
  await continueButton(page).click();
  await expectStep(page, "Move details");
  await expect(moveSummary(page).getByText("Luxury Team, long distance: $350 an hour.", { exact: false })).toBeVisible();
  await fillDetails(page);
  await continueButton(page).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await expectStep(page, "Add-ons");
  // 6 hours × $350 + $100, as the note said before the estimate could be itemised.
  await expect(page.getByTestId("estimate-total")).toHaveText("$2,200");
});

test("the add-on counters stay within their bounds and the estimate follows them", async ({ page }) => {
  await page.goto("/book?team=elite");
  await fillContact(page);
  await continueButton(page).click();
  await fillDetails(page);
  await continueButton(page).click();
  await expect(page.getByRole("radio", { name: /Elite Team/ })).toBeChecked();
  await continueButton(page).click();
  await page.getByRole("radio", { name: /Local move/ }).check();
  await continueButton(page).click();
  await expectStep(page, "Add-ons");
  // Elite local, 2 bedrooms: 6 h × $150 + $100.
  await expect(page.getByTestId("estimate-total")).toHaveText("$1,000");
  // A per-unit price says its unit.
  await expect(page.getByText("$35 per mover, for the whole move")).toBeVisible();

  // Without JavaScript each press is a round trip that also keeps the ticked box.
  await page.getByLabel("Packing service").check();
  const more = page.getByRole("button", { name: "More: Deep cleaning (bedrooms)" });
  for (let press = 0; press < 5; press++) await more.click();
  await expect(page.getByLabel("Deep cleaning (bedrooms)", { exact: true })).toHaveValue("5");
  await expect(more).toBeDisabled();
  await expect(page.getByRole("button", { name: "Fewer: Extra movers" })).toBeDisabled();
  await page.getByRole("button", { name: "More: Extra movers" }).click();
  await expect(page.getByLabel("Packing service")).toBeChecked();
  // + $350 deep cleaning (150 + 4 × 50) + $35 mover + $120 packing.
  await expect(page.getByTestId("estimate-total")).toHaveText("$1,505");
});

test("the estimate includes every add-on ticked before paying, with or without JavaScript", async ({ page }) => {
  await answerStepsToAddons(page);
  await expect(page.getByTestId("estimate-total")).toHaveText("$1,000");
  await page.getByLabel("Storage service").check();
  if (test.info().project.use.javaScriptEnabled === false) {
    // Without JavaScript a tick changes nothing until the form is sent: the estimate says so and offers it.
    await page.getByRole("button", { name: "Update estimate" }).click();
    await expect(page).toHaveURL(/\/book\/addons#price-summary$/);
    await expect(page.getByLabel("Storage service")).toBeChecked();
  } else {
    await expect(page.getByRole("button", { name: "Update estimate" })).toHaveCount(0);
  }
  // + $80 storage.
  await expect(page.getByTestId("estimate-total")).toHaveText("$1,080");
});

test("a counter typed beyond its bound is refused next to it", async ({ page }) => {
  await answerStepsToAddons(page);
  const movers = page.getByLabel("Extra movers", { exact: true });
  await movers.fill("7");
  if (test.info().project.use.javaScriptEnabled !== false) {
    // With JavaScript the field itself keeps to its bound.
    await expect(movers).toHaveValue("6");
    return;
  }
  await continueButton(page).click();
  await expect(page.locator("#extraMovers-field")).toContainText("Choose from 0 to 6");
  await expectStep(page, "Add-ons");
});

test("a signed-in customer finds their name, email and phone filled in", async ({ page }) => {
  const user = await createTestUser({ fullName: "Wanda Wizard" });
  const kept = await (await getServiceClient()).from("profiles").update({ phone: "(404) 555-0142" }).eq("user_id", user.id);
  if (kept.error) throw kept.error;
  await signInDirectly(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("link", { name: "Book New Move" }).click();
  await expectStep(page, "Contact");
  await expect(page.getByLabel("Full name")).toHaveValue("Wanda Wizard");
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expect(page.getByLabel("Phone")).toHaveValue("(404) 555-0142");
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
});

test("Book Again fills in the addresses and service of the customer's own past move only", async ({ page }) => {
  const user = await createTestUser({ fullName: "Rita Repeat" });
  const other = await createTestUser({ fullName: "Otto Other" });
  const own = await createCompletedBooking(user, { from: "7 Old Home Rd", to: "9 New Home Ln", serviceType: "long_distance" });
  const foreign = await createCompletedBooking(other, { from: "1 Secret St", to: "2 Private Pl", serviceType: "commercial" });
  await signInDirectly(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`/book?rebook=${foreign}`);
  await expect(page.getByRole("heading", { level: 1, name: "Book your move" })).toBeVisible();
  await page.getByLabel("Phone").fill("(404) 555-0123");
  await continueButton(page).click();
  await expect(page.getByLabel("Pickup address")).toHaveValue("");

  await page.goto(`/book?rebook=${own}`);
  // The visit only shows the past move's answers: the link stays the address the step posts to.
  await expect(page).toHaveURL(new RegExp(`/book\\?rebook=${own}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Book Again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByLabel("Pickup address")).toHaveValue("7 Old Home Rd");
  await expect(page.getByLabel("Delivery address")).toHaveValue("9 New Home Ln");
  await page.getByLabel("Property size").selectOption("studio");
  await chooseMoveDate(page, moveDateInAWeek());
  await continueButton(page).click();
  await page.getByRole("radio", { name: /Elite Team/ }).check();
  await continueButton(page).click();
  await expect(page.getByRole("radio", { name: /Long distance/ })).toBeChecked();
});
