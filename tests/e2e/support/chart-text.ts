import type { Locator } from "@playwright/test";

/**
 * The words a chart shows, each with the size it is drawn at on screen in CSS px: an element's
 * computed font size, scaled by its SVG's drawing (a label inside a viewBox shrinks with it).
 * Hidden words (display: none) are left out.
 */
export function chartWords(chart: Locator): Promise<Array<{ text: string; px: number }>> {
  return chart.evaluate((root) => {
    const words: Array<{ text: string; px: number }> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim() ?? "";
      if (!element || !text || element.closest("title, desc, .sr-only") || element.getClientRects().length === 0) continue;
      const svg = element.closest("svg");
      const scale = svg && element instanceof SVGGraphicsElement ? (element.getScreenCTM()?.a ?? 1) : 1;
      words.push({ text, px: Number.parseFloat(getComputedStyle(element).fontSize) * scale });
    }
    return words;
  });
}
