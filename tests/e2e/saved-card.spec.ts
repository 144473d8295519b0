import { expect, test } from "@playwright/test";
import { readCaughtMessages } from "../../emulators/mail/testing/index.ts";
import { seriousViolations } from "./support/accessibility.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient } from "./support/backend.ts";
import { E2E_DATA_DIR } from "./support/environment.ts";
import { answerStepsToReview, payButton, payOnCheckout } from "./support/wizard.ts";

// With JavaScript on and off: a guest ticks 'Save my card' on the review and pays the deposit; after
// the move the office completes it with its bill and charges the balance to that card with one click.
// The payment is stored as a charge to the saved card, and the customer is emailed its receipt.

async function bookingOf(email: string) {
  const client = await getServiceClient();
  const { data, error } = await client.from("bookings").select("id, moving_time").eq("email", email).single();
  if (error) throw error;
  return data;
}

async function storedCharge(bookingId: string) {
  const client = await getServiceClient();
  const [cards, payments] = await Promise.all([
    client.from("saved_cards").select("brand, last4").eq("booking_id", bookingId),
    client.from("bill_payments").select("status, method, balance_cents").eq("booking_id", bookingId),
  ]);
  if (cards.error) throw cards.error;
  if (payments.error) throw payments.error;
  return { cards: cards.data, payments: payments.data };
}

test("a guest saves their card with the deposit, and the office charges the balance to it in one click", async ({ page }) => {
  const email = `saver.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  await answerStepsToReview(page, { name: "Sam Saver", email, phone: "(404) 555-0177" });
  const box = page.getByRole("checkbox", { name: "Save my card to pay the balance after the move" });
  await expect(box).not.toBeChecked();
  await box.check();
  await payButton(page).click();
  // Checkout tells the customer the card is kept for later payments.
  await expect(page.getByText(/charge your card for future payments/)).toBeVisible();
  await payOnCheckout(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  const booking = await bookingOf(email);
  expect((await storedCharge(booking.id)).cards).toEqual([{ brand: "visa", last4: "4242" }]);

  // The office, after the move: two hours of an elite crew, $400, $350 after the deposit.
  const admin = await createTestUser({ fullName: "Charge Admin", admin: true });
  await page.context().clearCookies();
  await signInDirectly(page, admin, `/admin/bookings/${booking.id}/bill`);
  await page.getByLabel("Crew started").fill("10:00");
  await page.getByLabel("Crew finished").fill("12:00");
  await page.getByRole("button", { name: "Complete the move" }).click();
  const balance = page.getByRole("region", { name: "Balance" });
  await expect(balance).toContainText("Saved card: Visa ending in 4242");
  await balance.getByRole("button", { name: "Charge $350 to Visa ending in 4242" }).click();

  await expect(balance).toContainText("Left to pay: $0");
  await expect(balance).toContainText("$350 charged to the saved card");
  await expect(balance.getByRole("button", { name: /^Charge/ })).toHaveCount(0);
  // axe runs inside the page: with JavaScript only.
  if (test.info().project.use.javaScriptEnabled !== false) expect(await seriousViolations(page, "the bill's balance")).toEqual([]);
  expect((await storedCharge(booking.id)).payments).toEqual([{ status: "paid", method: "saved_card", balance_cents: 35_000 }]);
  const receipts = () =>
    readCaughtMessages(E2E_DATA_DIR).filter((message) => message.envelope.to.includes(email) && message.subject.includes("receipt for $350"));
  await expect.poll(() => receipts().length, { timeout: 20_000 }).toBe(1);
});
