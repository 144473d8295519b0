import { requestContext, servicesContext, sessionContext } from "~/context";
import { AVAILABILITY_QUERY } from "~/domain/date-picker-month";
import { estimatedHours, isPropertySize } from "~/domain/pricing";
import { loadDraft } from "~/services/drafts.server";
import { tooManyAttemptsMessage } from "~/services/rate-limit.server";
import { availabilityAnswer, availabilityQuestion, badAvailabilityQuestion, tooManyAvailabilityQuestions } from "../availability-answer.server";
import type { Route } from "./+types/availability";

/**
 * The details step's date picker and time slots with JavaScript: the month's days and the chosen
 * date's slots for a home of that size (the visitor's own booking in progress does not count against
 * them). Anyone may ask, so each address may ask a limited number of times a minute (429 beyond); a
 * malformed query is a 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const wait = await context.get(servicesContext).bookingLimits.before("availability", context.get(requestContext).clientIp, null);
  if (wait) return tooManyAvailabilityQuestions(tooManyAttemptsMessage(wait), wait);
  const url = new URL(request.url);
  const question = availabilityQuestion(url);
  const size = url.searchParams.get(AVAILABILITY_QUERY.size) || undefined;
  if (!question || (size !== undefined && !isPropertySize(size))) return badAvailabilityQuestion();
  const stored = await loadDraft(request, context);
  return availabilityAnswer(context, {
    client: context.get(sessionContext).supabase,
    ...question,
    hours: estimatedHours(size),
    leftOut: { exceptDraft: stored.id ?? undefined },
  });
}
