import { ProfileTab } from "~/components/dashboard/profile-tab";
import { pageMeta } from "../frame-meta";
import { loadProfileTab, profileAction } from "./profile-tab.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Profile", matches);

export async function loader(args: Route.LoaderArgs) {
  return { profile: await loadProfileTab(args) };
}

/** The profile form posts to this page's own address. */
export function action(args: Route.ActionArgs) {
  return profileAction(args);
}

export default function DashboardProfile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileTab data={loaderData.profile} lastResult={actionData} />;
}
