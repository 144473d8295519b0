import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { spawnServer } from "./support/spawn-server.ts";
import { completeStepsToReview, payButton } from "./support/wizard.ts";

// The booking is saved before the customer is sent to Stripe: it outlives a failed checkout and a
// server killed outright (SIGKILL) right after.
test("a booking saved before its checkout survives a failed checkout and a SIGKILL", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "one server start checks this; the page works the same without JavaScript");
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "movers-durable-"));
  // A Stripe account that cannot be reached (no network here): creating the session fails.
  const stripeUnreachable = { STRIPE_SECRET_KEY: "sk_test_unreachable000000000000", STRIPE_WEBHOOK_SECRET: "whsec_unreachable000000000000" };
  try {
    const first = await spawnServer({ dataDir, env: stripeUnreachable });
    const email = `durable-${Date.now().toString(36)}@example.com`;
    await completeStepsToReview(page, { name: "Dora Durable", email, phone: "(404) 555-0199" }, first.base);
    await payButton(page).click();
    await expect(page.getByRole("alert")).toContainText("Payment Error");
    await expect(page.getByRole("alert")).toContainText("Payment processing failed. Please try again.");

    first.process.kill("SIGKILL");
    await new Promise((resolve) => first.process.once("exit", resolve));

    const second = await spawnServer({ dataDir, env: stripeUnreachable });
    try {
      const client = await second.serviceClient();
      const { data, error } = await client.from("bookings").select("full_name, status, deposit_status, estimated_cost_cents").eq("email", email);
      expect(error).toBeNull();
      expect(data).toEqual([{ full_name: "Dora Durable", status: "pending", deposit_status: "unpaid", estimated_cost_cents: 100_000 }]);
    } finally {
      second.process.kill("SIGTERM");
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
