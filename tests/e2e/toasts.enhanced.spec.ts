import { expect, test, type Page } from "@playwright/test";
import { authDialog } from "./support/auth-ui.ts";
import { contrastRatio, parseColour } from "../support/colour-contrast.ts";

// A toast is read without hiding what it is about: it sits below the site header (the logo and its
// links stay visible and clickable), on a phone and on a desktop.

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
