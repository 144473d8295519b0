import { expect, test, type Page } from "@playwright/test";
import { formatMoveDate, formatTimeSlot } from "../../../app/domain/booking-labels.ts";
import { formatMonth, monthOf } from "../../../app/domain/date-picker-month.ts";
import { hydrated } from "./hydration.ts";

/** A move date a week from now, as the date field takes it. */
export function moveDateInAWeek(): string {
  const date = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  return date.toISOString().slice(0, 10);
}

export async function expectStep(page: Page, title: string) {
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
}

export async function fillContact(page: Page, contact = { name: "Gus Guest", email: "gus@example.com", phone: "(404) 555-0100" }) {
  await page.getByLabel("Full name").fill(contact.name);
  await page.getByLabel("Email").fill(contact.email);
  await page.getByLabel("Phone").fill(contact.phone);
}

/** The details step's date picker. */
export const moveDatePicker = (page: Page) => page.getByRole("group", { name: "Move date" });

/** A day of the date picker's month, by its date ("2026-12-04"); its name also says Full or Closed. */
export const calendarDay = (page: Page, date: string) => moveDatePicker(page).getByRole("radio", { name: formatMoveDate(date) });

/** A start time's radio ("10:00"), or 'No preferred time' without one; a full time's name ends with Full. */
export const startTime = (page: Page, time?: string) =>
  page.getByRole("group", { name: "Start time" }).getByRole("radio", { name: new RegExp(`^${time ? formatTimeSlot(time) : "No preferred time"}\\b`) });

/** Pages the date picker to the month of `date`, as a customer does, and taps that day. */
export async function chooseMoveDate(page: Page, date: string) {
  const picker = moveDatePicker(page);
  const target = formatMonth(monthOf(date));
  for (let pages = 0; pages < 13; pages++) {
    const shown = picker.getByText(/^[A-Z][a-z]+ \d{4}$/);
    const month = (await shown.textContent()) ?? "";
    if (month === target) break;
    const forward = Date.parse(`1 ${target}`) > Date.parse(`1 ${month}`);
    await picker.getByRole("button", { name: forward ? "Next month" : "Previous month" }).click();
    // The first month asked for may wait for its route's script on a slow phone.
    await expect(shown).not.toHaveText(month, { timeout: 15_000 });
  }
  // Without JavaScript each month is a page of its own: a tap that lands while that page is still
  // replacing the last one is lost, as a person's would be, and is made again.
  await expect(async () => {
    await calendarDay(page, date).check({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

export async function fillDetails(page: Page, date = moveDateInAWeek(), time: string | undefined = "10:00") {
  await page.getByLabel("Pickup address").fill("12 Peachtree St, Atlanta");
  await page.getByLabel("Delivery address").fill("40 Ponce de Leon Ave, Atlanta");
  await page.getByLabel("Property size").selectOption("2_bedroom");
  await chooseMoveDate(page, date);
  await startTime(page, time).check();
}

export const continueButton = (page: Page) => page.getByRole("button", { name: "Continue" });

/** The review's button, which saves the booking and goes to Checkout. */
export const payButton = (page: Page) => page.getByRole("button", { name: "Pay $50 Deposit" });

/** The 'Your move' summary beside the steps (large screens). */
export const moveSummary = (page: Page) => page.getByRole("complementary", { name: "Your move" });

/** From an empty wizard to the add-ons step: a guest's elite local move, unless `choices` (a landing card's link) pre-select others. */
export async function completeStepsToAddons(
  page: Page,
  contact?: { name: string; email: string; phone: string },
  base = "",
  choices = "team=elite&service=local",
) {
  await page.goto(`${base}/book?${choices}`);
  await fillContact(page, contact);
  await continueButton(page).click();
  await fillDetails(page);
  await continueButton(page).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await expectStep(page, "Add-ons");
}

/**
 * The answers of the steps before the add-ons, saved by posting each step's form as its page posts it,
 * through the page's own cookie jar (the draft's signed cookie lands in the browser), then the add-ons
 * step opened: for tests of what comes after those steps. The same move as `completeStepsToAddons`
 * (the tests of the steps themselves fill them in): an elite local move unless `choices` (a landing
 * card's link, saved with the first step as the page saves it) pre-select others.
 */
export async function answerStepsToAddons(
  page: Page,
  contact = { name: "Gus Guest", email: "gus@example.com", phone: "(404) 555-0100" },
  choices = "team=elite&service=local",
) {
  const link = new URLSearchParams(choices);
  const steps: Array<[string, Record<string, string>]> = [
    [`/book?${link}`, { fullName: contact.name, email: contact.email, phone: contact.phone }],
    [
      "/book/details",
      {
        fromAddress: "12 Peachtree St, Atlanta",
        toAddress: "40 Ponce de Leon Ave, Atlanta",
        propertySize: "2_bedroom",
        date: moveDateInAWeek(),
        time: "10:00",
      },
    ],
    ["/book/team", { teamType: link.get("team") ?? "elite" }],
    ["/book/service", { serviceType: link.get("service") ?? "local" }],
  ];
  const origin = new URL(test.info().project.use.baseURL!).origin;
  for (const [path, form] of steps) {
    const response = await page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
    expect(response.status(), `${path} saves its answers and moves on`).toBe(302);
  }
  await page.goto("/book/addons");
  await expectStep(page, "Add-ons");
  await interactive(page);
}

/** With JavaScript, waits for a page opened by address to hydrate (hydration would undo what is typed before it). */
async function interactive(page: Page) {
  if (test.info().project.use.javaScriptEnabled !== false) await hydrated(page);
}

/** The same move's answers saved by posting them (`answerStepsToAddons`), then the review opened. */
export async function answerStepsToReview(page: Page, contact?: { name: string; email: string; phone: string }) {
  await answerStepsToAddons(page, contact);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  // Continue on the add-ons step, none chosen.
  const response = await page.request.post("/book/addons", { form: { intent: "continue" }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(response.headers()["location"], "the add-ons step saves its answers and moves on").toBe("/book/review");
  await page.goto("/book/review");
  await expectStep(page, "Review and pay");
  await interactive(page);
}

/** From an empty wizard to the review, where Pay is: a guest's elite local move without add-ons. */
export async function completeStepsToReview(page: Page, contact?: { name: string; email: string; phone: string }, base = "") {
  await completeStepsToAddons(page, contact, base);
  await continueButton(page).click();
  await expectStep(page, "Review and pay");
}

/** Stripe's hosted checkout (the embedded one in tests): card details and Pay, for `total` (the $50 deposit unless given). */
export async function payOnCheckout(page: Page, card = "4242 4242 4242 4242", total = "$50") {
  await expect(page.getByRole("heading", { name: /Pay Metro Movers/ })).toBeVisible();
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiration (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Gus Guest");
  await page.getByRole("button", { name: new RegExp(`^Pay ${total.replace(/[$.]/g, "\\$&")}\\b`) }).click();
}

/**
 * A guest's elite local move paid with 4242 on Checkout, its answers posted up to the review (for
 * tests of what follows the payment; booking-payment walks the whole wizard), ending on the payment page.
 */
export async function bookAndPayAsGuest(page: Page, contact: { name: string; email: string; phone: string }) {
  await answerStepsToReview(page, contact);
  await payButton(page).click();
  await payOnCheckout(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
}
