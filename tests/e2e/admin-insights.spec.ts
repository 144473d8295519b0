import { expect, test, type Page } from "@playwright/test";
import { formatCents } from "../../app/domain/money.ts";
import type { Tables } from "../../supabase/types.ts";
import { seriousViolations } from "./support/accessibility.ts";
import { chartWords } from "./support/chart-text.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient, type TestUser } from "./support/backend.ts";

// Staff read the customer database and the analytics page, with and without JavaScript; every figure
// is computed here from the rows in the database.

type Booking = Tables<"bookings">;
/** A booking written as the server writes them, as the stored row. */
const book = async (owner: TestUser, row: Partial<Booking>) => (await createBooking(owner, row)) as unknown as Booking;

/** With data on it, the page has no serious accessibility violations (checked where scripts run) and fits a 360px phone. */
async function expectAccessibleAndNarrow(page: Page) {
  if (test.info().project.use.javaScriptEnabled !== false) {
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

const lastBookingDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "America/New_York" });

test("a customer's row adds up their bookings in any email case, is found by search, sorts, and links to their bookings", async ({ page }) => {
  const tag = `cust${Date.now().toString(36)}`;
  const owner = await createTestUser({ fullName: "Quincy Ledger" });
  const email = `quincy.${tag}@example.com`;
  const base = { email, phone: "(404) 555-0142" };
  // Four bookings, two written with the email in capitals and one as a guest: one customer, a VIP.
  const rows: Booking[] = [
    await book(owner, { ...base, full_name: "Quincy Ledger", status: "completed", final_cost_cents: 123_400 }),
    await book(owner, {
      ...base,
      email: email.toUpperCase(),
      full_name: "Quincy Ledger",
      deposit_status: "paid",
      deposit_paid_at: new Date().toISOString(),
    }),
    await book(owner, {
      ...base,
      full_name: "Quincy Ledger",
      deposit_status: "paid",
      deposit_paid_at: new Date().toISOString(),
      stripe_payment_intent_id: `pi_insights_${tag}`,
      status: "cancelled",
    }),
    await book(owner, { ...base, user_id: null, email: email.toUpperCase(), full_name: "Quincy B. Ledger", status: "pending" }),
  ];
  const newcomer = await book(owner, { email: `nova.${tag}@example.com`, full_name: "Nova Newcomer", phone: "(404) 555-0143" });
  const admin = await createTestUser({ fullName: "Insights Admin", admin: true });
  // The third deposit was given back by the admin.
  const refunded = await (
    await getServiceClient()
  ).rpc("mark_deposit_refunded", {
    _payment_intent_id: `pi_insights_${tag}`,
    _refund_id: `re_insights_${tag}`,
    _amount_cents: rows[2]!.deposit_amount_cents,
    _refunded_by: admin.id,
  });
  expect(refunded.error).toBeNull();
  // Total spent is money collected: each deposit paid, less the refund (no balances were paid here).
  const spent = rows.reduce((sum, row) => sum + (row.deposit_paid_at ? row.deposit_amount_cents : 0), 0) - rows[2]!.deposit_amount_cents;
  const latest = [...rows].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0]!;

  await signInDirectly(page, admin, "/admin/customers");
  await expect(page.getByRole("heading", { name: "Customer Database" })).toBeVisible();
  await expect(page.getByText("Total spent is the money collected from the customer")).toBeVisible();

  await page.getByLabel("Search").fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByText("Showing 1–2 of 2")).toBeVisible();

  // One line a customer at 1280px: name and email, phone, bookings with the badge, spent, latest booking.
  const row = page.getByTestId("customer-row").filter({ has: page.getByRole("rowheader").getByText(latest.full_name, { exact: true }) });
  await expect(row.getByRole("rowheader")).toContainText(latest.email);
  await expect(row.getByRole("cell")).toHaveText([latest.phone, "VIP4", formatCents(spent), lastBookingDate.format(new Date(latest.created_at)), "Bookings"]);
  const newcomerRow = page.getByTestId("customer-row").filter({ hasText: newcomer.full_name });
  await expect(newcomerRow.getByText("New Customer")).toBeVisible();
  // The most recent booking first; sorted by bookings, the VIP leads, and the search stays.
  const names = page.getByTestId("customer-row").getByRole("rowheader").locator("[title]").first();
  await page.getByRole("columnheader", { name: "Bookings", exact: true }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&sort=bookings&dir=desc$`));
  await expect(page.getByRole("columnheader", { name: "Bookings", exact: true })).toHaveAttribute("aria-sort", "descending");
  await expect(names).toHaveText(latest.full_name);
  await page.getByRole("columnheader", { name: "Bookings", exact: true }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`sort=bookings&dir=asc$`));
  await expect(names).toHaveText(newcomer.full_name);
  await expectAccessibleAndNarrow(page);

  // Below 768px each customer is a card.
  const card = page.getByRole("listitem", { name: latest.full_name });
  await expect(card.getByText("VIP")).toBeVisible();
  await expect(card.getByRole("definition").nth(0)).toHaveText(formatCents(spent));
  await expect(card.getByRole("definition").nth(1)).toHaveText("4");
  await expect(card.getByRole("definition").nth(2)).toHaveText(latest.email);
  await expect(card.getByRole("definition").nth(3)).toHaveText(latest.phone);
  await expect(card.getByRole("definition").nth(4)).toHaveText(lastBookingDate.format(new Date(latest.created_at)));

  await card.getByRole("link", { name: /bookings/ }).click();
  await expect(page).toHaveURL(`/admin/bookings?q=${encodeURIComponent(latest.email)}`);
  await expect(page.getByText("Showing 1–4 of 4")).toBeVisible();
  const shown = await page.locator("table tbody tr").evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.bookingId ?? "").sort());
  expect(shown).toEqual(rows.map((row) => row.id).sort());
});

test("the analytics page shows the value of all bookings and its charts, drawn without JavaScript", async ({ page }) => {
  const owner = await createTestUser({ fullName: "Chart Customer" });
  await book(owner, { service_type: "commercial", status: "completed", final_cost_cents: 250_000 });
  await book(owner, { service_type: "long_distance", status: "cancelled", estimated_cost_cents: 180_000 });
  const service = await getServiceClient();
  const { data, error } = await service.from("bookings").select("final_cost_cents, estimated_cost_cents");
  if (error) throw error;
  const total = (data as Booking[]).reduce((sum, row) => sum + (row.final_cost_cents ?? row.estimated_cost_cents ?? 0), 0);

  const admin = await createTestUser({ fullName: "Analytics Admin", admin: true });
  await signInDirectly(page, admin, "/admin/analytics");
  const figures = page.locator("dl[aria-label='All bookings']");
  await expect(figures.getByText(formatCents(total), { exact: true })).toBeVisible();
  await expect(figures.getByText(data.length.toLocaleString("en-US"), { exact: true })).toBeVisible();
  await expect(figures.getByText(formatCents(Math.round(total / data.length)), { exact: true })).toBeVisible();
  await expect(figures.getByRole("term").filter({ hasText: "Value of Booked Moves" })).toBeVisible();
  await expect(page.getByText("final cost, else estimate, of every booking whatever its status")).toBeVisible();

  const charts = page.getByTestId("bar-chart");
  await expect(charts).toHaveCount(2);
  await expect(page.getByRole("img", { name: /Top services by bookings/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /last six months/ })).toBeVisible();
  await expect(charts.first().locator("[data-bar]")).not.toHaveCount(0);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(7);
  await expectAccessibleAndNarrow(page);
  // At 360px the charts' words are still at least 12px.
  for (const chart of await charts.all()) expect((await chartWords(chart)).filter((word) => word.px < 12)).toEqual([]);
});
