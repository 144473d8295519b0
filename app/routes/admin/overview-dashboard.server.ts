import type { RouterContextProvider } from "react-router";
import { requestContext, sessionContext } from "~/context";
import type { DashboardStats } from "~/domain/admin-dashboard";
import { USERS_PREVIEW_SIZE, type UsersPreview } from "~/domain/admin-users";
import { readDashboardStats } from "~/services/admin-dashboard.server";
import { listUsers } from "~/services/admin-users.server";

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
  const listed = await listUsers(context.get(sessionContext).supabase, { q: "", page: 1 }, USERS_PREVIEW_SIZE);
  if (listed.kind === "listed") return { users: listed.users, total: listed.total };
  context.get(requestContext).logger.error({ err: listed.cause }, "could not read the users for the dashboard");
  return null;
}
