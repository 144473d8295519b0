import { useEffect, useRef } from "react";

/**
 * A menu that is a CSS :target drawer before the page's scripts run (its trigger links to `#id`) and
 * a dialog once the page is live: a tap on the link while the page was coming alive opened the drawer,
 * and the live menu, replacing it, must come up open. Calls `open` once, at mount, when the address
 * names the drawer, and drops that name from the address so closing the menu leaves it closed, also
 * after a reload. The address is rewritten in place: going through the router would reload the page's
 * data for a change only of its fragment.
 */
export function useOpenedBeforeHydration(id: string, open: () => void) {
  const openOnMount = useRef(open);
  useEffect(() => {
    if (window.location.hash !== `#${id}`) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", pathname + search);
    openOnMount.current();
  }, [id]);
}
