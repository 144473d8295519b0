/** The customer dashboard's tabs, each a page of its own so that each loads only its own code and data. */
export const DASHBOARD_TABS = ["overview", "profile", "gallery"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const DASHBOARD_TAB_LABELS: Record<DashboardTab, string> = {
  overview: "Overview",
  profile: "Profile",
  gallery: "Gallery",
};

/** The tab a name stands for; anything else (missing, misspelt) is the overview. */
function dashboardTab(value: string | null): DashboardTab {
  return (DASHBOARD_TABS as readonly unknown[]).includes(value) ? (value as DashboardTab) : "overview";
}

/** A tab's page: the overview is the dashboard itself. */
export function dashboardTabPath(tab: DashboardTab): string {
  return tab === "overview" ? "/dashboard" : `/dashboard/${tab}`;
}

/**
 * Where a tab's earlier address (`/dashboard?tab=profile`, still in bookmarks, emails and pages left
 * open) now is: the tab's own page, with the other query parameters kept; an unknown tab is the
 * overview. Null for every other address.
 */
export function movedDashboardTabAddress(url: URL): string | null {
  if (url.pathname.replace(/\/+$/, "") !== "/dashboard" || !url.searchParams.has("tab")) return null;
  const params = new URLSearchParams(url.searchParams);
  const tab = dashboardTab(params.get("tab"));
  params.delete("tab");
  // The marker React Router adds to a form posted to an index route: the new pages are not one.
  params.delete("index");
  const query = params.toString();
  return `${dashboardTabPath(tab)}${query ? `?${query}` : ""}`;
}
