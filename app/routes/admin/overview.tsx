import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { StatCards } from "~/components/admin/stat-cards";
import { UsersPreview } from "~/components/admin/users-preview";
import { ensurePermission } from "~/middleware/guards.server";
import type { Route } from "./+types/overview";
import { loadStatCards, loadUsersPreview } from "./overview-dashboard.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const tab = new URL(request.url).searchParams.get("tab");
  // The Users tab is for whoever may read users: anyone else gets the 403 page before anything is read.
  if (tab === "users") await ensurePermission(request, context, "users:read");
  const [stats, usersPreview] = await Promise.all([loadStatCards(context), tab === "users" ? loadUsersPreview(context) : null]);
  return { stats, tab, usersPreview };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { stats, tab, usersPreview } = loaderData;
  return (
    <>
      <AdminPageHeading title="Admin Dashboard" description="Bookings, customers and the website at a glance." />
      <StatCards stats={stats} />
      {tab === "users" ? <UsersPreview preview={usersPreview} /> : null}
    </>
  );
}
