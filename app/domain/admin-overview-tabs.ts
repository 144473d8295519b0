import { z } from "zod";
import type { AdminBookingScope } from "./admin-bookings-query";

/** The /admin page's tabs, chosen by `tab` (and the bookings sub-tab by `view`) so each is a link. */
export const ADMIN_OVERVIEW_TABS = ["bookings", "users", "analytics"] as const;
export type AdminOverviewTab = (typeof ADMIN_OVERVIEW_TABS)[number];

const adminOverviewTabSchema = z.enum(ADMIN_OVERVIEW_TABS).catch("bookings");

export const ADMIN_OVERVIEW_TAB_LABELS: Record<AdminOverviewTab, string> = {
  bookings: "Bookings",
  users: "Users",
  analytics: "Website Analytics",
};

export const ADMIN_BOOKING_VIEWS = ["all", "pending", "active", "done"] as const satisfies readonly AdminBookingScope[];

export const ADMIN_BOOKING_VIEW_LABELS: Record<AdminBookingScope, string> = {
  all: "All",
  pending: "Pending",
  active: "Active",
  done: "Done",
};

/** The tab a `tab` value names; anything else is Bookings. */
export function adminOverviewTab(value: string | null): AdminOverviewTab {
  return adminOverviewTabSchema.parse(value);
}

/** A tab's address: the bookings tab keeps its sub-tab in `view`. */
export function adminOverviewPath(tab: AdminOverviewTab, view: AdminBookingScope = "all"): string {
  return tab === "bookings" ? `/admin?tab=bookings&view=${view}` : `/admin?tab=${tab}`;
}
