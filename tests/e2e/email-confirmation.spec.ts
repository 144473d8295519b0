import { expect, test, type BrowserContext } from "@playwright/test";
import { authDialog, expectSignedInDashboard, submitSignIn, submitSignUp } from "./support/auth-ui.ts";
import { latestEmailTo } from "./support/backend.ts";
import { ownServer } from "./support/own-server.ts";

// Sign-up both ways a Supabase project may be set: with email confirmations off (supabase/config.toml,
// the CLI's default) the account is signed in at once; with them on (a hosted project's default) it
// waits for the emailed link. Runs with JavaScript on and off: every step is a plain form post underneath.

let people = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${people++}@example.com`;

const NOT_CONFIRMED = "Please confirm your email first: we sent you a link when you signed up.";
const RESENT = "If that address needs confirming, we sent a new link.";

async function hasSession(context: BrowserContext): Promise<boolean> {
  return (await context.cookies()).some((cookie) => /-auth-token(\.\d+)?$/.test(cookie.name));
}

test("with confirmations off, as the project's supabase/config.toml has them, sign-up signs in at once and sends no email", async ({ page, context }) => {
  const email = uniqueEmail("no-confirm");
  await page.goto("/?auth=signup");
  await submitSignUp(page, { name: "Otto Off", email, password: "Instant2026" });
  await expectSignedInDashboard(page, "Otto");
  expect(await hasSession(context)).toBe(true);
  expect(latestEmailTo(email)).toBeUndefined();
});

test.describe("with email confirmations on, as on a hosted project", () => {
  const server = ownServer("confirmation", { EMBEDDED_EMAIL_CONFIRMATIONS: "1" });

  test("sign-up waits for the email; signing in first says so and sends a new link on request; the link confirms and signs in", async ({ page, context }) => {
    const email = uniqueEmail("confirm");
    await page.goto(`${server().base}/?auth=signup`);
    await submitSignUp(page, { name: "Cora Confirm", email, password: "Confirm2026" });

    await expect(page.getByText("Check your email to confirm your account")).toBeVisible();
    await expect(authDialog(page).getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(authDialog(page).getByLabel("Email")).toHaveValue(email);
    expect(await hasSession(context)).toBe(false);
    await expect.poll(() => latestEmailTo(email, server().dataDir)?.link).toBeTruthy();
    const first = latestEmailTo(email, server().dataDir)!;
    expect(first.type).toBe("signup");
    expect(first.link).toMatch(new RegExp(`^${server().base}/auth/confirm\\?token_hash=[0-9a-f]+&type=signup$`));

    // Before confirming, the right password gets a plain answer and a way to a new link.
    await submitSignIn(page, { email, password: "Confirm2026" });
    await expect(authDialog(page).getByRole("alert")).toContainText(NOT_CONFIRMED);
    expect(await hasSession(context)).toBe(false);
    await authDialog(page).getByRole("button", { name: "Send a new link" }).click();
    await expect(page.getByText(RESENT)).toBeVisible();
    await expect(authDialog(page).getByLabel("Email")).toHaveValue(email);
    await expect.poll(() => latestEmailTo(email, server().dataDir)?.link).not.toBe(first.link);
    const second = latestEmailTo(email, server().dataDir)!;
    expect(second.link).toMatch(new RegExp(`^${server().base}/auth/confirm\\?token_hash=[0-9a-f]+&type=signup$`));

    // Opening the link spends nothing; its button confirms the address and signs the customer in.
    const link = new URL(second.link);
    await page.goto(`${server().base}${link.pathname}${link.search}`);
    await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
    expect(await hasSession(context)).toBe(false);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await expect(page).toHaveURL(`${server().base}/dashboard`);
    await expect(page.getByRole("heading", { name: "Hi, Cora!" })).toBeVisible();
    await expect(page.getByText("Email confirmed")).toBeVisible();
    expect(await hasSession(context)).toBe(true);

    // The first link was replaced by the second: it confirms nothing any more, which the page says at once.
    const older = new URL(first.link);
    await page.goto(`${server().base}${older.pathname}${older.search}`);
    await expect(page.getByRole("alert")).toContainText("This confirmation link is invalid or has expired.");
    await expect(page.getByRole("button", { name: "Confirm my email" })).toHaveCount(0);
  });

  test("a new link is answered the same whether or not the address has an account to confirm", async ({ page }) => {
    const unconfirmed = uniqueEmail("resend-unconfirmed");
    const unknown = uniqueEmail("resend-unknown");
    await page.goto(`${server().base}/?auth=signup`);
    await submitSignUp(page, { name: "Una Unconfirmed", email: unconfirmed, password: "Confirm2026" });
    await expect(page.getByText("Check your email to confirm your account")).toBeVisible();
    await expect.poll(() => latestEmailTo(unconfirmed, server().dataDir)?.link).toBeTruthy();
    const signUpLink = latestEmailTo(unconfirmed, server().dataDir)!.link;

    // As the login view's form posts it (a crafted post for the unknown address: the form shows only after a right password).
    const answers = [];
    for (const email of [unknown, unconfirmed]) {
      const response = await page.request.post(`${server().base}/?index`, {
        form: { intent: "resend-confirmation", email, redirectTo: "" },
        headers: { Origin: server().base },
        maxRedirects: 0,
      });
      answers.push({ status: response.status(), location: response.headers().location?.replace(encodeURIComponent(email), "EMAIL") });
      await page.goto(`${server().base}${response.headers().location}`);
      await expect(page.getByText(RESENT)).toBeVisible();
      await expect(authDialog(page).getByLabel("Email")).toHaveValue(email);
    }
    expect(answers[0]).toEqual({ status: 302, location: "/?auth=login&email=EMAIL" });
    expect(answers[1]).toEqual(answers[0]);
    await expect.poll(() => latestEmailTo(unconfirmed, server().dataDir)?.link).not.toBe(signUpLink);
    expect(latestEmailTo(unknown, server().dataDir)).toBeUndefined();
  });
});
