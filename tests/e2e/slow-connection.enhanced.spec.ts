import { expect, test, type Page } from "@playwright/test";
import { signInDirectly } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient } from "./support/backend.ts";
import { formatMoveDate } from "../../app/domain/booking-labels.ts";
import { hydrated } from "./support/hydration.ts";
import { calendarDay, continueButton, expectStep, fillContact, fillDetails, moveDatePicker } from "./support/wizard.ts";

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
  // The first day the page offers (today, as the server saw it: a run may cross midnight meanwhile).
  const today = await moveDatePicker(page).locator("input[type=radio]:enabled").first().inputValue();
  await calendarDay(page, today).check();
  expect(await scriptsArrived()).toBe(false);
  // The scripts arrive once the customer has typed: hydration lands on what is in the form.
  scriptsArrived.connectionRecovers();
  await hydrated(page);
  await expect(page.getByLabel("Pickup address")).toHaveValue("12 Peachtree St, Atlanta");
  // The day tapped before the scripts ran stays chosen, and its free times are asked for once they run.
  await expect(calendarDay(page, today)).toBeChecked();
  await expect(page.getByRole("group", { name: "Start time" })).toContainText(`On ${formatMoveDate(today)}`, { timeout: 15_000 });
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
  await signInDirectly(page, user, "/dashboard?tab=profile", { waitUntil: "domcontentloaded" });
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
  await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
  expect(await scriptsArrived()).toBe(false);
  scriptsArrived.connectionRecovers();

  // Once hydrated and its lazily loaded code (held back too) has arrived, the menu is the enhanced
  // one (its entries are menu items), still open.
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("summary", { hasText: "Account menu for Early Opener" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
});
