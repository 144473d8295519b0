import { expect, test } from "@playwright/test";
import { signInDirectly } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient } from "./support/backend.ts";
import { answerStepsToReview, expectStep, payButton, payOnCheckout } from "./support/wizard.ts";

// Two customers taking turns on one browser, with JavaScript on and off: the wizard's draft belongs
// to whoever started it, so the second never sees the first one's answers or pays for their booking.

async function bookingsOf(userId: string) {
  const client = await getServiceClient();
  const { data, error } = await client
    .from("bookings")
    .select("id, user_id, full_name, email, phone, deposit_status, stripe_checkout_session_id, updated_at")
    .eq("user_id", userId);
  if (error) throw error;
  return data;
}

test("after one customer leaves Checkout and signs out, the next starts an empty wizard and pays for their own booking", async ({ page }) => {
  // Two sign-ins, two wizards and a checkout: three times a single flow's allowance.
  test.slow();
  const ada = await createTestUser({ fullName: "Ada Alpha" });
  const ben = await createTestUser({ fullName: "Ben Beta" });

  await signInDirectly(page, ada);
  await expect(page).toHaveURL(/\/dashboard$/);
  await answerStepsToReview(page, { name: "Ada Alpha", email: ada.email, phone: "(404) 555-0101" });
  await payButton(page).click();
  await expect(page.getByRole("heading", { name: /Pay Metro Movers/ })).toBeVisible();
  await page.getByRole("link", { name: "← Back" }).click();
  await expect(page).toHaveURL(/\/payment-canceled$/);
  const adaBefore = await bookingsOf(ada.id);
  expect(adaBefore).toEqual([expect.objectContaining({ full_name: "Ada Alpha", deposit_status: "unpaid" })]);

  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInDirectly(page, ben);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/book/review");
  await expectStep(page, "Contact");
  await expect(page.getByLabel("Full name")).toHaveValue("Ben Beta");
  await expect(page.getByLabel("Email")).toHaveValue(ben.email);
  await expect(page.getByLabel("Phone")).toHaveValue("");

  await answerStepsToReview(page, { name: "Ben Beta", email: ben.email, phone: "(404) 555-0202" });
  await payButton(page).click();
  await payOnCheckout(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();

  expect(await bookingsOf(ben.id)).toEqual([
    expect.objectContaining({ full_name: "Ben Beta", email: ben.email, phone: "(404) 555-0202", deposit_status: "paid" }),
  ]);
  expect(await bookingsOf(ada.id)).toEqual(adaBefore);
});
