/** The kinds of website analytics events a page records. */
export const ANALYTICS_EVENT_TYPES = ["page_view", "page_exit", "custom"] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];
