// The admin sidebar is open (16rem) or collapsed to icons (3rem). The choice is kept in a cookie for
// seven days and read by the server, so the page arrives already drawn the way it was left.

export type SidebarState = "expanded" | "collapsed";

export const SIDEBAR_COOKIE = "admin_sidebar";
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The state a Cookie header holds; open when it holds none. */
export function sidebarStateFrom(cookieHeader: string | null): SidebarState {
  const match = cookieHeader?.match(/(?:^|;\s*)admin_sidebar=(expanded|collapsed)(?:;|$)/);
  return match?.[1] === "collapsed" ? "collapsed" : "expanded";
}

/** The cookie that keeps `state`: written by the server without JavaScript and by the page with it. */
export function sidebarCookie(state: SidebarState): string {
  return `${SIDEBAR_COOKIE}=${state}; Path=/admin; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export function otherSidebarState(state: SidebarState): SidebarState {
  return state === "collapsed" ? "expanded" : "collapsed";
}
