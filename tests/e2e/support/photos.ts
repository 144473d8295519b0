import { expect, test, type Locator, type Page } from "@playwright/test";

/** A file as the tests hand it to the browser. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A file of `size` zero bytes, made in the page (large ones are not worth sending through the test's channel). */
export interface BlankFile {
  name: string;
  mimeType: string;
  size: number;
}

export const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * Drags files from the desktop onto `target` as the browser reports it: dragenter and dragover (the
 * drop zone lights up while they are over it), then drop.
 */
export async function dropFiles(page: Page, target: Locator, files: ReadonlyArray<TestFile | BlankFile>) {
  const transfer = await page.evaluateHandle(
    (items) => {
      const dataTransfer = new DataTransfer();
      for (const item of items) {
        const bytes = "base64" in item ? Uint8Array.from(atob(item.base64), (char) => char.charCodeAt(0)) : new Uint8Array(item.size);
        dataTransfer.items.add(new File([bytes], item.name, { type: item.mimeType }));
      }
      return dataTransfer;
    },
    files.map((file) => ("buffer" in file ? { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString("base64") } : file)),
  );
  const zone = page.locator("[data-dragging]");
  await target.dispatchEvent("dragenter", { dataTransfer: transfer });
  await target.dispatchEvent("dragover", { dataTransfer: transfer });
  await expect(zone).toHaveCount(1);
  await target.dispatchEvent("drop", { dataTransfer: transfer });
  await expect(zone).toHaveCount(0);
}

/**
 * How far the page scrolls sideways, and how far `section` sticks out of `container` on its left or
 * right (0 when it fits), in CSS pixels.
 */
export async function sidewaysOverflow(page: Page, section: Locator, container: Locator) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const [inner, outer] = await Promise.all([section.boundingBox(), container.boundingBox()]);
  if (!inner || !outer) throw new Error("the section or its container is not shown");
  const sticksOut = Math.max(0, outer.x - inner.x, inner.x + inner.width - (outer.x + outer.width));
  return { page: scroll, section: Math.round(sticksOut * 10) / 10 };
}

/** The drop zone's list of chosen files, each with its preview, progress and outcome. */
export const chosenPhotos = (page: Page) => page.getByRole("list", { name: "Chosen photos" });
