import { describe, expect, it } from "vitest";
import { holdPressesUntilHydrated } from "./presses-during-hydration";

/** The events React's listeners (added after the hold, as hydration starts after it) receive. */
function reactListening(target: EventTarget) {
  const seen: string[] = [];
  for (const type of ["pointerdown", "mousedown", "touchstart", "pointerup", "mouseup", "touchend", "click", "keydown", "submit"]) {
    target.addEventListener(type, () => seen.push(type), { capture: true });
  }
  return seen;
}

const press = (target: EventTarget) => {
  for (const type of ["pointerdown", "mousedown", "pointerup", "mouseup", "click"]) target.dispatchEvent(new Event(type));
};

describe("holdPressesUntilHydrated", () => {
  it("lets only the click of a press through while the page is not live, and keys and forms always", () => {
    const page = new EventTarget();
    holdPressesUntilHydrated(page);
    const seen = reactListening(page);
    press(page);
    for (const type of ["touchstart", "touchend", "keydown", "submit"]) page.dispatchEvent(new Event(type));
    expect(seen).toEqual(["click", "keydown", "submit"]);
  });

  it("lets every part of a press through once released", () => {
    const page = new EventTarget();
    const release = holdPressesUntilHydrated(page);
    const seen = reactListening(page);
    release();
    press(page);
    expect(seen).toEqual(["pointerdown", "mousedown", "pointerup", "mouseup", "click"]);
  });
});
