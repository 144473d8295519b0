import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isTrackedPage } from "~/domain/analytics-pages";

const SESSION_KEY = "analytics-session";

/** This tab's visit id, kept in sessionStorage (no cookie); undefined where storage is refused. */
function sessionId(): string | undefined {
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id) sessionStorage.setItem(SESSION_KEY, (id = crypto.randomUUID()));
    return id;
  } catch {
    return undefined;
  }
}

function send(page_path: string, event: { event_type: "page_view" } | { event_type: "page_exit"; time_on_page: number }) {
  if (!isTrackedPage(page_path)) return;
  const body = { session_id: sessionId(), page_path, viewport_width: innerWidth, viewport_height: innerHeight, ...event };
  navigator.sendBeacon?.("/api/analytics", JSON.stringify(body));
}

/**
 * Website analytics in the browser: the server already counted the document this page came with,
 * so only client-side navigations send a page view; leaving the page (hidden or unloaded) sends a
 * page exit with the seconds spent on it, once until it is shown again.
 */
export function usePageAnalytics() {
  const { pathname } = useLocation();
  // Times from performance.now(): the page this document came with started at 0.
  const page = useRef({ path: pathname, since: 0, exited: false });

  useEffect(() => {
    // The address bar is the truth: a page left before React rendered it still counts as seen.
    const arrive = (path: string) => {
      if (page.current.path === path) return;
      page.current = { path, since: performance.now(), exited: false };
      send(path, { event_type: "page_view" });
    };
    arrive(pathname);
    const onChange = (event: Event) => {
      arrive(location.pathname);
      const current = page.current;
      if (event.type === "visibilitychange" && document.visibilityState === "visible") {
        if (current.exited) page.current = { ...current, since: performance.now(), exited: false };
        return;
      }
      if (current.exited) return;
      current.exited = true;
      send(current.path, { event_type: "page_exit", time_on_page: Math.min(86_400, Math.round((performance.now() - current.since) / 1000)) });
    };
    addEventListener("pagehide", onChange);
    document.addEventListener("visibilitychange", onChange);
    return () => {
      removeEventListener("pagehide", onChange);
      document.removeEventListener("visibilitychange", onChange);
    };
  }, [pathname]);
}
