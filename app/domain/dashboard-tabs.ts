/** The customer dashboard's tabs, chosen by the `tab` query parameter so each can be linked and bookmarked. */
export const DASHBOARD_TABS = ["overview", "profile", "gallery"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const DASHBOARD_TAB_LABELS: Record<DashboardTab, string> = {
  overview: "Overview",
  profile: "Profile",
  gallery: "Gallery",
};

/** The tab a `tab` query value names; anything else (missing, misspelt) is the overview. */
export function dashboardTab(value: string | null | undefined): DashboardTab {
  return (DASHBOARD_TABS as readonly unknown[]).includes(value) ? (value as DashboardTab) : "overview";
}

/** The dashboard's address for a tab: the overview is the bare path. */
export function dashboardTabPath(tab: DashboardTab): string {
  return tab === "overview" ? "/dashboard" : `/dashboard?tab=${tab}`;
}
