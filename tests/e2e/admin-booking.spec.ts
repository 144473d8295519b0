import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./support/accessibility.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, failedMessage, getServiceClient, stripeRefundsFor, type TestUser } from "./support/backend.ts";
import { hydrated } from "./support/hydration.ts";
import { payOnCheckout } from "./support/wizard.ts";

// One booking in the admin area, with JavaScript on and off: opened from its URL, edited (a message
// beside the wrong field, then saved into the edit history; a bigger home and an add-on priced again,
// the difference shown before saving), and cancelled with its paid deposit refunded through the
// embedded Stripe.

const detailsPath = (id: string) => `/admin/bookings/${id}`;

async function storedBooking(id: string) {
  const client = await getServiceClient();
  const { data, error } = await client
    .from("bookings")
    .select("status, deposit_status, final_cost_cents, stripe_payment_intent_id, estimated_cost_cents, estimated_hours, property_size, extra_movers")
    .eq("id", id)
    .single();
  if (error) throw error;
  return data as {
    status: string;
    deposit_status: string;
    final_cost_cents: number | null;
    stripe_payment_intent_id: string | null;
    estimated_cost_cents: number | null;
    estimated_hours: number | null;
    property_size: string | null;
    extra_movers: number;
  };
}

async function openAsAdmin(page: Page, admin: TestUser, path: string) {
  await signInDirectly(page, admin, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test("an admin opens a booking from its URL: its fields, contact links, deposit and history; an unknown id is a 404", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
  const customer = await createTestUser({ fullName: "Vic Viewed" });
  const booking = await createBooking(customer, { full_name: "Vic Viewed", phone: "(404) 555-0123", special_instructions: "Piano upstairs" });
  await openAsAdmin(page, admin, detailsPath(booking.id));

  await expect(page.getByRole("heading", { name: `Booking ${booking.id.slice(0, 8)}` })).toBeVisible();
  await expect(page.getByText("Piano upstairs")).toBeVisible();
  await expect(page.getByRole("link", { name: "Email customer" })).toHaveAttribute("href", `mailto:${customer.email}`);
  await expect(page.getByRole("link", { name: "Call customer" })).toHaveAttribute("href", "tel:4045550123");
  await expect(page.getByRole("region", { name: "Deposit and payment" })).toContainText("Deposit unpaid");
  await expect(page.getByRole("region", { name: "Status history" }).getByRole("listitem")).toHaveCount(1);

  const missing = await page.goto(detailsPath(crypto.randomUUID()));
  expect(missing?.status()).toBe(404);
  expect((await page.goto("/admin/bookings/not-an-id"))?.status()).toBe(404);
});

test("an admin edits a booking: a wrong final cost is refused beside its field, then the change is saved and listed", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Eda Editor", admin: true });
  const customer = await createTestUser({ fullName: "Ed Edited" });
  const booking = await createBooking(customer, { full_name: "Ed Edited" });
  await openAsAdmin(page, admin, detailsPath(booking.id));

  await page.getByRole("link", { name: "Edit Booking" }).click();
  await expect(page.getByRole("heading", { name: `Edit booking ${booking.id.slice(0, 8)}` })).toBeVisible();
  await page.getByLabel("Moving to").fill("77 New Home Rd, Marietta, GA");
  await page.getByLabel("Final cost (dollars)").fill("12.345");
  await page.getByRole("button", { name: "Save changes" }).click();

  await expect(page.getByText("Enter an amount in dollars, like 1250 or 1250.50")).toBeVisible();
  await expect(page.getByLabel("Final cost (dollars)")).toHaveAttribute("aria-invalid", "true");
  // Nothing typed is lost.
  await expect(page.getByLabel("Moving to")).toHaveValue("77 New Home Rd, Marietta, GA");
  expect((await storedBooking(booking.id)).final_cost_cents).toBeNull();

  await page.getByLabel("Final cost (dollars)").fill("1,250.50");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`${detailsPath(booking.id)}$`));
  await expect(page.getByText("Booking updated").first()).toBeVisible();
  const edits = page.getByRole("region", { name: "Edit history" }).getByRole("listitem");
  await expect(edits).toHaveCount(2);
  await expect(edits.filter({ hasText: "Final cost" })).toContainText("$1,250.50");
  await expect(edits.filter({ hasText: "Final cost" })).toContainText("Eda Editor");
  await expect(edits.filter({ hasText: "Moving to:" })).toContainText("77 New Home Rd, Marietta, GA");
  expect((await storedBooking(booking.id)).final_cost_cents).toBe(125_050);
});

test("an admin makes the home bigger and adds packing and a mover: the new estimate and the difference show before saving, then on the booking", async ({
  page,
}) => {
  const withScripts = test.info().project.use.javaScriptEnabled !== false;
  const admin = await createTestUser({ fullName: "Pia Pricer", admin: true });
  const customer = await createTestUser({ fullName: "Rick Repriced" });
  // An elite local two-bedroom move quoted $1,000 for 6 hours.
  const booking = await createBooking(customer, { full_name: "Rick Repriced" });
  await openAsAdmin(page, admin, `${detailsPath(booking.id)}/edit`);
  if (withScripts) await hydrated(page);

  const price = page.getByRole("region", { name: "Price" });
  await expect(price).toContainText("Current estimate: $1,000, 6 hours");
  await expect(price.getByRole("status")).toHaveText("No change to the price.");
  await page.getByLabel("Property size").selectOption("3_bedroom");
  await page.getByRole("checkbox", { name: /^Packing service/ }).check();
  if (!withScripts) await page.getByRole("button", { name: "Show the new price" }).click();
  // 8 hours × $150, packing $120 and the $100 truck fee.
  await expect(price.getByRole("status")).toContainText("New estimate $1,420, +$420 from $1,000");
  await expect(price).toContainText("8 estimated hours, 6 before");
  // Without JavaScript the + sends the form too: the count moves and the page prices it, everything kept.
  await page.getByRole("button", { name: "More: Extra movers" }).click();
  await expect(price.getByRole("status")).toContainText("New estimate $1,455, +$455 from $1,000");
  await expect(page.getByLabel("Property size")).toHaveValue("3_bedroom");
  await expect(page.getByRole("checkbox", { name: /^Packing service/ })).toBeChecked();
  await expect(page.getByRole("spinbutton", { name: "Extra movers" })).toHaveValue("1");
  expect(await storedBooking(booking.id)).toMatchObject({ estimated_cost_cents: 100_000, property_size: "2_bedroom", extra_movers: 0 });

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`${detailsPath(booking.id)}$`));
  await expect(page.getByText("New estimate $1,455, +$455 from $1,000").first()).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Price" })
      .locator("div")
      .filter({ hasText: /^Estimated total/ }),
  ).toContainText("$1,455");
  const edits = page.getByRole("region", { name: "Edit history" }).getByRole("listitem");
  await expect(edits.filter({ hasText: "Property size:" })).toContainText("3 bedrooms");
  await expect(edits.filter({ hasText: "Estimate:" })).toContainText("$1,455");
  await expect(edits.filter({ hasText: "Packing service:" })).toContainText("Pia Pricer");
  expect(await storedBooking(booking.id)).toMatchObject({ estimated_cost_cents: 145_500, estimated_hours: 8, property_size: "3_bedroom", extra_movers: 1 });
});

test("an admin cancels a booking whose deposit was paid and refunds it: the embedded Stripe holds one refund", async ({ page }) => {
  const customer = await createTestUser({ fullName: "Ray Refund" });
  const booking = await createBooking(customer, { full_name: "Ray Refund" });
  await signInDirectly(page, customer, `/dashboard/bookings/${booking.id}`);
  await page.getByRole("button", { name: "Pay deposit" }).click();
  await payOnCheckout(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  const paid = await storedBooking(booking.id);
  expect(paid).toMatchObject({ deposit_status: "paid", stripe_payment_intent_id: expect.stringMatching(/^pi_/) });

  await page.context().clearCookies();
  const admin = await createTestUser({ fullName: "Rita Refunder", admin: true });
  await openAsAdmin(page, admin, detailsPath(booking.id));
  await expect(page.getByRole("region", { name: "Deposit and payment" })).toContainText(paid.stripe_payment_intent_id!);
  await page.getByRole("link", { name: "Cancel Booking" }).click();
  await expect(page.getByRole("heading", { name: `Cancel booking ${booking.id.slice(0, 8)}?` })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Refund the $50 deposit" })).toBeChecked();
  await page.getByRole("button", { name: "Cancel Booking" }).click();

  await expect(page).toHaveURL(new RegExp(`${detailsPath(booking.id)}$`));
  await expect(page.getByText("Booking cancelled. Deposit refunded").first()).toBeVisible();
  const deposit = page.getByRole("region", { name: "Deposit and payment" });
  await expect(deposit).toContainText("Deposit refunded");
  await expect(deposit).toContainText("Rita Refunder");
  expect(await storedBooking(booking.id)).toMatchObject({ status: "cancelled", deposit_status: "refunded" });
  const refunds = stripeRefundsFor(paid.stripe_payment_intent_id!);
  expect(refunds).toEqual([{ id: expect.stringMatching(/^re_/), amount: 5000, status: "succeeded" }]);
  await expect(deposit).toContainText(refunds[0]!.id);
});

test("the booking's page, its edit form and its cancellation step fit a 360px phone and pass axe", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const admin = await createTestUser({ fullName: "Pia Phone", admin: true });
  const customer = await createTestUser({ fullName: "Sam Small" });
  const booking = await createBooking(customer, { full_name: "Sam Small", special_instructions: "A long note ".repeat(40) });
  // Its messages with a failed one: the provider's long answer and 'Send again'.
  await failedMessage(booking, `550 5.1.1 <${customer.email}>: Recipient address rejected: User unknown in virtual mailbox table`);

  const checks = async (where: string) => {
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
    // axe runs inside the page: with JavaScript only.
    if (test.info().project.use.javaScriptEnabled === false) return;
    expect(await seriousViolations(page, where)).toEqual([]);
  };
  await openAsAdmin(page, admin, detailsPath(booking.id));
  await expect(page.getByRole("button", { name: /^Send again/ })).toBeVisible();
  await checks("details");
  await page.goto(`${detailsPath(booking.id)}/edit`);
  await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
  await checks("edit");
  await page.goto(`${detailsPath(booking.id)}/cancel`);
  await expect(page.getByRole("button", { name: "Cancel Booking" })).toBeVisible();
  await checks("cancel");
});

test("an admin sends a failed message again from the messages page's failed ones", async ({ page }) => {
  const customer = await createTestUser({ fullName: "Fay Failed" });
  const admin = await createTestUser({ fullName: "Sam Sender", admin: true });
  const booking = await createBooking(customer, { status: "confirmed" });
  const refusal = "550 5.1.1 Recipient address rejected: mailbox unavailable";
  const messageId = await failedMessage(booking, refusal);

  await openAsAdmin(page, admin, "/admin/messages");
  await page.getByRole("navigation", { name: "Filter messages" }).getByRole("link", { name: "Failed only" }).click();
  await expect(page).toHaveURL(/\/admin\/messages\?status=failed$/);
  const row = page.getByRole("listitem").filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Failed: ${refusal}`);
  await expect(row.getByRole("link", { name: `Booking ${booking.id.slice(0, 8)}` })).toBeVisible();

  await row.getByRole("button", { name: /^Send again/ }).click();
  await expect(page.getByText("Message queued").first()).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/messages\?status=failed$/);

  // Queued again at once; the server's sender may already have sent it.
  const client = await getServiceClient();
  const stored = async () => (await client.from("message_outbox").select("status").eq("id", messageId).single()).data?.status as string;
  expect(["queued", "sending", "sent"]).toContain(await stored());
  await page.getByRole("navigation", { name: "Filter messages" }).getByRole("link", { name: "All" }).click();
  const again = page.getByRole("listitem").filter({ hasText: customer.email });
  await expect(again).toContainText(/Queued|Sending|Sent/);
  await expect(again).not.toContainText("Failed");
});
