import { WebsiteAnalyticsTab } from "~/components/admin/website-analytics-tab";
import { requirePermission } from "~/middleware/guards.server";
import type { Route } from "./+types/overview-analytics";
import { loadWebsiteAnalyticsTab } from "./overview-dashboard.server";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Website Analytics · Admin Dashboard", matches);

// Only for whoever may read the analytics: anyone else gets the 403 page before anything is read, the stat cards included.
export const middleware: Route.MiddlewareFunction[] = [requirePermission("analytics:read")];

/** The dashboard's Website Analytics tab: the last 48 hours, up to the moment of this request. */
export async function loader({ context }: Route.LoaderArgs) {
  return { websiteAnalytics: await loadWebsiteAnalyticsTab(context, new Date()) };
}

export default function AdminOverviewAnalytics({ loaderData }: Route.ComponentProps) {
  return <WebsiteAnalyticsTab state={loaderData.websiteAnalytics} />;
}
