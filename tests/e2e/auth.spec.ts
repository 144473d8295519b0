import { expect, test, type BrowserContext } from "@playwright/test";
import { createTestUser, latestEmailTo } from "./support/backend.ts";
import { accountMenuItem, authDialog, expectSignedInDashboard, openAccountMenu, signInDirectly, signInThroughDialog } from "./support/auth-ui.ts";
import { E2E_ADMIN } from "./support/environment.ts";

// Runs with JavaScript on and off: every step is a plain form post or link underneath.

/** When the access token in the session cookie expires, in seconds since the epoch (the cookie may come in chunks). */
async function sessionExpiry(context: BrowserContext): Promise<number> {
  const chunks = (await context.cookies())
    .filter((cookie) => /-auth-token(\.\d+)?$/.test(cookie.name))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }));
  const value = chunks.map((cookie) => cookie.value).join("");
  const session = JSON.parse(Buffer.from(value.replace(/^base64-/, ""), "base64url").toString("utf8")) as { expires_at: number };
  return session.expires_at;
}

test.describe("sign up", () => {
  test("names every problem with the form", async ({ page }) => {
    await page.goto("/?auth=signup");
    const dialog = authDialog(page);
    await expect(dialog.getByRole("heading", { name: "Create your account" })).toBeVisible();

    await dialog.getByRole("button", { name: "Sign Up" }).click();
    // Each field carries its own message (the alert lists them all as well).
    await expect(dialog.getByLabel("Full name")).toHaveAccessibleDescription("Full name is required");
    await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription("Email address is required");
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/Password is required/);
    await expect(dialog.getByRole("alert")).toContainText("Full name is required");

    await dialog.getByLabel("Full name").fill("Ada Lovelace");
    await dialog.getByLabel("Email").fill("ada@example");
    await dialog.getByLabel("Password", { exact: true }).fill("short1A");
    await dialog.getByLabel("Confirm password").fill("short1A");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Invalid Email");
    await expect(dialog.getByText("Please enter a valid email address").first()).toBeVisible();
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/Password must be at least 8 characters long/);

    await dialog.getByLabel("Email").fill("ada@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("alllowercase1");
    await dialog.getByLabel("Confirm password").fill("alllowercase1");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      /Password must contain at least one uppercase letter, one lowercase letter, and one number/,
    );

    await dialog.getByLabel("Password", { exact: true }).fill("Secret123");
    await dialog.getByLabel("Confirm password").fill("Secret124");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Passwords don't match");
    await expect(dialog.getByRole("alert")).toContainText("Please ensure both passwords are the same.");
    // What was typed is kept (passwords excepted).
    await expect(dialog.getByLabel("Full name")).toHaveValue("Ada Lovelace");
    await expect(dialog.getByLabel("Email")).toHaveValue("ada@example.com");
  });

  test("creates the account and signs the customer in at once, on the dashboard", async ({ page }) => {
    const email = `new-${Date.now().toString(36)}@example.com`;
    await page.goto("/?auth=signup");
    const dialog = authDialog(page);
    await dialog.getByLabel("Full name").fill("Grace Hopper");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("Compiler1952");
    await dialog.getByLabel("Confirm password").fill("Compiler1952");
    await dialog.getByRole("button", { name: "Sign Up" }).click();

    // No password typed twice: the new account is signed in and greeted, not welcomed "back".
    await expectSignedInDashboard(page, "Grace");
    await expect(page.getByText("Welcome to Metro Movers, Grace!")).toBeVisible();
    await expect(page.getByText(/welcome back/i)).toHaveCount(0);
    await page.reload();
    await expectSignedInDashboard(page, "Grace");
  });

  test("says plainly when the email already has an account", async ({ page }) => {
    const existing = await createTestUser();
    await page.goto("/?auth=signup");
    const dialog = authDialog(page);
    await dialog.getByLabel("Full name").fill("Someone Else");
    await dialog.getByLabel("Email").fill(existing.email);
    await dialog.getByLabel("Password", { exact: true }).fill("Another123");
    await dialog.getByLabel("Confirm password").fill("Another123");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Signup Failed");
    await expect(dialog.getByRole("alert")).toContainText("An account with this email already exists");
  });
});

test.describe("sign in", () => {
  test("a wrong password says Login Failed with the server's reason", async ({ page }) => {
    const user = await createTestUser();
    await signInThroughDialog(page, { email: user.email, password: "Wrong-pass1" });
    await expect(authDialog(page).getByRole("alert")).toContainText("Login Failed");
    await expect(authDialog(page).getByRole("alert")).toContainText("Invalid login credentials");
    await expect(authDialog(page).getByLabel("Email")).toHaveValue(user.email);
  });

  test("a customer lands on the dashboard and / sends them back there", async ({ page }) => {
    const user = await createTestUser({ fullName: "Dana Scully" });
    await signInThroughDialog(page, user);
    await expectSignedInDashboard(page, "Dana");
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an admin lands on the admin dashboard and / sends them back there", async ({ page }) => {
    await signInThroughDialog(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await page.goto("/");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a signed-out visitor of /dashboard signs in and returns to /dashboard", async ({ page }) => {
    const user = await createTestUser({ fullName: "Fox Mulder" });
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/\?auth=login&redirectTo=%2Fdashboard$/);
    const dialog = authDialog(page);
    await dialog.getByLabel("Email").fill(user.email);
    await dialog.getByLabel("Password").fill(user.password);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expectSignedInDashboard(page, "Fox");
  });

  test("an expired access token is refreshed without signing the user out", async ({ page, context }) => {
    const user = await createTestUser({ fullName: "Rip Van" });
    await signInThroughDialog(page, user);
    await expectSignedInDashboard(page, "Rip");
    const before = (await context.cookies()).find((cookie) => cookie.name.endsWith("-auth-token"))?.value;
    expect(before).toBeTruthy();

    // The end-to-end server issues 3-second access tokens: wait until the one in the cookie has expired.
    const expiresAt = await sessionExpiry(context);
    await expect.poll(() => Date.now() / 1000, { timeout: 10_000 }).toBeGreaterThan(expiresAt);
    await page.reload();
    await expectSignedInDashboard(page, "Rip");
    const after = (await context.cookies()).find((cookie) => cookie.name.endsWith("-auth-token"));
    expect(after?.value).not.toBe(before);
    expect(after?.httpOnly).toBe(true);
    expect(after?.sameSite).toBe("Lax");
  });
});

test.describe("roles", () => {
  test("a customer opening /admin sees Access Denied", async ({ page }) => {
    const user = await createTestUser();
    await signInDirectly(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
    await expect(page.getByText("Please contact support if you believe this is an error.")).toBeVisible();
  });

  test("the account menu lists the user's links, Admin Dashboard for admins only", async ({ page }) => {
    const user = await createTestUser({ fullName: "Mia Wallace" });
    await signInDirectly(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openAccountMenu(page, "Mia Wallace");
    await expect(page.getByText(user.email).last()).toBeVisible();
    await expect(accountMenuItem(page, "My Bookings")).toBeVisible();
    await expect(accountMenuItem(page, "Profile")).toBeVisible();
    await expect(accountMenuItem(page, "Sign out")).toBeVisible();
    await expect(page.getByText("Admin Dashboard")).toHaveCount(0);

    // Each link leads where it says: Profile to the profile, My Bookings back to the dashboard.
    const menuLink = (name: string) => accountMenuItem(page, name);
    await menuLink("Profile").click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByLabel("Full name")).toHaveValue("Mia Wallace");
    await openAccountMenu(page, "Mia Wallace");
    await menuLink("My Bookings").click();
    await expectSignedInDashboard(page, "Mia");

    const admin = await createTestUser({ fullName: "Vincent Vega", admin: true });
    await page.context().clearCookies();
    await signInDirectly(page, admin, "/admin");
    await expect(page).toHaveURL(/\/admin$/);
    // The admin area has its own frame; 'Back to Website' shows the landing page with the account menu.
    await page.getByRole("link", { name: "Back to Website" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/\?website$/);
    await openAccountMenu(page, "Vincent Vega");
    await expect(accountMenuItem(page, "Admin Dashboard")).toBeVisible();
  });
});

test.describe("sign out", () => {
  test("ends the session and returns to the landing page", async ({ page }) => {
    const user = await createTestUser({ fullName: "Jules Winnfield" });
    await signInDirectly(page, user);
    await expectSignedInDashboard(page, "Jules");
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/auth=login/);
  });

  test("a cross-site POST with the user's cookie changes nothing", async ({ page }) => {
    const user = await createTestUser({ fullName: "Marsellus Wallace" });
    await signInDirectly(page, user);
    await expectSignedInDashboard(page, "Marsellus");
    const forged = await page.request.post("/logout", {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      form: {},
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    await page.reload();
    await expectSignedInDashboard(page, "Marsellus");
  });

  test("signing out never happens on GET", async ({ page }) => {
    const user = await createTestUser({ fullName: "Butch Coolidge" });
    await signInDirectly(page, user);
    await expectSignedInDashboard(page, "Butch");
    await page.goto("/logout");
    await page.goto("/dashboard");
    await expectSignedInDashboard(page, "Butch");
  });
});

test.describe("password reset", () => {
  test("the emailed link lets the user choose a new password and signs them in", async ({ page }) => {
    const user = await createTestUser({ fullName: "Marty McFly" });
    await page.goto("/?auth=login");
    await authDialog(page).getByRole("link", { name: "Forgot password?" }).click();
    const dialog = authDialog(page);
    await expect(dialog.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await dialog.getByLabel("Email").fill(user.email);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Check your email")).toBeVisible();

    await expect.poll(() => latestEmailTo(user.email)?.link).toBeTruthy();
    const link = new URL(latestEmailTo(user.email)!.link);
    expect(link.pathname).toBe("/reset-password");
    await page.goto(`${link.pathname}${link.search}`);

    await page.getByLabel("New password", { exact: true }).fill("Flux1985Cap");
    await page.getByLabel("Confirm new password").fill("Flux1985Cab");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();

    await page.getByLabel("New password", { exact: true }).fill("Flux1985Cap");
    await page.getByLabel("Confirm new password").fill("Flux1985Cap");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expectSignedInDashboard(page, "Marty");
    await expect(page.getByText("Password updated")).toBeVisible();

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    // Wait for the sign-out to land before opening the login view, or the old session would still hold.
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    await signInThroughDialog(page, { email: user.email, password: "Flux1985Cap" });
    await expectSignedInDashboard(page, "Marty");
  });

  test("answers the same for an address with no account, and a used link is refused", async ({ page }) => {
    const user = await createTestUser({ fullName: "Doc Brown" });
    const nobody = `nobody-${Date.now().toString(36)}@example.com`;
    const requestReset = async (email: string) => {
      await page.goto("/?auth=forgot");
      await authDialog(page).getByLabel("Email").fill(email);
      await authDialog(page).getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByText("Check your email")).toBeVisible();
    };
    // The address without an account first, then one with: once the second one's email has arrived,
    // the first would have had its own by then.
    await requestReset(nobody);
    await requestReset(user.email);
    await expect.poll(() => latestEmailTo(user.email)?.link).toBeTruthy();
    expect(latestEmailTo(nobody)).toBeUndefined();

    // The link works once…
    const link = new URL(latestEmailTo(user.email)!.link);
    const choosePassword = async (password: string) => {
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByLabel("New password", { exact: true }).fill(password);
      await page.getByLabel("Confirm new password").fill(password);
      await page.getByRole("button", { name: "Save new password" }).click();
    };
    await choosePassword("Delorean88Mph");
    await expectSignedInDashboard(page, "Doc");
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

    // …and the same link again is refused, and changes nothing.
    await choosePassword("Another1Try");
    await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired.");
    await signInThroughDialog(page, { email: user.email, password: "Delorean88Mph" });
    await expectSignedInDashboard(page, "Doc");
  });
});

test("a form post with an unknown intent is a 400, not a 500", async ({ request }) => {
  const response = await request.post("/?index", { form: { intent: "delete-everything" } });
  expect(response.status()).toBe(400);
});
