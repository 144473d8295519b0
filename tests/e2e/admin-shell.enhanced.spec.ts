import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/accessibility.ts";
import { postSignIn, signInDirectly } from "./support/auth-ui.ts";
import { ADMIN_PAGES, inParts } from "./support/admin-pages.ts";
import { createBooking, createTestUser, failedMessage } from "./support/backend.ts";
import { hydrated } from "./support/hydration.ts";

test("ctrl+b and cmd+b collapse and open the sidebar, and the choice outlives a reload", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
  await signInDirectly(page, admin, "/admin");
  const sidebar = page.getByRole("complementary");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  // The shortcut is the hydrated page's: the server's HTML already shows the state it would change.
  await hydrated(page);
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await hydrated(page);
  await page.keyboard.press("Meta+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
});

// One admin signed in once visits every page: each page whole with the sidebar open, then, collapsed
// on that page, the shell (sidebar and header): collapsing changes nothing else. Every page is audited
// before the findings are compared, so a failure names each page that has one. The pages are split
// in two tests: two audits for each page take a second or more each on two busy cores.
for (const pages of inParts(["/admin", ...ADMIN_PAGES], 2)) {
  test(`${pages[0]} to ${pages.at(-1)}: no serious or critical accessibility violations, the sidebar open and collapsed`, async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
    // The messages page with a row on it: its booking link and 'Send again'.
    await failedMessage(await createBooking(admin), "550 5.1.1 Recipient address rejected");
    await postSignIn(page, admin);
    const sidebar = page.getByRole("complementary");
    const violations: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await expect(sidebar).toHaveAttribute("data-state", "expanded");
      violations.push(...(await seriousViolations(page, `${path} (expanded)`)));
      await sidebar.getByRole("button", { name: "Collapse sidebar" }).click();
      await expect(sidebar).toHaveAttribute("data-state", "collapsed");
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      violations.push(...(await seriousViolations(page, `${path} (collapsed)`, { include: ["aside", "header"] })));
      // Open again for the next page.
      await sidebar.getByRole("button", { name: "Expand sidebar" }).click();
      await expect(sidebar).toHaveAttribute("data-state", "expanded");
    }
    expect(violations).toEqual([]);
  });
}

test.describe("on a 375px phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("the drawer's dialog code arrives on the first press, then it traps focus and Escape gives it back", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
    await signInDirectly(page, admin, "/admin");
    await hydrated(page);
    const trigger = page.getByRole("button", { name: "Open admin menu" });
    await expect(trigger).toBeVisible();
    // The page drew no dialog: none of its code came with it.
    expect(requested.filter((path) => path.includes("admin-drawer-dialog"))).toEqual([]);

    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Admin menu" });
    await expect(dialog).toBeVisible();
    expect(requested.filter((path) => path.includes("admin-drawer-dialog"))).not.toEqual([]);
    await expect(dialog.getByRole("button", { name: "Close menu" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Open admin menu" })).toBeFocused();

    // Open again at once, and a link in it closes it as it leads on.
    await page.getByRole("button", { name: "Open admin menu" }).tap();
    await dialog.getByRole("link", { name: /^Schedule/ }).tap();
    await expect(page).toHaveURL(/\/admin\/schedule$/);
    await expect(dialog).toBeHidden();
  });
});
