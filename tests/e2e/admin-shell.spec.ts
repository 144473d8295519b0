import { expect, test } from "@playwright/test";
import { authDialog, signInDirectly } from "./support/auth-ui.ts";
import { adminMenuTrigger } from "./support/admin-pages.ts";
import { isCheckoutAbandoned } from "../../app/domain/booking-status.ts";
import { createTestUser, getServiceClient } from "./support/backend.ts";

// The admin area's frame, with JavaScript and without: who may enter, the sidebar that remembers being
// collapsed, the drawer on a phone, and the header naming who runs the company.

test("a signed-out visitor of an admin page signs in and comes back to it", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
  await page.goto("/admin/pending");
  const dialog = authDialog(page);
  await dialog.getByLabel("Email").fill(admin.email);
  await dialog.getByLabel("Password").fill(admin.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/pending$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pending Bookings" })).toBeVisible();
});

test("a customer gets Access Denied on every admin page, in the site frame", async ({ page }) => {
  const customer = await createTestUser({ fullName: "Cam Customer" });
  await signInDirectly(page, customer);
  for (const path of ["/admin/bookings", "/admin/settings"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  }
});

test("a moderator enters the admin area and is named as one", async ({ page }) => {
  const moderator = await createTestUser({ fullName: "Mo Moderator" });
  const client = await getServiceClient();
  const granted = await client.from("user_roles").insert({ user_id: moderator.id, role: "moderator" });
  expect(granted.error).toBeNull();
  await signInDirectly(page, moderator, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  const sidebar = page.getByRole("complementary");
  await expect(sidebar.getByText(moderator.email)).toBeVisible();
  await expect(sidebar.getByText("Moderator", { exact: true })).toBeVisible();
});

test("a moderator's sidebar links only to pages a moderator may open: no Settings", async ({ page }) => {
  const moderator = await createTestUser({ fullName: "Mod Navigator" });
  const granted = await (await getServiceClient()).from("user_roles").insert({ user_id: moderator.id, role: "moderator" });
  expect(granted.error).toBeNull();
  await signInDirectly(page, moderator, "/admin");
  const navigation = page.getByRole("navigation", { name: "Admin" });
  await expect(navigation.getByRole("link", { name: /^Dashboard/ })).toBeVisible();
  await expect(navigation.getByRole("link", { name: /^Settings/ })).toHaveCount(0);
  const links = await navigation.getByRole("link").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")!));
  expect(links).toEqual([
    "/admin",
    "/admin/bookings",
    "/admin/pending",
    "/admin/active",
    "/admin/schedule",
    "/admin/customers",
    "/admin/users",
    "/admin/analytics",
    "/admin/crews",
    "/admin/messages",
  ]);
  for (const link of links) {
    const response = await page.request.get(link);
    expect(response.status(), link).toBe(200);
  }
  // The page it no longer links to still refuses it.
  expect((await page.request.get("/admin/settings")).status()).toBe(403);
});

test("the sidebar leads to every admin page, shows the pending count, and the header names the executive", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
  await signInDirectly(page, admin, "/admin");
  const client = await getServiceClient();
  const settings = await client.from("app_settings").select("executive_name, executive_title").single();
  // The pending work: pending bookings, abandoned checkouts left out, by the app's own rule.
  const pending = await client.from("bookings").select("status, deposit_status, hold_expires_at, checkout_expires_at").eq("status", "pending");
  const pendingWork = pending.data!.filter((row) => !isCheckoutAbandoned(row, new Date())).length;
  const header = page.getByRole("banner");
  await expect(header.getByText(settings.data!.executive_name)).toBeVisible();
  await expect(header.getByText(settings.data!.executive_title)).toBeVisible();

  const navigation = page.getByRole("navigation", { name: "Admin" });
  const pendingLink = navigation.getByRole("link", { name: /^Pending/ });
  await expect(pendingLink).toHaveAccessibleName(pendingWork ? `Pending, ${pendingWork} pending` : "Pending");

  const pages = [
    ["All Bookings", /\/admin\/bookings$/, "All Bookings"],
    ["Pending", /\/admin\/pending$/, "Pending Bookings"],
    ["Active Moves", /\/admin\/active$/, "Active Moves"],
    ["Schedule", /\/admin\/schedule$/, "Schedule"],
    ["Customers", /\/admin\/customers$/, "Customer Database"],
    ["Users", /\/admin\/users$/, "Users"],
    ["Analytics", /\/admin\/analytics$/, "Analytics"],
    ["Settings", /\/admin\/settings$/, "Settings"],
    ["Mailbox", /\/admin\/mail$/, "Mailbox"],
    ["Dashboard", /\/admin$/, "Admin Dashboard"],
  ] as const;
  for (const [link, url, heading] of pages) {
    await navigation.getByRole("link", { name: new RegExp(`^${link}`) }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(navigation.getByRole("link", { name: new RegExp(`^${link}`) })).toHaveAttribute("aria-current", "page");
  }

  await page.getByRole("complementary").getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: /Sign In/i }).first()).toBeVisible();
});

test("the collapsed sidebar stays collapsed after a reload, and opens again", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
  await signInDirectly(page, admin, "/admin/bookings");
  const sidebar = page.getByRole("complementary");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");

  await sidebar.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
  const cookie = (await page.context().cookies()).find((each) => each.name === "admin_sidebar");
  expect(cookie?.value).toBe("collapsed");
  // Seven days, give or take the seconds this test takes.
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 60);

  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await sidebar.getByRole("button", { name: "Expand sidebar" }).click();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
});

test("the sidebar leaves its cookie alone until it is toggled", async ({ page }) => {
  const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
  await signInDirectly(page, admin, "/admin/bookings");
  const navigation = page.getByRole("navigation", { name: "Admin" });
  // Another page, reached by a click: with JavaScript, the page has come alive by then.
  await navigation.getByRole("link", { name: /^Pending/ }).click();
  await expect(page).toHaveURL(/\/admin\/pending$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pending Bookings" })).toBeVisible();
  const cookies = (await page.context().cookies()).map((each) => each.name);
  expect(cookies).not.toContain("admin_sidebar");
});

test.describe("on a 375px phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("the sidebar is a drawer that a tap opens, and its links lead on", async ({ page }) => {
    const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
    await signInDirectly(page, admin, "/admin");
    await expect(page.getByRole("complementary")).toBeHidden();
    const drawerNavigation = page.getByRole("navigation", { name: "Admin (menu)" });
    await expect(drawerNavigation).toBeHidden();

    await adminMenuTrigger(page).tap();
    await expect(drawerNavigation).toBeVisible();
    expect((await drawerNavigation.boundingBox())?.width).toBeLessThanOrEqual(288);
    await drawerNavigation.getByRole("link", { name: /^Active Moves/ }).tap();
    await expect(page).toHaveURL(/\/admin\/active$/);
    await expect(page.getByRole("heading", { level: 1, name: "Active Moves" })).toBeVisible();
    await expect(drawerNavigation).toBeHidden();
  });
});

test("on a long admin page scrolled to its end, the sidebar's dark background still fills the left column", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
  await signInDirectly(page, admin, "/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const sidebar = page.getByRole("complementary");
  const sidebarBackground = await sidebar.evaluate((element) => getComputedStyle(element).backgroundColor);
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  // A page more than two screens tall: the end of it is far below the first screen.
  expect(pageHeight).toBeGreaterThan(2 * 720);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY + window.innerHeight))).toBe(pageHeight);
  // What is painted down the left column, from the top of the screen to its bottom: the sidebar, or
  // the first element under each point with a background of its own.
  const painted = await page.evaluate(() =>
    Array.from({ length: 9 }, (_, index) => Math.min(index * 90, window.innerHeight - 1)).map((y) => {
      const under = document.elementFromPoint(8, y);
      const aside = under?.closest("aside");
      if (aside) return `${y}: ${getComputedStyle(aside).backgroundColor}`;
      for (let element = under; element; element = element.parentElement) {
        const background = getComputedStyle(element).backgroundColor;
        if (background !== "rgba(0, 0, 0, 0)") return `${y}: ${background}`;
      }
      return `${y}: none`;
    }),
  );
  expect(painted).toEqual(painted.map((point) => `${point.split(":")[0]}: ${sidebarBackground}`));
  // And the dark column itself runs the page's whole height (as a full-page capture or a print shows
  // it), not one screen that follows the scroll.
  const column = await sidebar.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: Math.round(box.top + window.scrollY), bottom: Math.round(box.bottom + window.scrollY) };
  });
  expect(column).toEqual({ top: 0, bottom: pageHeight });
});
