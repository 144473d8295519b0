/** The kinds of website analytics events a page records. */
export const ANALYTICS_EVENT_TYPES = ["page_view", "page_exit", "custom"] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/**
 * A route's `handle` names the path its page views are recorded under when that differs from the
 * URL (the customer dashboard is recorded as "/user-dashboard", whichever tab is open).
 */
export interface AnalyticsHandle {
  analyticsPath: string;
}

/** The path the customer dashboard's page views are recorded under. */
export const USER_DASHBOARD_ANALYTICS_PATH = "/user-dashboard";
