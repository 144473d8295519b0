import { expect, type Locator } from "@playwright/test";

/** An illustration as a visitor sees it: on screen, its file loaded and drawn, within the page's width. */
export async function expectIllustrationShown(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  const fits = await image.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.left >= 0 && box.right <= document.documentElement.clientWidth && box.height > 0;
  });
  expect(fits, "the illustration stays within the page's width").toBe(true);
}
