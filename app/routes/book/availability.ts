import { companyDay } from "~/services/company-day.server";
import { data } from "react-router";
import { requestContext, servicesContext, sessionContext } from "~/context";
import { AVAILABILITY_QUERY, monthToShow, parseMonth } from "~/domain/date-picker-month";
import { estimatedHours, isPropertySize } from "~/domain/pricing";
import { isCalendarDate } from "~/domain/calendar-date";
import { wizardAvailabilityView } from "~/domain/capacity";
import { CapacityReadError, wizardAvailability } from "~/services/capacity.server";
import { loadDraft } from "~/services/drafts.server";
import { startFacts } from "./wizard.server";
import { tooManyAttemptsMessage } from "~/services/rate-limit.server";
import type { Route } from "./+types/availability";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The details step's date picker and time slots with JavaScript: the month's days and the chosen
 * date's slots for a home of that size, as JSON, judged by the database as the page itself is (the
 * visitor's own booking in progress does not count against them). Anyone may ask, so the answer says
 * only whether each day is open, full or closed and which start times fit, and each address may ask a
 * limited number of times a minute (429 beyond). A month that cannot be booked shows the date's, or
 * this month; a malformed query is a 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const wait = await context.get(servicesContext).bookingLimits.before("availability", context.get(requestContext).clientIp, null);
  if (wait) return data({ error: tooManyAttemptsMessage(wait) }, { status: 429, headers: { ...noStore, "Retry-After": String(wait) } });
  const params = new URL(request.url).searchParams;
  const month = parseMonth(params.get(AVAILABILITY_QUERY.month));
  const date = params.get(AVAILABILITY_QUERY.date) || undefined;
  const size = params.get(AVAILABILITY_QUERY.size) || undefined;
  if (!month || (date !== undefined && !isCalendarDate(date)) || (size !== undefined && !isPropertySize(size))) {
    return data({ error: "Choose a month, and a real date and home size." }, { status: 400, headers: noStore });
  }
  const { today } = await companyDay(context);
  const stored = await loadDraft(request, context);
  try {
    const availability = await wizardAvailability(
      context.get(sessionContext).supabase,
      { month: monthToShow(today, month, date), today, date, hours: estimatedHours(size), exceptDraft: stored.id ?? undefined },
      await startFacts(context),
    );
    return data(wizardAvailabilityView(availability), { headers: noStore });
  } catch (error) {
    if (!(error instanceof CapacityReadError)) throw error;
    context.get(requestContext).logger.error({ err: error }, "could not read the wizard's availability");
    return data({ error: "Free times could not be loaded. Please try again." }, { status: 503, headers: noStore });
  }
}
