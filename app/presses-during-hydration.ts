/**
 * The parts of a press (a tap, a click) before its click: pointer, mouse and touch, down and up.
 * React finishes hydrating at once when one of them reaches a page it has not hydrated yet, and the
 * page's first live render then runs before the press ends: it can move or replace what the finger is
 * on (a server-shown message giving way to a toast, a link becoming a button), so the click lands
 * elsewhere and the press is lost.
 */
const PRESS_PARTS = ["pointerdown", "mousedown", "touchstart", "pointerup", "mouseup", "touchend"] as const;

/**
 * Keeps the parts of a press from React's listeners until the page is live, so the press's click is
 * the first of it React sees: it finishes hydrating then, and the click reaches what was pressed. The
 * browser's own handling of each part (focus, scrolling) is left alone. Returns the release.
 */
export function holdPressesUntilHydrated(target: Pick<Window, "addEventListener" | "removeEventListener">): () => void {
  const hold = (event: Event) => event.stopImmediatePropagation();
  // Passive: a listener that might cancel touches would make the browser wait for it before scrolling.
  const options = { capture: true, passive: true } as const;
  for (const part of PRESS_PARTS) target.addEventListener(part, hold, options);
  return () => {
    for (const part of PRESS_PARTS) target.removeEventListener(part, hold, options);
  };
}
