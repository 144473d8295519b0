import { data } from "react-router";
import { OverviewTab } from "~/components/dashboard/overview-tab";
import { userContext } from "~/context";
import { pageMeta } from "../frame-meta";
import { loadOverviewTab } from "./overview-tab.server";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("My Bookings", matches);

/** The counters and the next moves; the email names the guest bookings the customer may join. */
export async function loader(args: Route.LoaderArgs) {
  return { overview: await loadOverviewTab(args), email: args.context.get(userContext).email ?? "" };
}

/** The overview has no form of its own ('Pay deposit' posts to the booking's own route). */
export function action() {
  throw data("This page takes no form.", { status: 405 });
}

export default function DashboardOverview({ loaderData }: Route.ComponentProps) {
  return <OverviewTab data={loaderData.overview} email={loaderData.email} />;
}
