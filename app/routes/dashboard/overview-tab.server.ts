import type { OverviewTabData } from "~/components/dashboard/overview-tab";
import { requestContext, sessionContext, settingsContext, userContext } from "~/context";
import { customerChangeRulesOf } from "~/domain/company-settings";
import { customerBookingView } from "~/domain/customer-bookings";
import { nextMoveView } from "~/domain/next-move";
import { companyDay } from "~/services/company-day.server";
import { myBookingCounts, recentBookings } from "~/services/customer-bookings.server";
import type { Route } from "./+types/overview";

/**
 * The overview tab's data: the counters and the next moves first, read as the customer (row level
 * security applies). A failure is logged and shown in the tab, not as an error page: the rest of
 * the dashboard (header, other tabs) still works.
 */
export async function loadOverviewTab({ context }: Route.LoaderArgs): Promise<OverviewTabData> {
  const { supabase } = context.get(sessionContext);
  const user = context.get(userContext);
  try {
    const [counts, recent, settings, { today }] = await Promise.all([
      myBookingCounts(supabase),
      recentBookings(supabase, user.id),
      context.get(settingsContext)(),
      companyDay(context),
    ]);
    const { timeZone } = settings;
    return {
      status: "loaded",
      counts,
      nextMove: nextMoveView(recent, new Date(), { timeZone, today, changeRules: customerChangeRulesOf(settings) }),
      recent: recent.map((row) => customerBookingView(row, timeZone)),
      attempt: crypto.randomUUID(),
    };
  } catch (error) {
    context.get(requestContext).logger.error({ err: error, userId: user.id }, "could not load the dashboard overview");
    return { status: "failed" };
  }
}
