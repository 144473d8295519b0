import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInThroughDialog } from "./support/auth-ui.ts";
import { createTestUser } from "./support/backend.ts";

// axe runs inside the page, so this check needs JavaScript; the markup it audits is the server's.
const PAGES = ["/", "/no-such-page", "/?auth=login", "/?auth=signup", "/?auth=forgot", "/reset-password?token_hash=abc&type=recovery"];

for (const path of PAGES) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
  });
}

test("signed-in pages have no serious or critical accessibility violations", async ({ page }) => {
  const user = await createTestUser({ fullName: "Ally Access" });
  await signInThroughDialog(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ["/dashboard", "/admin"]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${path} ${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
  }
});
