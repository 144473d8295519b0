import { expect, test, type Locator, type Page } from "@playwright/test";
import { authDialog } from "./support/auth-ui.ts";
import { bookAndPayAsGuest } from "./support/wizard.ts";
import { contrastRatio, parseColour } from "../support/colour-contrast.ts";

type Box = { x: number; y: number; width: number; height: number };

// A toast is read without hiding what it is about: it sits at the foot of the screen, below the site
// header (the logo and its links stay visible and clickable) and clear of the page's heading, on a
// phone and on a desktop.

async function signUp(page: Page, name: string) {
  await page.goto("/?auth=signup");
  const dialog = authDialog(page);
  await dialog.getByLabel("Full name").fill(name);
  await dialog.getByLabel("Email").fill(`toast-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`);
  await dialog.getByLabel("Password", { exact: true }).fill("Placement2026");
  await dialog.getByLabel("Confirm password").fill("Placement2026");
  await dialog.getByRole("button", { name: "Sign Up" }).click();
}

for (const [device, viewport] of [
  ["a 390px phone", { width: 390, height: 844 }],
  ["a desktop", { width: 1280, height: 800 }],
] as const) {
  test(`on ${device} the toast is below the header`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUp(page, "Toast Reader");
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Welcome to Metro Movers, Toast!" });
    await expect(toast).toBeVisible();
    const header = await page.getByRole("banner").boundingBox();
    // The toast slides in from above: where it comes to rest is what counts.
    await expect.poll(async () => (await toast.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(header!.y + header!.height);
  });
}

/** Where a toast comes to rest: the same box twice in a row (it slides in, then stays). */
async function restingBox(toast: Locator) {
  let last: Box | null = null;
  await expect
    .poll(async () => {
      const box = await toast.boundingBox();
      const still = box !== null && last !== null && (["x", "y", "width", "height"] as const).every((side) => Math.abs(box[side] - last![side]) < 0.5);
      last = box;
      return still;
    })
    .toBe(true);
  return last!;
}

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast, once at rest, covers nothing of the page's head: the main area from its top to the bottom of its h1 (an icon above it included). */
async function expectHeadingUncovered(page: Page, toast: Locator) {
  await expect(toast).toBeVisible();
  const toastBox = await restingBox(toast);
  const main = (await page.getByRole("main").boundingBox())!;
  const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  const head = { x: main.x, y: main.y, width: main.width, height: heading.y + heading.height - main.y };
  expect(intersects(toastBox, head), `toast ${JSON.stringify(toastBox)} over the page's head ${JSON.stringify(head)}`).toBe(false);
}

for (const [device, viewport] of [
  ["a 390px phone", { width: 390, height: 844 }],
  ["a 1280px screen", { width: 1280, height: 800 }],
] as const) {
  test(`on ${device} the welcome toast hides nothing of 'Hi, Dana!'`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUp(page, "Dana Heading");
    // Creating the account hashes its password: slow on a loaded machine.
    await expect(page.getByRole("heading", { level: 1, name: "Hi, Dana!" })).toBeVisible({ timeout: 15_000 });
    await expectHeadingUncovered(page, page.locator("[data-sonner-toast]").filter({ hasText: "Welcome to Metro Movers, Dana!" }));
  });

  test(`on ${device} the deposit's toast hides nothing of the success page's icon and heading`, async ({ page }) => {
    // A whole booking and its payment.
    test.slow();
    await page.setViewportSize(viewport);
    await bookAndPayAsGuest(page, { name: "Dana Deposit", email: `toast-paid-${Date.now().toString(36)}@example.com`, phone: "(404) 555-0100" });
    await expectHeadingUncovered(page, page.locator("[data-sonner-toast]").filter({ hasText: /Booking Confirmed|Move Reserved/ }));
  });
}

test("a toast's text reads at 4.5:1 or more on its background, from the moment it shows", async ({ page }) => {
  // Polled at every frame from before the sign-up: the toast's opacity as it first shows, and its colours.
  const firstSight = page.waitForFunction(
    () => {
      const toast = document.querySelector<HTMLElement>('[data-sonner-toast][data-mounted="true"]');
      const title = toast?.querySelector<HTMLElement>("[data-title]");
      const description = toast?.querySelector<HTMLElement>("[data-description]");
      if (!toast || !title) return null;
      return {
        opacity: getComputedStyle(toast).opacity,
        background: getComputedStyle(toast).backgroundColor,
        title: getComputedStyle(title).color,
        description: description ? getComputedStyle(description).color : null,
      };
    },
    undefined,
    { polling: "raf" },
  );
  await signUp(page, "Toast Contrast");
  const seen = await (await firstSight).jsonValue();
  if (!seen) throw new Error("the toast never showed");
  // Not faded in: half-faded text is too faint to read.
  expect(seen.opacity).toBe("1");
  for (const text of [seen.title, seen.description ?? seen.title]) {
    expect(contrastRatio(parseColour(text), parseColour(seen.background))).toBeGreaterThanOrEqual(4.5);
  }
});
