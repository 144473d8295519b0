import { expect, test } from "@playwright/test";
import { axeScan } from "./support/accessibility.ts";
import { hydrated } from "./support/hydration";
import { PRELOADS_PER_TASK } from "../../app/module-preloads-after-paint.server.ts";

/** Records, for every click on a tel: link, whether the page cancelled it (the browser then does not dial). */
function recordTelClicks() {
  const clicks: boolean[] = [];
  Object.assign(window, { telClicks: clicks });
  // Registered on window, bubbling: it runs after the page's own handlers.
  window.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest('a[href^="tel:"]')) clicks.push(event.defaultPrevented);
  });
}
const telClicks = () => (window as unknown as { telClicks: boolean[] }).telClicks;

// Behaviour that exists only once JavaScript runs; the plain-HTML fallbacks are in landing.spec.ts.
test.describe("landing page with JavaScript", () => {
  test("on a desktop, Contact Us copies the phone number and says so", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await context.addInitScript(recordTelClicks);
    await page.goto("/");
    expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(false);
    await page.getByRole("link", { name: "Contact Us" }).click();
    await expect(page.getByText("Phone number copied!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("(404) 555-0182");
    // Copied instead of dialled: the click was cancelled.
    expect(await page.evaluate(telClicks)).toEqual([true]);
    await expect(page).toHaveURL(/\/$/);
  });

  test("on a phone, Contact Us dials instead of copying", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await context.addInitScript(recordTelClicks);
    const page = await context.newPage();
    try {
      await page.goto("/");
      // The menu trigger becomes a button once the page's JavaScript runs.
      await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
      expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);

      await page.getByRole("link", { name: "Contact Us" }).tap();
      await expect.poll(() => page.evaluate(telClicks)).toEqual([false]);
      await expect(page.getByText("Phone number copied!")).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("every link's accessible name starts with its visible text", async ({ page }) => {
    await page.goto("/");
    const services = page.locator("#services");
    await expect(services.getByRole("link", { name: /^Add to my move/ })).toHaveCount(3);
    await expect(services.getByRole("link", { name: /^Call to add/ })).toHaveCount(2);

    // Anything renamed with aria-label must still start with the words it shows.
    const renamed = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>("a[aria-label], button[aria-label]")).flatMap((element) => {
        let shown = "";
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const box = node.parentElement?.getBoundingClientRect();
          if (box && (box.width > 1 || box.height > 1)) shown += node.textContent ?? "";
        }
        shown = shown.replace(/\s+/g, " ").trim();
        const label = element.getAttribute("aria-label") ?? "";
        return shown && !label.toLowerCase().startsWith(shown.toLowerCase()) ? [`"${label}" shows "${shown}"`] : [];
      }),
    );
    expect(renamed).toEqual([]);

    const results = await axeScan(page, { rules: { "label-content-name-mismatch": { enabled: true } } });
    const mismatches = results.violations.filter((violation) => violation.id === "label-content-name-mismatch");
    expect(mismatches.flatMap((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
  });

  test("the mobile menu keeps focus inside and closes with Escape", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    for (let step = 0; step < 8; step++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    // A click on the dimmed page beside the menu closes it; the page behind did not scroll meanwhile.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(dialog).toBeVisible();
    await page.mouse.wheel(0, 600);
    await page.mouse.click(20, 400);
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("client-side navigation to an unknown path shows the not-found page", async ({ page }) => {
    await page.goto("/no-such-page");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page.getByText("4.6/5 from verified customers")).toBeVisible();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    // Back is a client-side navigation now: the router fetches the unknown path's data and gets a 404.
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  // Measured in the page (a layout-shift observer), hence here; the swap itself needs no JavaScript.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}px the first screen does not move when Figtree arrives late`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // The font is held back until the page has been drawn in the fallback face.
      let release: (() => Promise<void>) | undefined;
      const fontRequested = new Promise<void>((resolve) => {
        void page.route(/\.woff2$/, (route) => {
          release = () => route.continue();
          resolve();
        });
      });
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await fontRequested;
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.fonts.check('16px "Figtree Variable"'))).toBe(false);
      const fallbackInUse = await page.evaluate(() =>
        Array.from(document.fonts).some((face) => face.family.replaceAll('"', "").startsWith("Figtree Fallback") && face.status === "loaded"),
      );
      test.skip(!fallbackInUse, "this machine has neither Arial (nor a metric twin) nor Roboto to scale");

      await page.evaluate(() => {
        const shifts: number[] = [];
        Object.assign(window, { fontSwapShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
        }).observe({ type: "layout-shift" });
      });
      await release!();
      await expect.poll(() => page.evaluate(() => document.fonts.check('700 16px "Figtree Variable"'))).toBe(true);
      // Layout shifts are reported with the frame that shows them.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shift = await page.evaluate(() => (window as unknown as { fontSwapShifts: number[] }).fontSwapShifts.reduce((sum, value) => sum + value, 0));
      // The system's default sans in its place scores about 0.17 here; 0.1 is the most a page should move in all.
      expect(shift).toBeLessThan(0.01);
    });
  }

  test("a slow client-side navigation shows Loading...", async ({ page }) => {
    await page.goto("/");
    // The slow network itself: the navigation's data is held until Loading... has been seen.
    let arrive = () => {};
    const held = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await expect(page.getByRole("status").getByText("Loading...")).toBeAttached();
    arrive();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("status").getByText("Loading...")).not.toBeAttached();
  });

  test("the scripts' preloads are added once the page can be painted, a few at a time, each script is fetched once, and the page comes alive", async ({
    page,
  }) => {
    // Every module preload that enters the document, parsed or added, and when; React adopts the added
    // ones as its own while hydrating and removes them once hydrated, so they are recorded as they come.
    await page.addInitScript(() => {
      const added: Array<{ href: string; at: number; insertion: number }> = [];
      Object.assign(window, { preloadsAdded: added });
      let insertions = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          insertions++;
          for (const node of record.addedNodes)
            if (node instanceof HTMLLinkElement && node.rel === "modulepreload")
              added.push({ href: new URL(node.href).pathname, at: performance.now(), insertion: insertions });
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await hydrated(page);
    const { added, stylesheetLoaded } = await page.evaluate(() => ({
      added: (window as unknown as { preloadsAdded: Array<{ href: string; at: number; insertion: number }> }).preloadsAdded,
      stylesheetLoaded:
        performance
          .getEntriesByType("resource")
          .map((entry) => entry as PerformanceResourceTiming)
          .find((entry) => entry.initiatorType === "link" && /\/assets\/app-[\w-]+\.css$/.test(entry.name))?.responseEnd ?? Number.NaN,
    }));
    expect(added.filter(({ href }) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(href))).toHaveLength(1);
    expect(added.length).toBeGreaterThan(5);
    // A few at a time, each batch one insertion into the head (and a task of its own), not one change to
    // the document a module nor all in one long task.
    const batchSizes = new Map<number, number>();
    for (const { insertion } of added) batchSizes.set(insertion, (batchSizes.get(insertion) ?? 0) + 1);
    expect(batchSizes.size).toBe(Math.ceil(added.length / PRELOADS_PER_TASK));
    for (const size of batchSizes.values()) expect(size).toBeLessThanOrEqual(PRELOADS_PER_TASK);
    // None is in the page as sent: they are added once a frame can be painted, which the stylesheet holds back.
    expect(Math.min(...added.map(({ at }) => at))).toBeGreaterThanOrEqual(stylesheetLoaded);
    // The preload and the page's own imports share the browser's module map: no script twice.
    expect(scripts.filter((path, index) => scripts.indexOf(path) !== index)).toEqual([]);
    for (const { href } of added) expect(scripts).toContain(href);
  });
});
