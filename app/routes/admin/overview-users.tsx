import { UsersPreview } from "~/components/admin/users-preview";
import { requirePermission } from "~/middleware/guards.server";
import type { Route } from "./+types/overview-users";
import { loadUsersPreview } from "./overview-dashboard.server";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Users · Admin Dashboard", matches);

// Only for whoever may read users: anyone else gets the 403 page before anything is read, the stat cards included.
export const middleware: Route.MiddlewareFunction[] = [requirePermission("users:read")];

/** The dashboard's Users tab: the newest accounts, as the Users page lists them. */
export async function loader({ context }: Route.LoaderArgs) {
  return { usersPreview: await loadUsersPreview(context) };
}

export default function AdminOverviewUsers({ loaderData }: Route.ComponentProps) {
  return <UsersPreview preview={loaderData.usersPreview} />;
}
