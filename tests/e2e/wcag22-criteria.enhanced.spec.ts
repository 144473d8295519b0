import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { postSignIn, signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser } from "./support/backend.ts";
import { hydrated } from "./support/hydration.ts";
import { focusedControlCovered, undersizedTargets } from "./support/wcag-measures.ts";
import { answerStepsToAddons, continueButton, expectStep, fillContact, fillDetails, moveDateInAWeek } from "./support/wizard.ts";

// WCAG 2.2's new AA criteria that a script can check, each as a person meets it: targets measured
// (2.5.8), the focused control never hidden by what stays on screen (2.4.11), photos added without
// dragging (2.5.7), help in the same place on every page (3.2.6), and a sign-in that takes a pasted
// password from a password manager (3.3.8). Redundant entry (3.3.7) is the wizard's and the
// dashboard's own tests: a signed-in customer's details are filled in for them.

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 800 };

test("every target on the wizard, the dashboard and the admin tables is at least 24×24 px, or spaced as the criterion allows", async ({ page }) => {
  test.setTimeout(90_000);
  const customer = await createTestUser({ fullName: "Tara Targets" });
  // A move next week: the bookings table shows its day's crews (a link) beside it.
  await createBooking(customer, { status: "confirmed", deposit_status: "paid", deposit_paid_at: new Date().toISOString(), moving_date: moveDateInAWeek() });
  const found: string[] = [];
  const measure = async (label: string) => {
    await hydrated(page);
    for (const size of [PHONE, WIDE]) {
      await page.setViewportSize(size);
      found.push(...(await undersizedTargets(page)).map((target) => `${label} @${size.width}: ${target}`));
    }
  };
  await postSignIn(page, customer);
  await answerStepsToAddons(page, { name: customer.fullName, email: customer.email, phone: "(404) 555-0170" });
  for (const path of ["/book", "/book/details", "/book/team", "/book/service", "/book/addons"]) {
    await page.goto(path);
    await measure(path);
  }
  await continueButton(page).click();
  await expectStep(page, "Review and pay");
  await measure("/book/review");
  for (const path of ["/dashboard", "/dashboard/profile", "/dashboard/gallery", "/"]) {
    await page.goto(path);
    await measure(path);
  }
  const admin = await createTestUser({ fullName: "Ari Admin", admin: true });
  await page.context().clearCookies();
  await signInDirectly(page, admin, "/admin/bookings");
  for (const path of ["/admin/bookings", "/admin/customers", "/admin/users", "/admin/schedule", "/admin/analytics"]) {
    await page.goto(path);
    await measure(path);
  }
  expect(found).toEqual([]);
});

/** Tabs through the page from its top, `presses` times at most, noting every control the sticky parts cover in part or whole. */
async function tabThrough(page: Page, step: string, presses = 60): Promise<string[]> {
  const covered: string[] = [];
  await page.keyboard.press("Tab");
  for (let press = 0; press < presses; press++) {
    const focus = await focusedControlCovered(page);
    if (focus && focus.covered > 0) covered.push(`${step}: '${focus.name}' ${Math.round(focus.covered * 100)}% covered`);
    const atFooter = await page.evaluate(() => !!document.activeElement?.closest("footer"));
    if (atFooter) break;
    await page.keyboard.press("Tab");
  }
  return covered;
}

test("tabbing through every step of the wizard on a phone, the focused control is never under the buttons that stay on screen", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const covered: string[] = [];
  await page.goto("/book");
  await hydrated(page);
  await fillContact(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator("body").focus();
  covered.push(...(await tabThrough(page, "Contact")));
  await continueButton(page).click();
  await expectStep(page, "Move details");
  await fillDetails(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  covered.push(...(await tabThrough(page, "Move details", 90)));
  // Each step's answer is chosen after tabbing through it, as the step asks for it before Continue.
  const answers: Record<string, (() => Promise<void>) | undefined> = {
    Team: () => page.getByRole("radio", { name: /Elite Team/ }).check(),
    Service: () => page.getByRole("radio", { name: /Local move/ }).check(),
  };
  for (const step of ["Team", "Service", "Add-ons", "Review and pay"]) {
    await continueButton(page).click();
    await expectStep(page, step);
    await page.evaluate(() => window.scrollTo(0, 0));
    covered.push(...(await tabThrough(page, step)));
    await answers[step]?.();
  }
  // The buttons that stay at the foot of the screen are there: what was checked is what they could cover.
  await expect(page.locator(".wizard-action-bar")).toHaveCSS("position", "sticky");
  expect(covered).toEqual([]);
});

test("photos are added by pressing Choose photos, no dragging needed", async ({ page }) => {
  const customer = await createTestUser({ fullName: "Dana Dropless" });
  await postSignIn(page, customer);
  await answerStepsToAddons(page, { name: customer.fullName, email: customer.email, phone: "(404) 555-0171" });
  await page.setViewportSize(PHONE);
  const chooser = page.waitForEvent("filechooser");
  await page.getByText("Choose photos", { exact: true }).click();
  const files = await chooser;
  expect(files.isMultiple()).toBe(true);
  await files.setFiles([
    {
      name: "boxes.jpg",
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#a86" } })
        .jpeg()
        .toBuffer(),
    },
  ]);
  await expect(page.getByRole("list", { name: "Attached photos" }).getByRole("listitem")).toHaveCount(1);
});

test("help is in the same place on every customer page: the phone, the email and the accessibility statement, in the same order in the footer", async ({
  page,
}) => {
  const customer = await createTestUser({ fullName: "Hana Help" });
  await postSignIn(page, customer);
  const orders: Record<string, string[]> = {};
  for (const path of ["/", "/book", "/dashboard", "/dashboard/profile", "/accessibility", "/no-such-page"]) {
    await page.goto(path);
    orders[path] = await page.locator("footer").getByRole("link").allTextContents();
  }
  const first = orders["/"]!;
  expect(first.length).toBeGreaterThanOrEqual(3);
  expect(first).toContain("Accessibility");
  for (const [path, links] of Object.entries(orders)) expect(links, path).toEqual(first);
});

test("signing in takes an email and a password pasted from a password manager, with no puzzle", async ({ page, context }) => {
  const customer = await createTestUser({ fullName: "Paz Paste" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/?auth=login");
  await hydrated(page);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Email")).toHaveAttribute("autocomplete", "email");
  await expect(dialog.getByLabel("Password")).toHaveAttribute("autocomplete", "current-password");
  for (const [label, value] of [
    ["Email", customer.email],
    ["Password", customer.password],
  ] as const) {
    await page.evaluate((text) => navigator.clipboard.writeText(text), value);
    await dialog.getByLabel(label).focus();
    await page.keyboard.press("ControlOrMeta+V");
    await expect(dialog.getByLabel(label)).toHaveValue(value);
  }
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
