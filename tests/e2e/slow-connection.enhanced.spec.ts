import { expect, test, type Page } from "@playwright/test";
import { accountMenuItem, signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient, setDayCrews } from "./support/backend.ts";
import { formatMoveDate } from "../../app/domain/booking-labels.ts";
import { CAPACITY_MESSAGES } from "../../app/domain/capacity.ts";
import { hydrated } from "./support/hydration.ts";
import { calendarDay, continueButton, expectStep, fillContact, fillDetails, moveDatePicker, startTime } from "./support/wizard.ts";

// A slow phone: the page is there but its scripts are still on their way. The customer does not wait.

/**
 * Holds every script back until `connectionRecovers` is called (the slow phone itself: the scripts
 * arrive late, while the customer types); returns how to ask whether the page's scripts have arrived
 * and been run, and how to let them through, held ones and later ones alike.
 */
async function slowScripts(page: Page) {
  let recover!: () => void;
  const recovered = new Promise<void>((resolve) => (recover = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await recovered;
    await route.continue();
  });
  // React Router's inline module runs once the held-back modules it imports have arrived.
  const arrived = () => page.evaluate(() => "__reactRouterRouteModules" in window);
  return Object.assign(arrived, { connectionRecovers: recover });
}

test("steps submitted before the scripts load work, and hydration loses nothing typed", async ({ page }) => {
  test.setTimeout(90_000);
  const scriptsArrived = await slowScripts(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    // The analytics beacon (a page's exit) is not a form post.
    if (request.method() === "POST" && path !== "/api/analytics") posts.push(path);
  });

  await page.goto("/book", { waitUntil: "domcontentloaded" });
  await expectStep(page, "Contact");
  await fillContact(page);
  expect(await scriptsArrived()).toBe(false);
  await continueButton(page).click();
  await expectStep(page, "Move details");
  expect(posts).toEqual(["/book"]);

  // Type the next step while the scripts are still on their way; hydration lands in the middle.
  await page.getByLabel("Pickup address").fill("12 Peachtree St, Atlanta");
  // The first day the page offers (tomorrow, as the server saw it: a run may cross midnight meanwhile).
  const firstDay = await moveDatePicker(page).locator("input[type=radio]:enabled").first().inputValue();
  await calendarDay(page, firstDay).check();
  expect(await scriptsArrived()).toBe(false);
  // The scripts arrive once the customer has typed: hydration lands on what is in the form.
  scriptsArrived.connectionRecovers();
  await hydrated(page);
  await expect(page.getByLabel("Pickup address")).toHaveValue("12 Peachtree St, Atlanta");
  // The day tapped before the scripts ran stays chosen, and its free times are asked for once they run.
  await expect(calendarDay(page, firstDay)).toBeChecked();
  await expect(page.getByRole("group", { name: "Start time" })).toContainText(`On ${formatMoveDate(firstDay)}`, { timeout: 15_000 });
  await fillDetails(page);
  // Each step is a page of its own, whose script the next Continue fetches alongside its answer: the
  // phone's connection has caught up by then (this test is of what happens while the first page loads).
  await continueButton(page).click();
  await expectStep(page, "Team");
  // One POST per step: nothing went twice (the second is React Router's fetch of the same action).
  expect(posts).toEqual(["/book", "/book/details.data"]);
});

test("the profile typed while the scripts load keeps what was typed through hydration and is saved", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createTestUser({ fullName: "Slow Sam" });
  const scriptsArrived = await slowScripts(page);
  await signInDirectly(page, user, "/dashboard/profile", { waitUntil: "domcontentloaded" });
  await expect(page.getByLabel("Full name")).toHaveValue("Slow Sam");

  await page.getByLabel("Full name").fill("Samantha Slow");
  await page.getByLabel("Phone").fill("(404) 555-0142");
  expect(await scriptsArrived()).toBe(false);
  scriptsArrived.connectionRecovers();
  await hydrated(page);
  await expect(page.getByLabel("Full name")).toHaveValue("Samantha Slow");
  await expect(page.getByLabel("Phone")).toHaveValue("(404) 555-0142");
  await page.getByLabel("Address").fill("5 Slow Lane, Atlanta, GA");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();

  const { data } = await (await getServiceClient()).from("profiles").select("full_name, phone, address").eq("user_id", user.id).single();
  expect(data).toEqual({ full_name: "Samantha Slow", phone: "(404) 555-0142", address: "5 Slow Lane, Atlanta, GA" });
});

test("a booking status chosen in the admin table while the scripts load is the one saved", async ({ page }) => {
  test.setTimeout(90_000);
  const customer = await createTestUser({ fullName: "Slow Status" });
  const client = await getServiceClient();
  const { data: booking, error } = await client
    .from("bookings")
    .insert({
      user_id: customer.id,
      full_name: customer.fullName,
      email: customer.email,
      phone: "404-555-0100",
      moving_from: "1 Peachtree St, Atlanta",
      moving_to: "2 Ponce de Leon Ave, Atlanta",
      moving_date: "2027-03-01",
      team_type: "elite",
      service_type: "local",
      property_size: "2_bedroom",
      estimated_cost_cents: 100_000,
      deposit_amount_cents: 5_000,
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  const admin = await createTestUser({ fullName: "Slow Admin", admin: true });
  const scriptsArrived = await slowScripts(page);
  await signInDirectly(page, admin, `/admin/bookings?q=${encodeURIComponent(customer.email)}`, { waitUntil: "domcontentloaded" });

  const status = page.locator(`tbody tr[data-booking-id="${booking!.id}"]`).getByRole("combobox");
  await status.selectOption("confirmed");
  expect(await scriptsArrived()).toBe(false);
  scriptsArrived.connectionRecovers();
  // The admin's menu button replaces its link once React has hydrated the page.
  await expect(page.locator("button[aria-label='Open admin menu']")).toBeAttached({ timeout: 20_000 });
  await expect(page.getByText(/Booking status changed to Confirmed\b/)).toBeVisible();
  await expect(status).toHaveValue("confirmed");
  const { data: events } = await client.from("booking_status_events").select("status").eq("booking_id", booking!.id).order("changed_at");
  expect(events).toEqual([{ status: "pending" }, { status: "confirmed" }]);
});

test("the account menu opened while the scripts load stays open when they arrive, and works", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createTestUser({ fullName: "Early Opener" });
  const scriptsArrived = await slowScripts(page);
  await signInDirectly(page, user, "/dashboard", { waitUntil: "domcontentloaded" });
  await page.locator("summary", { hasText: "Account menu for Early Opener" }).click();
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Profile" })).toBeVisible();
  expect(await scriptsArrived()).toBe(false);
  scriptsArrived.connectionRecovers();

  // Once hydrated, the same menu is still open, and its link is followed by the page's router, which
  // closes the menu behind it.
  await hydrated(page, 30_000);
  await expect(accountMenuItem(page, "Profile")).toBeVisible();
  await accountMenuItem(page, "Profile").click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole("banner").locator("details[open]")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  /** YYYY-MM-DD of the `day`th of the month ten months from now: days no other browser test books. */
  const tenMonthsAhead = (day: number) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 10, day)).toISOString().slice(0, 10);
  };

  test("a day and a start time tapped on the reschedule page while the scripts load are the ones saved", async ({ page }) => {
    test.setTimeout(90_000);
    const [from, to] = [tenMonthsAhead(4), tenMonthsAhead(11)];
    await Promise.all([setDayCrews(from, 1), setDayCrews(to, 1)]);
    const [user, other] = await Promise.all([createTestUser({ fullName: "Slow Mover" }), createTestUser({ fullName: "Early Bird" })]);
    // The new day's one crew is out from 8:00 to 12:00: its 10:00, the move's time now, is full there.
    const paid = { deposit_status: "paid", deposit_paid_at: new Date().toISOString(), estimated_hours: 6 };
    await createBooking(other, { ...paid, moving_date: to, moving_time: "08:00", estimated_hours: 4 });
    const booking = await createBooking(user, { ...paid, moving_date: from, moving_time: "10:00" });
    const scriptsArrived = await slowScripts(page);
    await signInDirectly(page, user, `/dashboard/bookings/${booking.id}/reschedule`, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { name: "Reschedule your move" })).toBeVisible();

    // The calendar opens on the move's own month, the new day in it: the customer taps it, then 12:00.
    await calendarDay(page, to).tap();
    await startTime(page, "12:00").tap();
    expect(await scriptsArrived()).toBe(false);
    scriptsArrived.connectionRecovers();
    await hydrated(page);

    // Once the scripts run, the free times are the new day's and the customer's taps are the choice: the
    // move's old time, full on the new day, is offered no more, and no message says the choice is full.
    const times = page.getByRole("group", { name: "Start time" });
    await expect(times).toContainText(`On ${formatMoveDate(to)}`, { timeout: 15_000 });
    await expect(calendarDay(page, to)).toBeChecked();
    await expect(startTime(page, "12:00")).toBeChecked();
    await expect(startTime(page, "10:00")).toBeDisabled();
    await expect(times).not.toContainText(CAPACITY_MESSAGES.slotFullOn("10:00", to));
    await page.getByRole("button", { name: "Reschedule move" }).tap();

    await expect(page).toHaveURL(new RegExp(`/dashboard/bookings/${booking.id}$`));
    await expect(page.getByText(`Your move is now on ${formatMoveDate(to)} · 12:00 PM.`).first()).toBeVisible();
    const { data } = await (await getServiceClient()).from("bookings").select("moving_date, moving_time").eq("id", booking.id).single();
    expect(data).toEqual({ moving_date: to, moving_time: "12:00:00" });
  });
});
