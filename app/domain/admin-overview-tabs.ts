import type { AdminBookingScope } from "./admin-bookings-query";

/** The /admin dashboard's tabs, each a page of its own (the bookings tab's sub-tab is `view`) so each is a link. */
export const ADMIN_OVERVIEW_TABS = ["bookings", "users", "analytics"] as const;
export type AdminOverviewTab = (typeof ADMIN_OVERVIEW_TABS)[number];

export const ADMIN_OVERVIEW_TAB_LABELS: Record<AdminOverviewTab, string> = {
  bookings: "Bookings",
  users: "Users",
  analytics: "Website Analytics",
};

// Not /admin/users or /admin/analytics: those are the full pages the tabs preview.
const TAB_PATHS: Record<AdminOverviewTab, string> = {
  bookings: "/admin",
  users: "/admin/overview/users",
  analytics: "/admin/overview/analytics",
};

export const ADMIN_BOOKING_VIEWS = ["all", "pending", "active", "done"] as const satisfies readonly AdminBookingScope[];

export const ADMIN_BOOKING_VIEW_LABELS: Record<AdminBookingScope, string> = {
  all: "All",
  pending: "Pending",
  active: "Active",
  done: "Done",
};

/** A tab's address: the bookings tab keeps its sub-tab in `view`, all bookings being the plain /admin. */
export function adminOverviewPath(tab: AdminOverviewTab, view: AdminBookingScope = "all"): string {
  if (tab === "bookings" && view !== "all") return `${TAB_PATHS.bookings}?view=${view}`;
  return TAB_PATHS[tab];
}

/** The tab shown at `pathname`: Bookings unless it is another tab's address. */
export function adminOverviewTabAt(pathname: string): AdminOverviewTab {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ADMIN_OVERVIEW_TABS.find((tab) => tab !== "bookings" && TAB_PATHS[tab] === path) ?? "bookings";
}

/**
 * Where an old `/admin?tab=users` or `?tab=analytics` address lives now, the rest of its query kept;
 * null for any other (the bookings tab, an unknown tab: /admin shows them as it is).
 */
export function movedOverviewTabPath(search: URLSearchParams): string | null {
  const tab = search.get("tab");
  if (tab !== "users" && tab !== "analytics") return null;
  const rest = new URLSearchParams(search);
  rest.delete("tab");
  rest.delete("index");
  const query = rest.toString();
  return query ? `${TAB_PATHS[tab]}?${query}` : TAB_PATHS[tab];
}
