import { expect, test, type Page } from "@playwright/test";
import { bookingAmountCents } from "../../app/domain/admin-booking-row.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import type { Tables } from "../../supabase/types.ts";
import { seedAdminBookings } from "../integration/support/admin-bookings-seed.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient } from "./support/backend.ts";
import { runOnceAcrossProjects } from "./support/projects.ts";

// Staff work through the bookings table by its forms and links, with and without JavaScript; each
// page's rows are checked against rows computed here from the 60 bookings seeded for the test.

type Booking = Tables<"bookings">;
const javaScriptEnabled = () => test.info().project.use.javaScriptEnabled !== false;

async function seed(tag: string): Promise<Booking[]> {
  const owner = await createTestUser({ fullName: "Seeded Owner" });
  return seedAdminBookings((await getServiceClient()) as unknown as AppSupabaseClient, owner.id, tag);
}

const sortLink = (page: Page, column: string) => page.getByRole("columnheader", { name: column }).getByRole("link");

/** The bookings the table shows, in order, by id. */
function shownIds(page: Page): Promise<string[]> {
  return page.locator("table tbody tr").evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.bookingId ?? ""));
}

const byCustomerThenId = (direction: 1 | -1) => (a: Booking, b: Booking) => {
  const [nameA, nameB] = [a.full_name.toLowerCase(), b.full_name.toLowerCase()];
  if (nameA !== nameB) return direction * (nameA < nameB ? -1 : 1);
  return direction * (a.id < b.id ? -1 : 1);
};

test("search, filter, sort and page through the table", async ({ page }) => {
  const tag = `ui${Date.now().toString(36)}`;
  const seeded = await seed(tag);
  const admin = await createTestUser({ fullName: "Table Admin", admin: true });
  await signInDirectly(page, admin, "/admin/bookings");

  await page.getByLabel("Search").fill(tag);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Showing 1–25 of 60")).toBeVisible();

  await sortLink(page, "Customer").click();
  await expect(page.getByRole("columnheader", { name: "Customer" })).toHaveAttribute("aria-sort", "ascending");
  const ascending = [...seeded].sort(byCustomerThenId(1));
  expect(await shownIds(page)).toEqual(ascending.slice(0, 25).map((row) => row.id));
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText("Showing 26–50 of 60")).toBeVisible();
  expect(await shownIds(page)).toEqual(ascending.slice(25, 50).map((row) => row.id));

  await sortLink(page, "Customer").click();
  await expect(page.getByRole("columnheader", { name: "Customer" })).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByText("Showing 1–25 of 60")).toBeVisible();
  expect(await shownIds(page)).toEqual(
    [...seeded]
      .sort(byCustomerThenId(-1))
      .slice(0, 25)
      .map((row) => row.id),
  );

  await page.getByLabel("Status", { exact: true }).selectOption("confirmed");
  await page.getByLabel("Move date from").fill("2027-01-15");
  await page.getByLabel("Move date to").fill("2027-03-01");
  await page.getByRole("button", { name: "Apply" }).click();
  const filtered = seeded.filter((row) => row.status === "confirmed" && row.moving_date >= "2027-01-15" && row.moving_date <= "2027-03-01");
  expect(filtered.length).toBeGreaterThan(0);
  await expect(page.getByText(`Showing 1–${filtered.length} of ${filtered.length}`)).toBeVisible();
  await expect(page).toHaveURL(/sort=customer&dir=desc/);
  // Export takes the list as filtered.
  await expect(page.getByRole("link", { name: "Export" })).toHaveAttribute(
    "href",
    `/admin/bookings/export?q=${tag}&status=confirmed&from=2027-01-15&to=2027-03-01&sort=customer&dir=desc`,
  );
  expect(await shownIds(page)).toEqual([...filtered].sort(byCustomerThenId(-1)).map((row) => row.id));

  await sortLink(page, "Amount").click();
  const byAmount = [...filtered].sort((a, b) => bookingAmountCents(a)! - bookingAmountCents(b)! || (a.id < b.id ? -1 : 1));
  await expect(page.getByRole("columnheader", { name: "Amount" })).toHaveAttribute("aria-sort", "ascending");
  expect(await shownIds(page)).toEqual(byAmount.map((row) => row.id));

  await page.getByLabel("Search").fill(`${tag}-nobody`);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No bookings found")).toBeVisible();
});

test("a status change from the table: the toast, and the history row with the admin who made it", async ({ page }) => {
  const tag = `st${Date.now().toString(36)}`;
  const [booking] = (await seed(tag)).filter((row) => row.status === "pending");
  const admin = await createTestUser({ fullName: "Status Admin", admin: true });
  await signInDirectly(page, admin, `/admin/pending?q=${encodeURIComponent(booking!.email)}`);

  const row = page.locator(`tbody tr[data-booking-id="${booking!.id}"]`);
  // With JavaScript a status saves as it is chosen, and the row has no Update button.
  if (javaScriptEnabled()) await expect(row.getByRole("button", { name: "Update" })).toHaveCount(0);
  await row.getByRole("combobox").selectOption("confirmed");
  if (!javaScriptEnabled()) await row.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Status Updated")).toBeVisible();
  await expect(page.getByText(/Booking status changed to Confirmed\b/)).toBeVisible();
  // The pending page lists it no more.
  await expect(page.getByText("No bookings found")).toBeVisible();

  const service = await getServiceClient();
  const history = await service.from("booking_status_events").select("status, changed_by").eq("booking_id", booking!.id).eq("status", "confirmed");
  expect(history.data).toEqual([{ status: "confirmed", changed_by: admin.id }]);
});

test("staff filter abandoned checkouts apart from the pending work, and can still set any status on one", async ({ page }) => {
  const tag = `ab${Date.now().toString(36)}`;
  const customer = await createTestUser({ fullName: `Abandon ${tag}` });
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const abandoned = [
    await createBooking(customer, { deposit_status: "expired", checkout_expires_at: at(-60) }),
    await createBooking(customer, { hold_expires_at: at(-30), checkout_expires_at: at(-30) }),
  ].map((row) => row.id);
  const pending = [await createBooking(customer), await createBooking(customer, { hold_expires_at: at(25), checkout_expires_at: at(25) })].map((row) => row.id);
  await createBooking(customer, { status: "confirmed", deposit_status: "paid", deposit_paid_at: at(-90), checkout_expires_at: at(-60) });
  const admin = await createTestUser({ fullName: "Abandon Admin", admin: true });
  await signInDirectly(page, admin, `/admin/bookings?q=${tag}`);
  await expect(page.getByText("Showing 1–5 of 5")).toBeVisible();

  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Checkout abandoned" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=abandoned/);
  await expect(page.getByText("Showing 1–2 of 2")).toBeVisible();
  expect((await shownIds(page)).sort()).toEqual([...abandoned].sort());
  for (const id of abandoned) {
    const status = page.locator(`tbody tr[data-booking-id="${id}"]`).getByRole("combobox");
    await expect(status).toHaveValue("pending");
    await expect(status.locator("option:checked")).toHaveText("Checkout abandoned");
  }

  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Pending" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=pending/);
  // As many as before: the rows themselves tell the new list from the old.
  await expect.poll(async () => (await shownIds(page)).sort()).toEqual([...pending].sort());
  await expect(page.getByText("Showing 1–2 of 2")).toBeVisible();
  await expect(page.locator("tbody option:checked", { hasText: "Checkout abandoned" })).toHaveCount(0);

  // The pending page lists the pending work alone.
  await page.goto(`/admin/pending?q=${tag}`);
  await expect(page.getByText("Showing 1–2 of 2")).toBeVisible();
  expect((await shownIds(page)).sort()).toEqual([...pending].sort());
  // It leads to the abandoned checkouts, listed apart.
  await page.getByRole("link", { name: "Abandoned checkouts" }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\?status=abandoned$/);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("abandoned");

  // Every status is still on offer for an abandoned checkout's booking: cancelled, it leaves the filter.
  await page.goto(`/admin/bookings?q=${tag}&status=abandoned`);
  const row = page.locator(`tbody tr[data-booking-id="${abandoned[0]}"]`);
  await row.getByRole("combobox").selectOption("cancelled");
  if (!javaScriptEnabled()) await row.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText(/Booking status changed to Cancelled\b/)).toBeVisible();
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
  expect(await shownIds(page)).toEqual([abandoned[1]]);
  const service = await getServiceClient();
  expect((await service.from("bookings").select("status").eq("id", abandoned[0]!).single()).data?.status).toBe("cancelled");
});

test("a customer's crafted status post is refused and changes nothing", async ({ page }) => {
  runOnceAcrossProjects();
  const tag = `cr${Date.now().toString(36)}`;
  const [booking] = (await seed(tag)).filter((row) => row.status === "pending");
  const customer = await createTestUser({ fullName: "Crafty Customer" });
  await signInDirectly(page, customer);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post("/admin/bookings", {
    form: { intent: "set-status", bookingId: booking!.id, status: "cancelled" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  const service = await getServiceClient();
  expect((await service.from("bookings").select("status").eq("id", booking!.id).single()).data?.status).toBe("pending");
});

test("on a 375px screen the bookings are cards", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const tag = `sm${Date.now().toString(36)}`;
  const seeded = await seed(tag);
  const admin = await createTestUser({ fullName: "Small Admin", admin: true });
  await signInDirectly(page, admin, `/admin/bookings?q=${tag}&sort=customer`);
  await expect(page.locator("table")).toBeHidden();
  const first = [...seeded].sort(byCustomerThenId(1))[0]!;
  const card = page.locator(`li[data-booking-id="${first.id}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByText(first.email)).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
