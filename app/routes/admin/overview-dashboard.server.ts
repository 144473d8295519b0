import type { RouterContextProvider } from "react-router";
import { requestContext, sessionContext } from "~/context";
import { USERS_PREVIEW_SIZE, type DashboardStats, type UsersPreview } from "~/domain/admin-dashboard";
import { readDashboardStats, readUsersPreview } from "~/services/admin-dashboard.server";

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

/** The Users tab (the caller checked `users:read`), or null when it could not be read. */
export async function loadUsersPreview(context: Readonly<RouterContextProvider>): Promise<UsersPreview | null> {
  try {
    return await readUsersPreview(context.get(sessionContext).supabase, USERS_PREVIEW_SIZE);
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "could not read the users for the dashboard");
    return null;
  }
}
