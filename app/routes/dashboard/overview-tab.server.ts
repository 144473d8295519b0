import type { OverviewTabData } from "~/components/dashboard/overview-tab";
import type { Route } from "./+types/home";

/** The overview tab's data: the counters and the newest bookings. */
export async function loadOverviewTab(_args: Route.LoaderArgs): Promise<OverviewTabData> {
  return {};
}
