import { expect, test, type Page } from "@playwright/test";
import { expectSignedInDashboard } from "./support/auth-ui.ts";
import { latestEmailTo } from "./support/backend.ts";
import { ownServer } from "./support/own-server.ts";

// The sign-up confirmation page names the address it confirms, and never replaces a signed-in
// visitor's session with the account of someone else's link (a login CSRF: the visitor would go on
// booking inside a stranger's account). Runs with JavaScript on and off: every step is a plain form.

let people = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${people++}@example.com`;

test.describe("with email confirmations on, as on a hosted project", () => {
  const server = ownServer("confirmation-page", { EMBEDDED_EMAIL_CONFIRMATIONS: "1" });

  /** Someone's sign-up, posted as the dialog's form posts it; the confirmation link emailed for it. */
  async function signUpElsewhere(page: Page, email: string): Promise<URL> {
    const answer = await page.request.post(`${server().base}/?index`, {
      form: { intent: "signup", fullName: "Mallory Other", email, password: "Attacker2026", confirmPassword: "Attacker2026" },
      headers: { Origin: server().base },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    await expect.poll(() => latestEmailTo(email, server().dataDir)?.link).toBeTruthy();
    return new URL(latestEmailTo(email, server().dataDir)!.link);
  }

  test("a signed-in customer who opens someone else's confirmation link is asked to sign out first and stays in their own account", async ({ page }) => {
    const customer = { email: uniqueEmail("vera"), password: "Customer2026" };
    const admin = await server().serviceClient();
    const created = await admin.auth.admin.createUser({ ...customer, email_confirm: true, user_metadata: { full_name: "Vera Victim" } });
    expect(created.error).toBeNull();
    const attacker = uniqueEmail("mallory");
    const link = await signUpElsewhere(page, attacker);

    // Signed in through the login form's post (the dialog is not what this test is about).
    const signedIn = await page.request.post(`${server().base}/?index`, {
      form: { intent: "login", ...customer, redirectTo: "" },
      headers: { Origin: server().base },
      maxRedirects: 0,
    });
    expect(signedIn.status()).toBe(302);
    await page.goto(`${server().base}/dashboard`);
    await expectSignedInDashboard(page, "Vera");

    await page.goto(`${server().base}${link.pathname}${link.search}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
    await expect(main).toContainText(`You are signed in as ${customer.email}`);
    await expect(main).toContainText(attacker);
    await expect(main.getByRole("button", { name: "Confirm my email" })).toHaveCount(0);

    // The confirmation's post itself refuses while a session is open, and changes nothing.
    const crafted = await page.request.post(`${server().base}/auth/confirm`, {
      form: { intent: "confirm-email", tokenHash: link.searchParams.get("token_hash")!, type: "signup" },
      headers: { Origin: server().base },
      maxRedirects: 0,
    });
    expect(crafted.status()).toBe(409);
    await page.goto(`${server().base}/dashboard`);
    await expectSignedInDashboard(page, "Vera");

    // Signing out from the page comes back to it, which now offers to confirm the address it names.
    await page.goto(`${server().base}${link.pathname}${link.search}`);
    await main.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${server().base}${link.pathname}${link.search}`);
    await expect(main).toContainText(`This link confirms ${attacker}`);
    await main.getByRole("button", { name: "Confirm my email" }).click();
    await expect(page).toHaveURL(`${server().base}/dashboard`);
    await expect(page.getByText(`You are signed in as ${attacker}.`)).toBeVisible();
  });
});
