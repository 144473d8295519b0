import { expect, test, type Page } from "@playwright/test";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import type { Tables } from "../../supabase/types.ts";
import { seedAdminBookings } from "../integration/support/admin-bookings-seed.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient } from "./support/backend.ts";

// The office's bookings table at 1280px: one line a booking however long its customer's email and
// addresses, the row's menu whole on the last rows too, and a status change for several ticked rows
// at once, with JavaScript and without it, recorded for each booking.

type Booking = Tables<"bookings">;
const javaScriptEnabled = () => test.info().project.use.javaScriptEnabled !== false;

test.use({ viewport: { width: 1280, height: 800 } });

/** 30 bookings of their own tag, each with a long email and long addresses, as real ones can be. */
async function seedLongBookings(tag: string): Promise<Booking[]> {
  const owner = await createTestUser({ fullName: "Seeded Owner" });
  const service = (await getServiceClient()) as unknown as AppSupabaseClient;
  const rows = await seedAdminBookings(service, owner.id, tag, 30);
  for (const [index, row] of rows.entries()) {
    const changes = {
      email: `marcus.deskworthington-${index}.${tag}@example-relocation-services.com`,
      moving_from: `${1200 + index} Peachtree Industrial Boulevard Northeast, Apartment ${300 + index}, Chamblee, GA 30341`,
      moving_to: `${4500 + index} Lawrenceville Highway Northwest, Building C, Suite ${100 + index}, Tucker, GA 30084`,
    };
    const { error } = await service.from("bookings").update(changes).eq("id", row.id);
    if (error) throw error;
    Object.assign(row, changes);
  }
  return rows;
}

const rowHeights = (page: Page) => page.locator("table tbody tr").evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));

test("one line a booking at 1280px, long emails and addresses cut short, never broken inside a word", async ({ page }, testInfo) => {
  const tag = `dn${Date.now().toString(36)}`;
  const seeded = await seedLongBookings(tag);
  const admin = await createTestUser({ fullName: "Dense Admin", admin: true });
  await signInDirectly(page, admin, `/admin/bookings?q=${tag}`);
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();

  // The table as drawn, and its rows' heights, kept with the test's results before they are judged.
  const heights = await rowHeights(page);
  const screenshot = testInfo.outputPath("bookings-table-1280.png");
  await page.screenshot({ path: screenshot, fullPage: true });
  await testInfo.attach("bookings-table-1280", { path: screenshot, contentType: "image/png" });
  testInfo.annotations.push({ type: "row heights (px)", description: heights.map((height) => height.toFixed(0)).join(", ") });
  expect(heights).toHaveLength(25);
  for (const height of heights) expect(height).toBeLessThan(64);

  // The whole email and route are a hover away.
  const row = page.locator("table tbody tr").first();
  const firstId = await row.getAttribute("data-booking-id");
  const first = seeded.find((booking) => booking.id === firstId)!;
  await expect(row.getByTitle(`${first.moving_from} → ${first.moving_to}`)).toBeVisible();
  await expect(row.getByTitle(`${first.email} · ${first.phone}`)).toBeVisible();
  // One status control a row, showing the status.
  await expect(row.getByRole("combobox")).toHaveCount(1);
  await expect(row.getByRole("combobox")).toHaveValue(first.status);

  // The header stays at the top of the window as the table scrolls.
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.getByRole("columnheader", { name: "Customer" }).evaluate((cell) => Math.round(cell.getBoundingClientRect().top))).toBe(0);
});

test("the last row's menu opens whole, inside the window", async ({ page }) => {
  const tag = `mn${Date.now().toString(36)}`;
  await seedLongBookings(tag);
  const admin = await createTestUser({ fullName: "Menu Admin", admin: true });
  await signInDirectly(page, admin, `/admin/bookings?q=${tag}`);
  const last = page.locator("table tbody tr").last();
  await last.scrollIntoViewIfNeeded();
  // Scrolled to the page's very end, as far down as the last row can be.
  await page.mouse.wheel(0, 10_000);
  await last.getByTitle("Actions").click();
  const items = last.getByRole("listitem");
  await expect(items).toHaveCount(5);
  for (const item of await items.all()) await expect(item).toBeInViewport({ ratio: 1 });
});

test("a status change for three ticked rows, each recorded with the admin who made it", async ({ page }) => {
  const tag = `bk${Date.now().toString(36)}`;
  const seeded = await seedLongBookings(tag);
  const admin = await createTestUser({ fullName: "Bulk Admin", admin: true });
  await signInDirectly(page, admin, `/admin/bookings?q=${tag}&status=pending`);
  const pending = seeded.filter((row) => row.status === "pending");
  expect(pending.length).toBeGreaterThanOrEqual(3);
  const chosen = (await page.locator("table tbody tr").evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.bookingId!))).slice(0, 3);

  for (const id of chosen) await page.locator(`tbody tr[data-booking-id="${id}"]`).getByRole("checkbox").check();
  if (javaScriptEnabled()) await expect(page.getByText("3 ticked")).toBeVisible();
  await page.getByLabel("Change the ticked bookings to").selectOption("confirmed");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByText("3 bookings changed to Confirmed")).toBeVisible();
  // Filtered to pending, the three are gone from the list.
  for (const id of chosen) await expect(page.locator(`tbody tr[data-booking-id="${id}"]`)).toHaveCount(0);

  const service = await getServiceClient();
  const stored = await service.from("bookings").select("id, status").in("id", chosen);
  expect(stored.data?.map((row) => row.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
  const history = await service.from("booking_status_events").select("booking_id, changed_by").in("booking_id", chosen).eq("status", "confirmed");
  expect(history.data?.map((event) => event.booking_id).sort()).toEqual([...chosen].sort());
  expect(new Set(history.data?.map((event) => event.changed_by))).toEqual(new Set([admin.id]));
  // The rows not ticked kept their status.
  const others = pending.filter((row) => !chosen.includes(row.id)).map((row) => row.id);
  const untouched = await service.from("bookings").select("status").in("id", others);
  expect(new Set(untouched.data?.map((row) => row.status))).toEqual(new Set(["pending"]));
});

test("with JavaScript, the header's box ticks every row, shows a part ticked as mixed, and every tick clears once the change is made", async ({ page }) => {
  test.skip(!javaScriptEnabled(), "the header's box is drawn with JavaScript only");
  const tag = `bx${Date.now().toString(36)}`;
  await seedLongBookings(tag);
  const admin = await createTestUser({ fullName: "Tick Admin", admin: true });
  await signInDirectly(page, admin, `/admin/bookings?q=${tag}`);
  const all = page.getByRole("checkbox", { name: "Select every booking on this page" });
  const rows = page.locator("tbody").getByRole("checkbox");
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(3);

  await all.check();
  await expect(page.getByText(`${count} ticked`)).toBeVisible();
  await rows.first().uncheck();
  // Some ticked, not all: the header's box is mixed.
  await expect(all).not.toBeChecked();
  expect(await all.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
  await rows.first().check();
  await expect(all).toBeChecked();

  await page.getByLabel("Change the ticked bookings to").selectOption("cancelled");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByText(`${count} bookings changed to Cancelled`)).toBeVisible();
  // The rows stay listed, unticked, and so does the header's box.
  await expect(page.getByText("No booking ticked")).toBeVisible();
  await expect(all).not.toBeChecked();
  for (const box of await rows.all()) await expect(box).not.toBeChecked();
});
