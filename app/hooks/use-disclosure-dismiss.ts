import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * A <details> disclosure that closes as a menu of links would: on Escape (focus back on its summary),
 * on a press outside it, and once one of its links has been followed (the page frame stays in place
 * through a navigation, and so would the open menu). Before JavaScript it opens and closes as the
 * browser's own disclosure, the same element, so nothing is swapped under the visitor's finger.
 */
export function useDisclosureDismiss(ref: RefObject<HTMLDetailsElement | null>) {
  const { key } = useLocation();
  const shownKey = useRef(key);
  useEffect(() => {
    // Not at the first render: a menu the visitor opened before the scripts ran stays open.
    if (shownKey.current === key) return;
    shownKey.current = key;
    ref.current?.removeAttribute("open");
  }, [key, ref]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    details.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      details.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [ref]);
}
