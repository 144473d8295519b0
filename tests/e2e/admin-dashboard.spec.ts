import { expect, test, type Page } from "@playwright/test";
import { isCheckoutAbandoned } from "../../app/domain/booking-status.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient } from "./support/backend.ts";

// The /admin stat cards show what the bookings hold: counted and summed here from every booking (and
// refund) in the database, after seeding bookings made this month and last month, pending (one with
// its checkout abandoned, which is no pending work) and completed, with deposits paid in each month.

const COMPANY_TIME_ZONE = "America/New_York";

interface StoredBooking {
  status: string;
  created_at: string;
  deposit_amount_cents: number;
  deposit_paid_at: string | null;
  deposit_status: string;
  hold_expires_at: string | null;
  checkout_expires_at: string | null;
}

interface StoredRefund {
  amount_cents: number;
  refunded_at: string;
}

/** "YYYY-MM" of an instant in the company's time zone. */
function companyMonth(instant: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: COMPANY_TIME_ZONE, year: "numeric", month: "2-digit" }).formatToParts(instant);
  return `${parts.find((part) => part.type === "year")!.value}-${parts.find((part) => part.type === "month")!.value}`;
}

function previousMonth(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, "0")}`;
}

function growthText(thisMonth: number, lastMonth: number, none: string): string {
  if (lastMonth === 0) return none;
  const percent = Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
  const sign = percent > 0 ? "+" : percent < 0 ? "−" : "";
  return `${sign}${Math.abs(percent).toFixed(1)}% from last month`;
}

async function allBookings(): Promise<StoredBooking[]> {
  const service = await getServiceClient();
  const rows: StoredBooking[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await service
      .from("bookings")
      .select("status, created_at, deposit_amount_cents, deposit_paid_at, deposit_status, hold_expires_at, checkout_expires_at")
      .order("id")
      .range(from, from + 999);
    if (error) throw new Error(`could not read the bookings: ${error.message}`);
    rows.push(...(data as StoredBooking[]));
    if (data.length < 1000) return rows;
  }
}

async function allRefunds(): Promise<StoredRefund[]> {
  const { data, error } = await (await getServiceClient()).from("deposit_refunds").select("amount_cents, refunded_at");
  if (error) throw new Error(`could not read the refunds: ${error.message}`);
  return data as StoredRefund[];
}

/** Every payment of a bill's balance recorded as paid: its balance is revenue, its tip the crew's. */
async function allBalancePayments(): Promise<Array<{ balance_cents: number; tip_cents: number; paid_at: string }>> {
  const { data, error } = await (await getServiceClient()).from("bill_payments").select("balance_cents, tip_cents, paid_at").eq("status", "paid");
  if (error) throw new Error(`could not read the balance payments: ${error.message}`);
  return data as Array<{ balance_cents: number; tip_cents: number; paid_at: string }>;
}

const card = (page: Page, label: string) =>
  page.locator('dl[aria-label="At a glance"] > div').filter({ has: page.getByRole("term").filter({ hasText: label }) });

test("the stat cards count every booking, the pending ones, completed moves and the money collected, with growth from last month", async ({ page }) => {
  const customer = await createTestUser({ fullName: "Stella Statistics" });
  const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
  const now = new Date();
  const thisMonth = companyMonth(now);
  const lastMonth = previousMonth(thisMonth);
  const midLastMonth = `${lastMonth}-15T16:00:00Z`;
  await createBooking(customer, { status: "pending", created_at: now.toISOString() });
  await createBooking(customer, { status: "pending", created_at: midLastMonth });
  await createBooking(customer, { status: "pending", deposit_status: "expired", checkout_expires_at: now.toISOString(), created_at: now.toISOString() });
  const paid = (at: string, cents: number) => ({ deposit_status: "paid", deposit_paid_at: at, deposit_amount_cents: cents });
  await createBooking(customer, {
    status: "completed",
    created_at: midLastMonth,
    moving_date: `${lastMonth}-20`,
    final_cost_cents: 143_250,
    ...paid(midLastMonth, 5_000),
  });
  await createBooking(customer, {
    status: "completed",
    created_at: now.toISOString(),
    moving_date: `${thisMonth}-01`,
    estimated_cost_cents: 98_000,
    ...paid(now.toISOString(), 7_525),
  });
  await createBooking(customer, { status: "cancelled", created_at: now.toISOString() });

  const [rows, refunds, balances] = await Promise.all([allBookings(), allRefunds(), allBalancePayments()]);
  const completed = rows.filter((row) => row.status === "completed");
  const madeIn = (month: string) => rows.filter((row) => companyMonth(new Date(row.created_at)) === month).length;
  // Money collected: deposits and balances by the month they were paid, less refunds by the month they
  // were given back; tips apart.
  const collectedIn = (month: string | null) =>
    rows
      .filter((row) => row.deposit_paid_at && (!month || companyMonth(new Date(row.deposit_paid_at)) === month))
      .reduce((sum, row) => sum + row.deposit_amount_cents, 0) +
    balances.filter((payment) => !month || companyMonth(new Date(payment.paid_at)) === month).reduce((sum, payment) => sum + payment.balance_cents, 0) -
    refunds.filter((refund) => !month || companyMonth(new Date(refund.refunded_at)) === month).reduce((sum, refund) => sum + refund.amount_cents, 0);
  const tips = balances.reduce((sum, payment) => sum + payment.tip_cents, 0);
  const dollars = (cents: number) =>
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);

  await signInDirectly(page, admin, "/admin");

  const total = card(page, "Total Bookings");
  await expect(total.getByRole("definition").first()).toHaveText(rows.length.toLocaleString("en-US"));
  await expect(total.getByRole("definition").nth(1)).toHaveText(growthText(madeIn(thisMonth), madeIn(lastMonth), "No bookings last month to compare"));
  await expect(total).toContainText("% from last month");

  const pending = card(page, "Pending Bookings");
  const pendingWork = rows.filter((row) => row.status === "pending" && !isCheckoutAbandoned(row, new Date()));
  expect(pendingWork.length).toBeLessThan(rows.filter((row) => row.status === "pending").length);
  await expect(pending.getByRole("definition").first()).toHaveText(pendingWork.length.toLocaleString("en-US"));
  await expect(pending).toContainText("awaiting confirmation");

  await expect(card(page, "Completed Moves").getByRole("definition").first()).toHaveText(completed.length.toLocaleString("en-US"));

  const totalRevenue = card(page, "Total Revenue");
  await expect(totalRevenue.getByRole("definition").first()).toHaveText(dollars(collectedIn(null)));
  await expect(totalRevenue.getByRole("definition").nth(1)).toHaveText(
    `Money collected: deposits and payments, less refunds${growthText(collectedIn(thisMonth), collectedIn(lastMonth), "No revenue last month to compare")}Tips for crews, apart: ${dollars(tips)}`,
  );
  await expect(totalRevenue).toContainText("% from last month");
});

test("the dashboard's tabs are pages of their own under the same stat cards, and the old tab addresses lead to them", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Tabitha Tabs", admin: true });
  await signInDirectly(page, admin, "/admin");
  const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
  const dashboardLink = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" });
  await expect(tabs.getByRole("link", { name: "Bookings" })).toHaveAttribute("aria-current", "page");

  await tabs.getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/admin\/overview\/users$/);
  await expect(tabs.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Total Bookings")).toBeVisible();
  await expect(page.getByRole("region", { name: "Users" }).getByText(admin.email)).toBeVisible();
  // Still the dashboard in the sidebar, though not its address.
  await expect(dashboardLink).toHaveClass(/bg-slate-700/);

  await tabs.getByRole("link", { name: "Website Analytics" }).click();
  await expect(page).toHaveURL(/\/admin\/overview\/analytics$/);
  await expect(tabs.getByRole("link", { name: "Website Analytics" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "Website Analytics" }).getByText("Last 48 hours", { exact: true })).toBeVisible();

  await tabs.getByRole("link", { name: "Bookings" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("navigation", { name: "Bookings by status" }).getByRole("link", { name: "Pending" }).click();
  await expect(page).toHaveURL(/\/admin\?view=pending$/);
  await expect(page.getByRole("navigation", { name: "Bookings by status" }).getByRole("link", { name: "Pending" })).toHaveAttribute("aria-current", "page");

  await page.goto("/admin?tab=users");
  await expect(page).toHaveURL(/\/admin\/overview\/users$/);
  await page.goto("/admin?tab=analytics");
  await expect(page).toHaveURL(/\/admin\/overview\/analytics$/);
});
