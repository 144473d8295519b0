import type { Page } from "@playwright/test";

// Measures of WCAG 2.2's new criteria that a script can take in the page, as a person meets them.

/**
 * Targets smaller than 24×24 CSS px that the criterion's exceptions do not excuse (2.5.8 Target Size,
 * Minimum), as "tag 'name' W×H". A radio or check box hidden behind its label, or with a label, is
 * measured with the label, which takes the same tap. A link inside a sentence is excused (inline);
 * so is a small target whose 24px circle, centred on it, meets no other target (spacing).
 */
export function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 24;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [tabindex]:not([tabindex="-1"])';
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      return element.getClientRects().length > 0 && style.visibility !== "hidden" && !element.closest("[inert], [aria-hidden='true']");
    };
    const boxOf = (element: Element): DOMRect => {
      const box = element.getBoundingClientRect();
      if (element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox" || element.type === "file")) {
        const label = element.closest("label") ?? (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null);
        if (label) {
          const own = label.getBoundingClientRect();
          const left = Math.min(box.left, own.left);
          const top = Math.min(box.top, own.top);
          return new DOMRect(left, top, Math.max(box.right, own.right) - left, Math.max(box.bottom, own.bottom) - top);
        }
      }
      return box;
    };
    const inline = (element: Element) => {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      const block = element.parentElement;
      return !!block && (block.textContent ?? "").trim().length > (element.textContent ?? "").trim().length;
    };
    const targets = [...document.querySelectorAll(selector)].filter(shown).map((element) => ({ element, box: boxOf(element) }));
    // Visually hidden controls (1px boxes) with no label to stand for them are not targets a pointer meets.
    const real = targets.filter(({ box }) => box.width > 2 && box.height > 2);
    const distance = (x: number, y: number, box: DOMRect) => Math.hypot(Math.max(box.left - x, 0, x - box.right), Math.max(box.top - y, 0, y - box.bottom));
    const failures: string[] = [];
    for (const { element, box } of real) {
      if (box.width >= MIN && box.height >= MIN) continue;
      if (inline(element)) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const crowded = real.some(
        (other) => other.element !== element && !other.element.contains(element) && !element.contains(other.element) && distance(x, y, other.box) < MIN / 2,
      );
      if (!crowded) continue;
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
      failures.push(`${element.tagName.toLowerCase()} '${name}' ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return failures;
  });
}

/**
 * How much of the focused control sticky or fixed parts of the page (the wizard's buttons on a phone,
 * the header, toasts) cover, 0 to 1, sampled on a 5×5 grid of points; null when nothing is focused.
 * A control drawn by its label (a radio card) is judged by its label. Off the screen counts as covered.
 */
export function focusedControlCovered(page: Page): Promise<{ name: string; covered: number } | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    let target: Element = focused;
    const own = focused.getBoundingClientRect();
    if (own.width <= 2 || own.height <= 2) {
      target =
        focused.closest("label") ?? (focused.id ? document.querySelector(`label[for="${CSS.escape(focused.id)}"]`) : null) ?? focused.parentElement ?? focused;
    }
    const box = target.getBoundingClientRect();
    const pinned = (element: Element | null) => {
      for (let at = element; at; at = at.parentElement) {
        const position = getComputedStyle(at).position;
        if (position === "fixed" || position === "sticky") return at;
      }
      return null;
    };
    let covered = 0;
    const points = 5;
    for (let row = 0; row < points; row++) {
      for (let column = 0; column < points; column++) {
        const x = box.left + ((column + 0.5) / points) * box.width;
        const y = box.top + ((row + 0.5) / points) * box.height;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
          covered++;
          continue;
        }
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit === target || target.contains(hit) || hit.contains(target)) continue;
        const cover = pinned(hit);
        if (cover && !cover.contains(target)) covered++;
      }
    }
    const name = (focused.getAttribute("aria-label") ?? (focused as HTMLElement).innerText ?? focused.tagName).trim().slice(0, 40) || focused.tagName;
    return { name, covered: covered / (points * points) };
  });
}
