import { useEffect, useRef } from "react";

/**
 * A menu that is a CSS :target drawer before the page's scripts run (its trigger links to `#id`) and
 * a dialog once the page is live: a tap on the link while the page was coming alive opened the drawer,
 * or is still being followed when the live menu has replaced it, and the menu must come up open. Opens
 * it at mount when the address names the drawer, and whenever the address comes to name it later, then
 * drops the name so that closing the menu leaves it closed, also after a reload. The address is
 * rewritten in place: going through the router would reload the page's data for a fragment alone.
 */
export function useOpenedBeforeHydration(id: string, open: () => void) {
  const openMenu = useRef(open);
  useEffect(() => {
    const openIfNamed = () => {
      if (window.location.hash !== `#${id}`) return;
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, "", pathname + search);
      openMenu.current();
    };
    openIfNamed();
    window.addEventListener("hashchange", openIfNamed);
    return () => window.removeEventListener("hashchange", openIfNamed);
  }, [id]);
}
