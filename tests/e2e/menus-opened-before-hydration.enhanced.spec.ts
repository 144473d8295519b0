import { expect, test } from "@playwright/test";
import { signInDirectly } from "./support/auth-ui.ts";
import { createTestUser } from "./support/backend.ts";
import { holdEntryScript, hydrated } from "./support/hydration.ts";

// Before its scripts run, a phone's menu is a link to the drawer's own address (#…) that CSS shows.
// A tap on it while the page is still coming alive opens that drawer; the live page then draws the
// menu as a dialog instead, and it must come up open, not shut under the finger.

const MENUS = [
  { what: "the site's side menu", path: "/", trigger: "Open menu", navigation: "Mobile", admin: false },
  { what: "the admin drawer", path: "/admin", trigger: "Open admin menu", navigation: "Admin (menu)", admin: true },
] as const;

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

for (const menu of MENUS) {
  test(`${menu.what}, opened by a tap before the page came alive, stays open as it comes alive and then closes`, async ({ page }) => {
    if (menu.admin) {
      const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
      await signInDirectly(page, admin, "/admin/settings");
    }
    const startEntry = await holdEntryScript(page);
    await page.goto(menu.path, { waitUntil: "commit" });
    const navigation = page.getByRole("navigation", { name: menu.navigation });
    await page.getByRole("link", { name: menu.trigger }).tap();
    await expect(navigation).toBeVisible();

    startEntry();
    await hydrated(page);
    await page.unrouteAll();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("navigation", { name: menu.navigation })).toBeVisible();

    await dialog.getByRole("button", { name: "Close menu" }).tap();
    await expect(navigation).toBeHidden();
    // The address no longer names the drawer: a reload does not open it again.
    expect(new URL(page.url()).hash).toBe("");
    await expect(page.getByRole("button", { name: menu.trigger })).toBeVisible();
  });
}

test("the admin drawer opens on a tap that comes while React hydrates the page", async ({ page, context }) => {
  // Up to three loads of the page with the processor slowed forty times.
  test.setTimeout(60_000);
  const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
  await signInDirectly(page, admin, "/admin/settings");
  // At the tap's start, before anything of the page's own runs: whether React had taken the document.
  await page.addInitScript(() => {
    addEventListener(
      "touchstart",
      () =>
        ((window as unknown as { tapWhileHydrating: boolean }).tapWhileHydrating =
          Object.keys(document).some((key) => key.startsWith("__reactContainer$")) && !document.querySelector("button[aria-label='Open admin menu']")),
      { capture: true },
    );
  });
  // How soon React finishes hydrating varies with the machine's load: the tap is made again (each
  // time it must open the drawer) until one has come while React was hydrating.
  const taps: boolean[] = [];
  while (taps.length < 3 && !taps.includes(true)) {
    const startEntry = await holdEntryScript(page);
    await page.goto("/admin", { waitUntil: "commit" });
    const box = (await page.getByRole("link", { name: "Open admin menu" }).boundingBox())!;
    // A slow phone: hydration spreads over many slices.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 40 });
    startEntry();
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")), undefined, { polling: "raf" });
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await page.unrouteAll();
    taps.push(await page.evaluate(() => (window as unknown as { tapWhileHydrating?: boolean }).tapWhileHydrating === true));
    await expect(page.getByRole("dialog").getByRole("navigation", { name: "Admin (menu)" })).toBeVisible();
  }
  expect(taps, "a tap came while React was hydrating").toContain(true);
});
