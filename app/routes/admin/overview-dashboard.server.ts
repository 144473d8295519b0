import type { RouterContextProvider } from "react-router";
import { requestContext, sessionContext, settingsContext } from "~/context";
import type { DashboardStats } from "~/domain/admin-dashboard";
import { USERS_PREVIEW_SIZE, type UsersPreview } from "~/domain/admin-accounts";
import { usersList } from "~/domain/admin-users";
import { WEBSITE_ANALYTICS_MESSAGES, type WebsiteAnalyticsState } from "~/domain/website-analytics";
import { readDashboardStats } from "~/services/admin-dashboard.server";
import { listUsers } from "~/services/admin-users.server";
import { loadWebsiteAnalytics } from "~/services/website-analytics.server";

// What /admin shows above and inside its tabs, read as the staff member. A failure is logged and shown
// in its place, not as an error page: the rest of the dashboard still works.

/** The stat cards' figures, or null when they could not be read. */
export async function loadStatCards(context: Readonly<RouterContextProvider>): Promise<DashboardStats | null> {
  try {
    return await readDashboardStats(context.get(sessionContext).supabase);
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "could not read the dashboard's stat cards");
    return null;
  }
}

/** The Users tab (the caller checked `users:read`): the first accounts of /admin/users, or null when they could not be read. */
export async function loadUsersPreview(context: Readonly<RouterContextProvider>): Promise<UsersPreview | null> {
  const listed = await listUsers(context.get(sessionContext).supabase, usersList.unfiltered, USERS_PREVIEW_SIZE);
  if (listed.kind === "listed") return { users: listed.users, total: listed.total };
  context.get(requestContext).logger.error({ err: listed.cause }, "could not read the users for the dashboard");
  return null;
}

/**
 * The Website Analytics tab (the caller checked `analytics:read`) for the 48 hours up to `now`, or the
 * failure to show: the database could not be read, or what it answered could not be shaped.
 */
export async function loadWebsiteAnalyticsTab(context: Readonly<RouterContextProvider>, now: Date): Promise<WebsiteAnalyticsState> {
  const loaded = await loadWebsiteAnalytics(context.get(sessionContext).supabase, now, (await context.get(settingsContext)()).timeZone);
  if (loaded.kind === "ready") return loaded;
  const { logger } = context.get(requestContext);
  if (loaded.kind === "fetch-failed") {
    logger.error({ err: loaded.cause }, "could not read the website analytics");
    return { kind: "failed", message: WEBSITE_ANALYTICS_MESSAGES.fetchFailed };
  }
  logger.error({ err: loaded.cause }, "could not shape the website analytics");
  return { kind: "failed", message: WEBSITE_ANALYTICS_MESSAGES.processFailed };
}
