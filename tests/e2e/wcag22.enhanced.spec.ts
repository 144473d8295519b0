import { expect, test, type Page } from "@playwright/test";
import { wcagViolations } from "./support/accessibility.ts";
import { ADMIN_PAGES, inParts } from "./support/admin-pages.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient, manageLinkOf } from "./support/backend.ts";
import { hydrated } from "./support/hydration.ts";
import { answerStepsToAddons, continueButton, expectStep, payButton, payOnCheckout } from "./support/wizard.ts";

// Every page audited with axe's WCAG 2.2 AA rules (all impacts, target sizes included), on a 1280px
// screen and a 390px phone. axe runs inside the page, so these run with JavaScript on; the markup it
// audits is the server's. Each test gathers every page's findings before comparing, so a failure
// names them all.

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The page at `path` (or the one already open, when null) audited at both widths. */
async function audit(page: Page, path: string | null, label = path ?? page.url()): Promise<string[]> {
  await page.setViewportSize(WIDE);
  if (path !== null) await page.goto(path);
  await hydrated(page);
  const wide = await wcagViolations(page, `${label} @1280`);
  await page.setViewportSize(PHONE);
  const phone = await wcagViolations(page, `${label} @390`);
  await page.setViewportSize(WIDE);
  return [...wide, ...phone];
}

test("the signed-out pages, every step of the wizard, the payment page and a guest's emailed link meet WCAG 2.2 AA", async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const path of [
    "/",
    "/accessibility",
    "/no-such-page",
    "/?auth=login",
    "/?auth=signup",
    "/?auth=forgot",
    "/reset-password?token_hash=abc&type=recovery",
  ]) {
    await page.context().clearCookies();
    found.push(...(await audit(page, path)));
  }

  await page.context().clearCookies();
  found.push(...(await audit(page, "/book", "the wizard's contact step")));
  const email = `wcag.${Date.now().toString(36)}@example.com`;
  await answerStepsToAddons(page, { name: "Wren Wcag", email, phone: "(404) 555-0190" });
  // The steps already answered, each opened again as a customer going Back would.
  for (const [path, step] of [
    ["/book/details", "Move details"],
    ["/book/team", "Team"],
    ["/book/service", "Service"],
  ] as const) {
    await page.goto(path);
    await expectStep(page, step);
    found.push(...(await audit(page, null, path)));
  }
  await page.goto("/book/addons");
  await page.getByLabel("Packing service").check();
  found.push(...(await audit(page, null, "/book/addons")));
  await continueButton(page).click();
  await expectStep(page, "Review and pay");
  found.push(...(await audit(page, null, "/book/review")));
  await payButton(page).click();
  await payOnCheckout(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  found.push(...(await audit(page, null, "/payment-success")));

  const { data: booking, error } = await (await getServiceClient()).from("bookings").select("id, email").eq("email", email).single();
  if (error) throw error;
  await page.context().clearCookies();
  const link = manageLinkOf(booking);
  found.push(...(await audit(page, link, "the emailed link's booking page")));
  await page.getByRole("link", { name: "Reschedule", exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/reschedule\?/);
  found.push(...(await audit(page, null, "the emailed link's reschedule calendar")));
  expect(found).toEqual([]);
});

test("a signed-in customer's pages meet WCAG 2.2 AA", async ({ page }) => {
  test.setTimeout(60_000);
  const customer = await createTestUser({ fullName: "Cora Compliant" });
  const booking = await createBooking(customer, { status: "confirmed", deposit_status: "paid", deposit_paid_at: new Date().toISOString() });
  await createBooking(customer, { moving_date: "2027-08-02" });
  await signInDirectly(page, customer, "/dashboard");
  const found: string[] = [];
  for (const path of [
    "/dashboard",
    "/dashboard/profile",
    "/dashboard/gallery",
    "/dashboard/bookings",
    `/dashboard/bookings/${booking.id}`,
    `/dashboard/bookings/${booking.id}/reschedule`,
  ]) {
    found.push(...(await audit(page, path)));
  }
  expect(found).toEqual([]);
});

// The office's pages in five tests, each well inside its time: together they audit some twenty
// pages at two widths, which on a loaded machine took nearly two minutes, and eight of the admin
// pages alone took 72 s there.
for (const pages of inParts(["/admin", ...ADMIN_PAGES, "/admin/messages?status=failed", "/admin/users?confirm"], 3)) {
  test(`the admin pages from ${pages[0]} to ${pages.at(-1)} meet WCAG 2.2 AA`, async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await createTestUser({ fullName: "Alma Audit", admin: true });
    await signInDirectly(page, admin, "/admin");
    const found: string[] = [];
    for (const path of pages) {
      // The users page asking to confirm a role change: the admin's own row, found by their email.
      const address = path === "/admin/users?confirm" ? `/admin/users?q=${encodeURIComponent(admin.email)}&confirm=${admin.id}&role=moderator` : path;
      found.push(...(await audit(page, address)));
    }
    expect(found).toEqual([]);
  });
}

/** An admin, and a guest's booking with its deposit paid, for the office's pages of a booking. */
async function adminAndPaidGuestBooking(guestName: string) {
  const admin = await createTestUser({ fullName: "Alma Audit", admin: true });
  const guest = {
    id: null as unknown as string,
    email: `${guestName.toLowerCase().replace(/\W+/g, ".")}.${Date.now().toString(36)}@example.com`,
    fullName: guestName,
  };
  const booking = await createBooking(guest, { status: "confirmed", deposit_status: "paid", deposit_paid_at: new Date().toISOString() });
  return { admin, booking };
}

test("a booking's pages in the office, its bill and a caught message meet WCAG 2.2 AA", async ({ page }) => {
  test.setTimeout(90_000);
  const { admin, booking } = await adminAndPaidGuestBooking("Bea Booked");
  await signInDirectly(page, admin, "/admin");
  const found: string[] = [];
  for (const path of [
    `/admin/bookings/${booking.id}`,
    `/admin/bookings/${booking.id}/edit`,
    `/admin/bookings/${booking.id}/cancel`,
    `/admin/bookings/${booking.id}/bill`,
  ]) {
    found.push(...(await audit(page, path)));
  }
  await page.goto("/admin/mail");
  await page.locator("main a[href^='/admin/mail/']").first().click();
  await expect(page).toHaveURL(/\/admin\/mail\/[^/]+$/);
  found.push(...(await audit(page, null, "a caught message")));
  expect(found).toEqual([]);
});

test("a move completed with its bill, read by the office and by the guest from their emailed link, meets WCAG 2.2 AA", async ({ page }) => {
  test.setTimeout(90_000);
  const { admin, booking } = await adminAndPaidGuestBooking("Bea Billed");
  await signInDirectly(page, admin, `/admin/bookings/${booking.id}/bill`);
  const found: string[] = [];
  await page.getByLabel("Crew finished").fill("16:20");
  await page.getByRole("button", { name: "Complete the move" }).click();
  await expect(page.getByRole("table", { name: "The bill as kept" })).toBeVisible();
  found.push(...(await audit(page, null, "the bill as kept")));
  await page.context().clearCookies();
  found.push(...(await audit(page, manageLinkOf(booking as unknown as { id: string; email: string }), "the billed booking's emailed link")));
  await expect(page.getByRole("region", { name: "Pay the balance" })).toBeVisible();
  expect(found).toEqual([]);
});
