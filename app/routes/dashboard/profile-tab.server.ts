import { data } from "react-router";
import type { ProfileTabData } from "~/components/dashboard/profile-tab";
import type { Route } from "./+types/home";

/** The profile tab's data: the customer's saved profile. */
export async function loadProfileTab(_args: Route.LoaderArgs): Promise<ProfileTabData> {
  return {};
}

/** Saves the profile form (and a new avatar). */
export async function profileAction(_args: Route.ActionArgs) {
  return data(null, { status: 405 });
}
