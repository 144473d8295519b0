import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/accessibility.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient } from "./support/backend.ts";

// The office completes a move with its final bill, with JavaScript on and off: from the booking's
// page, the crew's times (a wrong end refused beside its field, nothing kept), an extra mover and a
// discount, the bill previewed line by line, then kept; the booking is completed at its total.

async function stored(bookingId: string) {
  const client = await getServiceClient();
  const [booking, bills] = await Promise.all([
    client.from("bookings").select("status, final_cost_cents").eq("id", bookingId).single(),
    client.from("booking_bills").select("total_cents, balance_cents, discount_reason, billed_by").eq("booking_id", bookingId),
  ]);
  if (booking.error) throw booking.error;
  if (bills.error) throw bills.error;
  return { booking: booking.data, bills: bills.data };
}

test("an admin completes a paid move with its bill: previewed line by line, kept once, the move completed at its total", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Bill Admin", admin: true });
  const customer = await createTestUser({ fullName: "Carl Completed" });
  const booking = await createBooking(customer, {
    status: "confirmed",
    deposit_status: "paid",
    deposit_paid_at: new Date().toISOString(),
    moving_time: "10:00",
  });
  await signInDirectly(page, admin, `/admin/bookings/${booking.id}`);
  await page.getByRole("link", { name: "Final Bill" }).click();
  await expect(page.getByRole("heading", { name: `Final bill of booking ${booking.id.slice(0, 8)}` })).toBeVisible();
  // The booked start is filled in.
  await expect(page.getByLabel("Crew started")).toHaveValue("10:00");

  // An end before the start: said beside it, nothing kept.
  await page.getByLabel("Crew finished").fill("09:00");
  await page.getByRole("button", { name: "Complete the move" }).click();
  await expect(page.getByText("The end must be after the start.")).toBeVisible();
  await expect(page.getByLabel("Crew finished")).toHaveAttribute("aria-invalid", "true");
  expect((await stored(booking.id)).bills).toEqual([]);

  // Six hours and twenty minutes, billed as six and a half; an extra mover; $10 off.
  await page.getByLabel("Crew finished").fill("16:20");
  await page.getByLabel("Extra movers", { exact: true }).fill("1");
  await page.getByLabel("Discount (dollars)").fill("10");
  await page.getByLabel("Reason for the discount").fill("Late start");
  const preview = page.getByRole("table", { name: "The bill as it will be kept" });
  // With JavaScript the bill follows the fields as they are typed, before any post.
  if (test.info().project.use.javaScriptEnabled !== false) await expect(preview.getByRole("row", { name: "Total" })).toContainText("$1,100");
  await page.getByRole("button", { name: "Preview the bill" }).click();
  await expect(preview.getByRole("row", { name: /Moving team, 6 h 30 min/ })).toContainText("$975");
  await expect(preview.getByRole("row", { name: /Extra movers × 1/ })).toContainText("$35");
  await expect(preview.getByRole("row", { name: "Discount: Late start" })).toContainText("$10");
  await expect(preview.getByRole("row", { name: "Total" })).toContainText("$1,100");
  await expect(preview.getByRole("row", { name: "Balance due" })).toContainText("$1,050");
  // Previewing keeps nothing.
  expect((await stored(booking.id)).bills).toEqual([]);
  // axe runs inside the page: with JavaScript only.
  if (test.info().project.use.javaScriptEnabled !== false) expect(await seriousViolations(page, "the final bill's form")).toEqual([]);

  await page.getByRole("button", { name: "Complete the move" }).click();
  const kept = page.getByRole("table", { name: "The bill as kept" });
  await expect(kept.getByRole("row", { name: "Total" })).toContainText("$1,100");
  await expect(page.getByText("The bill of $1,100 is kept with the booking.")).toBeVisible();
  expect(await stored(booking.id)).toEqual({
    booking: { status: "completed", final_cost_cents: 110_000 },
    bills: [{ total_cents: 110_000, balance_cents: 105_000, discount_reason: "Late start", billed_by: admin.id }],
  });
  // The form is gone: a kept bill is not billed again.
  await expect(page.getByRole("button", { name: "Complete the move" })).toHaveCount(0);
});

test("a customer sees their move's bill above the estimate, and approves it once", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Bill Admin", admin: true });
  const customer = await createTestUser({ fullName: "Ada Approver" });
  // $1,075 against an $800 estimate: more than 10% above.
  const booking = await createBooking(customer, {
    status: "confirmed",
    deposit_status: "paid",
    deposit_paid_at: new Date().toISOString(),
    moving_time: "10:00",
    estimated_cost_cents: 80_000,
  });
  await signInDirectly(page, admin, `/admin/bookings/${booking.id}/bill`);
  await page.getByLabel("Crew finished").fill("16:20");
  await page.getByRole("button", { name: "Complete the move" }).click();
  await expect(page.getByRole("table", { name: "The bill as kept" })).toBeVisible();
  await expect(page.getByText("waiting for the customer's approval")).toBeVisible();

  await page.context().clearCookies();
  await signInDirectly(page, customer, `/dashboard/bookings/${booking.id}`);
  const bill = page.getByRole("region", { name: "Your final bill" });
  await expect(bill.getByRole("table", { name: "What your move came to" }).getByRole("row", { name: "Total" })).toContainText("$1,075");
  await expect(bill).toContainText("This bill is more than 10% above the estimate you accepted ($800)");
  await bill.getByRole("button", { name: "Approve the bill" }).click();
  await expect(bill).toContainText("You approved this bill on");
  await expect(bill.getByRole("button", { name: "Approve the bill" })).toHaveCount(0);
  const client = await getServiceClient();
  const { data, error } = await client.from("booking_bills").select("approved_at").eq("booking_id", booking.id).single();
  if (error) throw error;
  expect(data.approved_at).not.toBeNull();
});
