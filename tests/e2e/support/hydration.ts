import { expect, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page: the header's menu link (the site's or the admin area's)
 * has become the dialog's button.
 */
export async function hydrated(page: Page, timeout = 20_000) {
  await expect(page.locator("button[aria-label='Open menu'], button[aria-label='Open admin menu']").first()).toBeAttached({ timeout });
}

/**
 * From the page's first script on, records each moment the middle of an open modal dialog would not
 * take a press: a tap then lands on the overlay behind it and is lost. It checks at once whenever a
 * style attribute changes (Radix turns the page's pointer events off around a modal layer), before
 * anything else can run. Read the record with `dialogPressesMissed`.
 */
export async function watchDialogPresses(page: Page) {
  await page.addInitScript(() => {
    const missed: string[] = [];
    Object.assign(window, { dialogPressesMissed: missed });
    new MutationObserver(() => {
      const dialog = document.querySelector("[role=dialog]");
      if (!dialog) return;
      const box = dialog.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (hit && !dialog.contains(hit)) missed.push(`${hit.tagName.toLowerCase()}.${String(hit.className)}`);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["style"] });
  });
}

export async function dialogPressesMissed(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { dialogPressesMissed: string[] }).dialogPressesMissed);
}

/**
 * Holds the app's entry script back until the returned function is called, so that a test can act
 * on the server's page before React starts hydrating it.
 */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
