import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./support/accessibility.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking as createBookingRow, createTestUser, getServiceClient, type TestUser } from "./support/backend.ts";
import { continueButton, expectStep, payOnCheckout } from "./support/wizard.ts";
import { expectIllustrationShown } from "./support/illustrations.ts";
import { runOnceAcrossProjects } from "./support/projects.ts";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";

// The dashboard's overview (counters, the next moves first), 'All bookings' a page at a time, paying a
// deposit again and booking a past move again, with JavaScript on and off.

/** A moment `days` ago, as created_at takes it. */
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
/** The company's day `days` from today (before it when negative). */
const moveDay = (days: number) => addDays(todayIn(COMPANY.timeZone), days);

/** A booking of this customer's; a paid deposit gets its payment date, as the database requires. */
function createBooking(user: TestUser, row: Record<string, unknown> = {}) {
  return createBookingRow(user, row.deposit_status === "paid" ? { deposit_paid_at: daysAgo(1), ...row } : row);
}

async function signInToDashboard(page: Page, user: TestUser) {
  await signInDirectly(page, user);
}

/** A counter's number: the definition beside its label in the "Your moves" list. */
const counter = (page: Page, label: string) => page.locator('dl[aria-label="Your moves"] > div').filter({ hasText: label }).getByRole("definition");

async function expectCounters(page: Page, counts: { total: number; active: number; completed: number }) {
  await expect(counter(page, "Total Moves")).toHaveText(String(counts.total));
  await expect(counter(page, "Active Moves")).toHaveText(String(counts.active));
  await expect(counter(page, "Completed")).toHaveText(String(counts.completed));
}

const recentList = (page: Page) => page.getByRole("list", { name: "Your recent bookings" });

test("a customer without bookings sees zero counters and the way to book a first move", async ({ page }) => {
  const user = await createTestUser({ fullName: "Nora Newcomer" });
  // Another customer's bookings are not this customer's.
  const other = await createTestUser({ fullName: "Otto Other" });
  await createBooking(other, { status: "confirmed" });
  await signInToDashboard(page, user);

  await expectCounters(page, { total: 0, active: 0, completed: 0 });
  await expect(page.getByText("No bookings yet")).toBeVisible();
  await expectIllustrationShown(page.getByText("No bookings yet").locator("..").locator("img"));
  await expect(page.getByRole("link", { name: "All bookings" })).toHaveCount(0);
  await page.getByRole("link", { name: "Book Your First Move" }).click();
  await expectStep(page, "Contact");
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
});

test("one booking shows in full: service, status, date, route, dollars, booked date and deposit", async ({ page }) => {
  const user = await createTestUser({ fullName: "Olive Once" });
  const booking = await createBooking(user, {
    service_type: "long_distance",
    status: "confirmed",
    moving_date: "2027-03-01",
    moving_from: "12 Oak St, Atlanta, GA",
    moving_to: "500 Bay St, Savannah, GA",
    estimated_cost_cents: 123_456,
    deposit_status: "paid",
    created_at: "2026-11-20T15:00:00Z",
  });
  await signInToDashboard(page, user);

  await expectCounters(page, { total: 1, active: 1, completed: 0 });
  const rows = recentList(page).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole("heading", { name: "Long distance" })).toBeVisible();
  await expect(row.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(row).toContainText("Monday, March 1, 2027");
  await expect(row).toContainText("12 Oak St, Atlanta, GA");
  await expect(row).toContainText("500 Bay St, Savannah, GA");
  await expect(row).toContainText("$1,234.56");
  await expect(row).toContainText("Nov 20, 2026");
  await expect(row).toContainText("Deposit paid");
  // Paid, and not completed: nothing to pay, nothing to book again.
  await expect(row.getByRole("button", { name: "Pay deposit" })).toHaveCount(0);
  await expect(row.getByRole("link", { name: "Book Again" })).toHaveCount(0);
  await expect(row.getByRole("link", { name: /View details/ })).toHaveAttribute("href", `/dashboard/bookings/${booking.id}`);

  // Above the counters, what happens next: when, the next step, until when it can change online, what to prepare.
  const next = page.getByRole("region", { name: "Your next move" });
  await expect(next).toContainText("Monday, March 1, 2027");
  await expect(next).toContainText("Your crew is booked.");
  await expect(next).toContainText(/You can reschedule or cancel online until Feb 2[67], 2027/);
  await expect(next.getByRole("link", { name: "the booking's page" })).toHaveAttribute("href", `/dashboard/bookings/${booking.id}`);
  await next.getByText("What to prepare").click();
  await expect(next.getByText("Finish packing and label each box with the room it goes to.")).toBeVisible();
});

test("each 'View details' link is named for its move, without saying 'move' twice", async ({ page }) => {
  const user = await createTestUser({ fullName: "Vera Voice" });
  const moves = [
    ["local", "2027-03-01", "View details of the local move on Monday, March 1, 2027"],
    ["long_distance", "2027-03-02", "View details of the long-distance move on Tuesday, March 2, 2027"],
    ["commercial", "2027-03-03", "View details of the commercial move on Wednesday, March 3, 2027"],
  ] as const;
  for (const [serviceType, date] of moves) await createBooking(user, { service_type: serviceType, moving_date: date });
  await signInToDashboard(page, user);
  const links = recentList(page).getByRole("link", { name: /^View details/ });
  await expect(links).toHaveCount(moves.length);
  for (const [, , name] of moves) await expect(recentList(page).getByRole("link", { name, exact: true })).toHaveCount(1);
});

test("of seven bookings in mixed states the next moves show first, the soonest first, then the latest past ones, and the counters count all seven", async ({
  page,
}) => {
  const user = await createTestUser({ fullName: "Sam Seven" });
  // Booked from oldest to newest; the moves themselves run from five weeks ago to a month ahead.
  const seeds = [
    { moving_from: "1 First St", status: "completed", created_at: daysAgo(40), moving_date: moveDay(-35), deposit_status: "paid" },
    { moving_from: "2 Second St", status: "cancelled", created_at: daysAgo(30), moving_date: moveDay(-20), deposit_status: "expired" },
    { moving_from: "3 Third St", status: "completed", created_at: daysAgo(25), moving_date: moveDay(-15), deposit_status: "paid" },
    { moving_from: "4 Fourth St", status: "confirmed", created_at: daysAgo(20), moving_date: moveDay(10), deposit_status: "paid" },
    { moving_from: "5 Fifth St", status: "in_progress", created_at: daysAgo(10), moving_date: moveDay(1), deposit_status: "paid" },
    { moving_from: "6 Sixth St", status: "pending", created_at: daysAgo(5), moving_date: moveDay(30), deposit_status: "failed", estimated_cost_cents: null },
    {
      moving_from: "7 Seventh St",
      status: "pending",
      created_at: daysAgo(1),
      moving_date: moveDay(20),
      deposit_status: "unpaid",
      estimated_cost_cents: 123_456,
    },
  ];
  for (const seed of [seeds[3], seeds[6], seeds[0], seeds[5], seeds[1], seeds[4], seeds[2]]) await createBooking(user, seed!);
  const other = await createTestUser({ fullName: "Otto Other" });
  await createBooking(other, { status: "completed" });
  await signInToDashboard(page, user);

  // Active = pending (2) + confirmed (1); in progress and cancelled count in the total only.
  await expectCounters(page, { total: 7, active: 3, completed: 2 });
  const rows = recentList(page).getByRole("listitem");
  await expect(rows).toHaveCount(5);
  const expectedOrder = ["5 Fifth St", "4 Fourth St", "7 Seventh St", "6 Sixth St", "3 Third St"];
  for (const [index, from] of expectedOrder.entries()) await expect(rows.nth(index)).toContainText(from);
  await expect(recentList(page)).not.toContainText("2 Second St");
  await expect(recentList(page)).not.toContainText("1 First St");

  await expect(rows.nth(0).getByText("In progress", { exact: true })).toBeVisible();
  await expect(rows.nth(1)).toContainText("$1,000");
  await expect(rows.nth(2)).toContainText("$1,234.56");
  await expect(rows.nth(2)).toContainText("Deposit unpaid");
  await expect(rows.nth(3)).toContainText("TBD");
  await expect(rows.nth(3)).toContainText("Deposit payment failed");
  // Pay deposit on the two pending bookings whose deposit is not paid; Book Again on the completed one.
  await expect(rows.nth(2).getByRole("button", { name: "Pay deposit" })).toBeVisible();
  await expect(rows.nth(3).getByRole("button", { name: "Pay deposit" })).toBeVisible();
  await expect(recentList(page).getByRole("button", { name: "Pay deposit" })).toHaveCount(2);
  await expect(rows.nth(4).getByRole("link", { name: "Book Again" })).toBeVisible();
  await expect(recentList(page).getByRole("link", { name: "Book Again" })).toHaveCount(1);

  await page.getByRole("link", { name: "All bookings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All bookings" })).toBeVisible();
  const all = page.getByRole("list", { name: "Your bookings, page 1" }).getByRole("listitem");
  await expect(all).toHaveCount(7);
  await expect(all.nth(6)).toContainText("1 First St");
  await expect(page.getByText("Page 1 of 1")).toBeVisible();
});

test("'All bookings' shows ten a page, the next move first, with Previous and Next", async ({ page }) => {
  const user = await createTestUser({ fullName: "Paula Pages" });
  // Booked in one order, moving in the other: the list follows the moves.
  for (let index = 1; index <= 12; index++) {
    await createBooking(user, { moving_from: `${index} Page Rd`, created_at: daysAgo(100 - index), moving_date: moveDay(40 - index) });
  }
  await signInToDashboard(page, user);
  await page.getByRole("link", { name: "All bookings" }).click();

  await expect(page).toHaveURL(/\/dashboard\/bookings$/);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  let rows = page.getByRole("list", { name: "Your bookings, page 1" }).getByRole("listitem");
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText("12 Page Rd");
  await expect(rows.last()).toContainText("3 Page Rd");
  await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);

  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings\?page=2$/);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  rows = page.getByRole("list", { name: "Your bookings, page 2" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("2 Page Rd");
  await expect(rows.last()).toContainText("1 Page Rd");
  await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);

  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();

  // Hand-edited addresses: past the end is the last page, anything not a page number the first.
  for (const [query, expected] of [
    ["?page=99", "Page 2 of 2"],
    ["?page=999999999", "Page 2 of 2"],
    ["?page=abc", "Page 1 of 2"],
    ["?page=-1", "Page 1 of 2"],
    ["?page=1.5", "Page 1 of 2"],
  ] as const) {
    const response = await page.goto(`/dashboard/bookings${query}`);
    expect(response?.status(), query).toBe(200);
    await expect(page.getByText(expected)).toBeVisible();
  }
});

test("'All bookings' without bookings shows the empty state", async ({ page }) => {
  const user = await createTestUser({ fullName: "Emma Empty" });
  await signInToDashboard(page, user);
  await page.goto("/dashboard/bookings?page=3");
  await expect(page.getByText("No bookings yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Book Your First Move" })).toBeVisible();
});

test("a failed deposit is paid again from the dashboard", async ({ page }) => {
  const user = await createTestUser({ fullName: "Fay Failed" });
  const booking = await createBooking(user, { moving_from: "3 Retry Rd", status: "pending", deposit_status: "failed" });
  await signInToDashboard(page, user);

  const row = recentList(page).getByRole("listitem").filter({ hasText: "3 Retry Rd" });
  await expect(row).toContainText("Deposit payment failed");
  await row.getByRole("button", { name: "Pay deposit" }).click();
  await payOnCheckout(page);

  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(page.getByText(booking.id.slice(0, 8))).toBeVisible();
  await page.getByRole("link", { name: "View My Bookings" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const paidRow = recentList(page).getByRole("listitem").filter({ hasText: "3 Retry Rd" });
  await expect(paidRow).toContainText("Deposit paid");
  // Paid and waiting for the office: reserved, not merely "Pending".
  await expect(paidRow.getByText("Reserved · deposit paid", { exact: true })).toBeVisible();
  await expect(paidRow.getByText("Pending", { exact: true })).toHaveCount(0);
  await expect(paidRow.getByRole("button", { name: "Pay deposit" })).toHaveCount(0);

  const client = await getServiceClient();
  const { data } = await client.from("bookings").select("deposit_status").eq("id", booking.id).single();
  expect(data).toMatchObject({ deposit_status: "paid" });
});

test("Book Again opens the wizard with the past move's addresses and service", async ({ page }) => {
  const user = await createTestUser({ fullName: "Rita Repeat" });
  await createBooking(user, {
    status: "completed",
    deposit_status: "paid",
    service_type: "commercial",
    moving_from: "7 Old Office Rd",
    moving_to: "9 New Office Ln",
  });
  await signInToDashboard(page, user);

  await recentList(page).getByRole("link", { name: "Book Again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Book Again" })).toBeVisible();
  await expectStep(page, "Contact");
  await expect(page.getByLabel("Full name")).toHaveValue("Rita Repeat");
  await page.getByLabel("Phone").fill("(404) 555-0123");
  await continueButton(page).click();
  await expectStep(page, "Details");
  await expect(page.getByLabel("Pickup address")).toHaveValue("7 Old Office Rd");
  await expect(page.getByLabel("Delivery address")).toHaveValue("9 New Office Ln");
});

test("the pay address refuses other customers' bookings and explains a deposit already paid", async ({ page }) => {
  runOnceAcrossProjects();
  const user = await createTestUser({ fullName: "Pat Payer" });
  const other = await createTestUser({ fullName: "Otto Other" });
  const foreign = await createBooking(other, { status: "pending", deposit_status: "failed" });
  const paid = await createBooking(user, { moving_from: "8 Paid Pl", status: "pending", deposit_status: "paid" });
  await signInToDashboard(page, user);

  const foreignPost = await page.request.post(`/dashboard/bookings/${foreign.id}/pay`, { form: { attempt: "crafted" }, maxRedirects: 0 });
  expect(foreignPost.status()).toBe(404);
  const notAnId = await page.request.post("/dashboard/bookings/not-a-uuid/pay", { form: { attempt: "crafted" }, maxRedirects: 0 });
  expect(notAnId.status()).toBe(404);
  const client = await getServiceClient();
  const { data: untouched } = await client.from("bookings").select("stripe_checkout_session_id, deposit_status").eq("id", foreign.id).single();
  expect(untouched).toEqual({ stripe_checkout_session_id: null, deposit_status: "failed" });

  // Opened rather than posted, the address shows the booking.
  const opened = await page.request.get(`/dashboard/bookings/${paid.id}/pay`, { maxRedirects: 0 });
  expect(opened.status()).toBe(302);
  expect(opened.headers().location).toBe(`/dashboard/bookings/${paid.id}`);

  // A deposit paid meanwhile (say, in another tab): back to the page it was posted from, with why.
  const paidPost = await page.request.post(`/dashboard/bookings/${paid.id}/pay`, {
    form: { attempt: "crafted", returnTo: "/dashboard/bookings" },
    maxRedirects: 0,
  });
  expect(paidPost.status()).toBe(303);
  expect(paidPost.headers().location).toBe("/dashboard/bookings");
  await page.goto("/dashboard/bookings");
  await expect(page.getByText("The deposit for this booking has already been paid.")).toBeVisible();
});

test("the booking lists are accessible and fit a 360px phone", async ({ page, javaScriptEnabled }) => {
  const user = await createTestUser({ fullName: "Sam Small" });
  await createBooking(user, {
    status: "pending",
    deposit_status: "expired",
    service_type: "long_distance",
    moving_from: "1200 Peachtree Industrial Blvd, Suite 400, Atlanta, GA",
  });
  await createBooking(user, { status: "completed", deposit_status: "paid", estimated_cost_cents: null });
  await createBooking(user, { status: "cancelled" });
  await page.setViewportSize({ width: 360, height: 740 });
  await signInToDashboard(page, user);

  for (const path of ["/dashboard", "/dashboard/bookings"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Pay deposit" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    // Buttons keep their label on one line (their height is fixed).
    for (const name of ["Pay deposit", "Book Again"]) {
      const control = page.getByRole(name === "Pay deposit" ? "button" : "link", { name });
      const box = await control.boundingBox();
      expect(box?.height, `${path} ${name}`).toBeLessThanOrEqual(40);
    }
    if (javaScriptEnabled) {
      // axe runs inside the page: with JavaScript only.
      expect(await seriousViolations(page, path)).toEqual([]);
    }
  }
});
