import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { StatCards } from "~/components/admin/stat-cards";
import { UsersPreview } from "~/components/admin/users-preview";
import type { Route } from "./+types/overview";
import { loadStatCards, loadUsersPreview } from "./overview-dashboard.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const tab = new URL(request.url).searchParams.get("tab");
  const [stats, usersPreview] = await Promise.all([loadStatCards(context), tab === "users" ? loadUsersPreview(request, context) : null]);
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
