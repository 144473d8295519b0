import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

// axe runs inside the page, so this check needs JavaScript; the markup it audits is the server's.
const PAGES = ["/", "/no-such-page"];

for (const path of PAGES) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
  });
}
