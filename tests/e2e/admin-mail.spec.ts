import { expect, test } from "@playwright/test";
import { authDialog, signInDirectly } from "./support/auth-ui.ts";
import { createTestUser, latestEmailTo } from "./support/backend.ts";

// In embedded mode the server's mail lands in its own mail catcher, which admins read in the admin
// area: here the password-reset email a customer asks for through the website.

test("an admin opens a caught password-reset email from the sidebar's Mailbox link", async ({ page, browser }) => {
  const customer = await createTestUser({ fullName: "Rita Reset" });
  const admin = await createTestUser({ fullName: "Mail Admin", admin: true });

  const visitor = await browser.newPage();
  try {
    await visitor.goto("/?auth=forgot");
    await authDialog(visitor).getByLabel("Email").fill(customer.email);
    await authDialog(visitor).getByRole("button", { name: "Send reset link" }).click();
    await expect(visitor.getByText("Check your email")).toBeVisible();
  } finally {
    await visitor.close();
  }
  await expect.poll(() => latestEmailTo(customer.email)?.type).toBe("recovery");
  const link = latestEmailTo(customer.email)!.link;

  await signInDirectly(page, admin, "/admin");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: /^Mailbox/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: customer.email }).first();
  await expect(row).toContainText("Reset Your Password");
  await row.getByRole("link", { name: "Reset Your Password" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Reset Your Password" })).toBeVisible();
  await expect(page.getByText(customer.email)).toBeVisible();
  const text = page.locator("pre");
  await expect(text).toContainText(link);
  const html = page.frameLocator('iframe[title="HTML version"]');
  await expect(html.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await expect(html.getByRole("link", { name: "Reset Password" })).toHaveAttribute("href", link);
});
