import { expect, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page: the header's menu link (the site's or the admin area's)
 * has become the dialog's button.
 */
export async function hydrated(page: Page, timeout = 20_000) {
  await expect(page.locator("button[aria-label='Open menu'], button[aria-label='Open admin menu']").first()).toBeAttached({ timeout });
}
