import { expect, test } from "@playwright/test";
import { readCaughtMessages } from "../../emulators/mail/testing/index.ts";
import { seriousViolations } from "./support/accessibility.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient, manageLinkOf } from "./support/backend.ts";
import { E2E_DATA_DIR } from "./support/environment.ts";
import { payOnCheckout } from "./support/wizard.ts";

// After the move, with JavaScript on and off: the office completes it with its bill, the guest opens
// the link of their emails, pays the balance with a 15% tip for the crew on Checkout, and comes back
// to the booking, whose payments list the balance and the tip; the receipt page and the receipt email
// state both.

async function storedPayments(bookingId: string) {
  const client = await getServiceClient();
  const { data, error } = await client.from("bill_payments").select("status, balance_cents, tip_cents").eq("booking_id", bookingId);
  if (error) throw error;
  return data;
}

test("the office bills a move, and the guest pays the balance with a 15% tip from the link of their emails; the receipt shows both", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Bill Admin", admin: true });
  const email = `payer.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const guest = { id: null as unknown as string, email, fullName: "Paula Payer" };
  const booking = await createBooking(guest, { status: "confirmed", deposit_status: "paid", deposit_paid_at: new Date().toISOString(), moving_time: "10:00" });

  // The office: six hours and twenty minutes, billed as six and a half: $1,075, $1,025 after the deposit.
  await signInDirectly(page, admin, `/admin/bookings/${booking.id}/bill`);
  await page.getByLabel("Crew finished").fill("16:20");
  await page.getByRole("button", { name: "Complete the move" }).click();
  await expect(page.getByRole("table", { name: "The bill as kept" }).getByRole("row", { name: "Total" })).toContainText("$1,075");
  const client = await getServiceClient();
  const queued = await client.from("message_outbox").select("recipient").eq("booking_id", booking.id).eq("kind", "bill_ready");
  expect(queued.data).toEqual([{ recipient: email }]);

  // The guest, signed out, with the link the bill's email carries.
  await page.context().clearCookies();
  await page.goto(manageLinkOf({ id: booking.id, email }));
  const bill = page.getByRole("region", { name: "Your final bill" });
  await expect(bill.getByRole("table", { name: "What your move came to" }).getByRole("row", { name: "Total" })).toContainText("$1,075");
  const pay = page.getByRole("region", { name: "Pay the balance" });
  await expect(pay).toContainText("Left to pay: $1,025");
  await pay.getByLabel("15% ($161.25)").check();
  // With JavaScript the button says what will be charged, tip included.
  const javaScript = test.info().project.use.javaScriptEnabled !== false;
  if (javaScript) await expect(pay.getByRole("button", { name: "Pay $1,186.25" })).toBeVisible();
  // axe runs inside the page: with JavaScript only.
  if (javaScript) expect(await seriousViolations(page, "the balance's payment form")).toEqual([]);
  await pay.getByRole("button", { name: /^Pay/ }).click();

  await payOnCheckout(page, "4242 4242 4242 4242", "$1,186.25");
  // The toast stands at the foot of the screen, over the payments' corner: read, then closed, as a
  // customer would before reaching for the receipt beneath it.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Payment received" });
  if (javaScript) {
    await expect(toast).toContainText("Thank you: $1,186.25 paid.");
    await toast.getByRole("button", { name: "Close toast" }).click();
    await expect(toast).toHaveCount(0);
  } else {
    await expect(page.getByRole("status").filter({ hasText: "Payment received" })).toContainText("Thank you: $1,186.25 paid.");
  }
  expect(await storedPayments(booking.id)).toEqual([{ status: "paid", balance_cents: 102_500, tip_cents: 16_125 }]);
  await expect(page.getByRole("region", { name: "Pay the balance" })).toHaveCount(0);

  const payments = page.getByRole("region", { name: "Payments and refunds" });
  await expect(payments).toContainText("Deposit paid");
  await expect(payments).toContainText("Balance of the final bill $1,025, Tip for the crew $161.25");
  await payments.getByRole("link", { name: /^Receipt for balance paid/ }).click();
  const receipt = page.getByRole("article", { name: "Receipt" });
  await expect(receipt.getByRole("row", { name: "Balance of the final bill" })).toContainText("$1,025");
  await expect(receipt.getByRole("row", { name: "Tip for the crew" })).toContainText("$161.25");
  await expect(receipt.getByRole("row", { name: "Total paid" })).toContainText("$1,186.25");
  if (javaScript) expect(await seriousViolations(page, "a receipt")).toEqual([]);

  // The receipt email goes at once, the tip apart.
  const receipts = () =>
    readCaughtMessages(E2E_DATA_DIR).filter((message) => message.envelope.to.includes(email) && message.subject.includes("receipt for $1,186.25"));
  await expect.poll(() => receipts().length, { timeout: 20_000 }).toBe(1);
  expect(receipts()[0]!.text).toMatch(/Tip for the crew:? \$161\.25/);
});
