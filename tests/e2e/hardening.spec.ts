import { expect, test } from "@playwright/test";
import { createTestUser, latestEmailTo } from "./support/backend.ts";
import { authDialog, expectSignedInDashboard, signInDirectly } from "./support/auth-ui.ts";

// Bad input gets a clear 4xx and a plain message, never a 500; signed-in pages are never cached.

test.describe("bodies a form action refuses", () => {
  test("a form body over the allowance is refused with 413 before it is read", async ({ request }) => {
    const response = await request.post("/?index", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: `intent=login&email=${"a".repeat(1024 * 1024)}%40example.com&password=x`,
    });
    expect(response.status()).toBe(413);
    const html = await response.text();
    expect(html).toContain("This form is larger than we accept.");
    expect(html.length).toBeLessThan(100_000);
  });

  test("JSON, plain text and a missing type get 415; broken multipart gets 400", async ({ request }) => {
    const json = await request.post("/?index", { headers: { "Content-Type": "application/json" }, data: '{"intent":"login"}' });
    expect(json.status()).toBe(415);
    const text = await request.post("/?index", { headers: { "Content-Type": "text/plain" }, data: "intent=login" });
    expect(text.status()).toBe(415);
    const untyped = await request.fetch("/?index", { method: "POST", data: Buffer.from("intent=login") });
    expect(untyped.status()).toBe(415);
    const multipart = await request.post("/?index", {
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      data: '--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlogin',
    });
    expect(multipart.status()).toBe(400);
    expect(await multipart.text()).toContain("This form could not be read.");
  });

  test("TRACE is refused with 405", async ({ request }) => {
    const response = await request.fetch("/", { method: "TRACE" });
    expect(response.status()).toBe(405);
  });

  test("a NUL byte in the name is refused next to the field", async ({ request }) => {
    const response = await request.post("/?auth=signup&index", {
      form: { intent: "signup", fullName: "Ada\u0000Lovelace", email: "ada-nul@example.com", password: "Secret123", confirmPassword: "Secret123" },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Full name can&#x27;t contain control characters</p>");
  });
});

test("a sign-in POST cannot redirect off the site", async ({ request }) => {
  const user = await createTestUser();
  for (const redirectTo of ["/.//evil.com", "/%2e%2e//evil.com"]) {
    const response = await request.post("/?index", {
      form: { intent: "login", email: user.email, password: user.password, redirectTo },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/dashboard");
  }
});

test("pages and data for a signed-in user are private and never stored", async ({ page }) => {
  const user = await createTestUser({ fullName: "Cache Less" });
  await signInDirectly(page, user);
  await expectSignedInDashboard(page, "Cache");
  for (const path of ["/dashboard", "/dashboard.data"]) {
    const response = await page.request.get(path);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
});

test.describe("error pages", () => {
  test("the 404 page has the site header and a right title", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Metro Movers" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found · Metro Movers");
  });

  test("Access Denied keeps the signed-in frame and says so in the tab", async ({ page }) => {
    const user = await createTestUser({ fullName: "Nosy Customer" });
    await signInDirectly(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page).toHaveTitle("Access Denied · Metro Movers");
    await expect(page.getByRole("banner").getByText("Account menu for Nosy Customer")).toBeAttached();
  });
});

test.describe("sign-up", () => {
  test("lists every problem in the alert, with the password rule under Password", async ({ page }) => {
    await page.goto("/?auth=signup");
    const dialog = authDialog(page);
    await dialog.getByLabel("Full name").fill("Ada Lovelace");
    await dialog.getByLabel("Email").fill("ada@example");
    await dialog.getByLabel("Password", { exact: true }).fill("short");
    await dialog.getByLabel("Confirm password").fill("other");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    const alert = dialog.getByRole("alert");
    await expect(alert).toContainText("Invalid Email");
    await expect(alert).toContainText("Please enter a valid email address");
    await expect(alert).toContainText("Password must be at least 8 characters long");
    await expect(alert).toContainText("Passwords don't match");
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/At least 8 characters/);
    await expect(dialog.getByLabel("Confirm password")).not.toHaveAccessibleDescription(/At least 8 characters/);
  });

  test("keeps where the visitor was going, and takes the new customer there signed in", async ({ page }) => {
    const email = `returning-${Date.now().toString(36)}@example.com`;
    await page.goto("/dashboard/profile");
    await expect(page).toHaveURL(/redirectTo=%2Fdashboard%2Fprofile$/);
    await authDialog(page).getByRole("link", { name: "Create an account" }).click();
    const dialog = authDialog(page);
    await dialog.getByLabel("Full name").fill("Dana Scully");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("Trust1993No");
    await dialog.getByLabel("Confirm password").fill("Trust1993No");
    await dialog.getByRole("button", { name: "Sign Up" }).click();

    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByRole("heading", { name: "Hi, Dana!" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Dana Scully");
  });
});

test("a reset link whose new password is refused does not leave the visitor signed in", async ({ page }) => {
  const user = await createTestUser({ fullName: "Same Password" });
  await page.goto("/?auth=forgot");
  await authDialog(page).getByLabel("Email").fill(user.email);
  await authDialog(page).getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  await expect.poll(() => latestEmailTo(user.email)?.link).toBeTruthy();
  const link = new URL(latestEmailTo(user.email)!.link);

  await page.goto(`${link.pathname}${link.search}`);
  // The auth server refuses the current password as the new one, after the link was verified.
  await page.getByLabel("New password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm new password").fill(user.password);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toContainText("request a new one");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/auth=login/);
});
