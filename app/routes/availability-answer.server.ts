import { data, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext, settingsContext } from "~/context";
import { isCalendarDate } from "~/domain/calendar-date";
import { markedTooSoon, wizardAvailabilityView } from "~/domain/capacity";
import { AVAILABILITY_QUERY, monthToShow, parseMonth } from "~/domain/date-picker-month";
import { companyDay } from "~/services/company-day.server";
import { moveStartRulesOf } from "~/domain/company-settings";
import { firstMoveDate } from "~/domain/move-start-rules";
import { CapacityReadError, moveStartFacts, wizardAvailability, type LeftOut, type MoveStartFacts } from "~/services/capacity.server";
import type { AppSupabaseClient } from "~/services/supabase.server";

// The month calendar's free days and times with JavaScript, wherever a move's date is chosen: the
// wizard, a customer moving their booking, the office editing one.

const noStore = { "Cache-Control": "private, no-store" };

type Context = Readonly<RouterContextProvider>;

/** The company's rules of when a move may start, judged now. */
export async function startFacts(context: Context): Promise<MoveStartFacts> {
  const [settings, workingHours] = await Promise.all([context.get(settingsContext)(), context.get(servicesContext).workingHours.get()]);
  return moveStartFacts(workingHours, moveStartRulesOf(settings), settings.timeZone);
}

/** Whose calendar it is: a customer's, or the office's, which also offers days too soon for the lead time, marked so. */
export type CalendarAsker = "customer" | "office";

export const AVAILABILITY_MESSAGES = {
  badQuestion: "Choose a month, and a real date and home size.",
  unavailable: "Free times could not be loaded. Please try again.",
} as const;

/** The month and date asked for in the query, or null when either is malformed. */
export function availabilityQuestion(url: URL): { month: string; date: string | undefined } | null {
  const month = parseMonth(url.searchParams.get(AVAILABILITY_QUERY.month));
  const date = url.searchParams.get(AVAILABILITY_QUERY.date) || undefined;
  if (!month || (date !== undefined && !isCalendarDate(date))) return null;
  return { month, date };
}

/** A malformed question: 400 with what to ask instead. */
export const badAvailabilityQuestion = () => data({ error: AVAILABILITY_MESSAGES.badQuestion }, { status: 400, headers: noStore });

/**
 * The month calendar a page shows for a move of `hours`: `month`'s days (or the date's month, or this
 * month, when `month` cannot be booked) and `date`'s slots, judged by the database for `client`,
 * leaving out `leftOut`. Throws CapacityReadError when the database fails.
 */
export async function moveCalendar(
  context: Context,
  {
    client,
    today,
    month,
    date,
    hours,
    leftOut,
    by,
  }: { client: AppSupabaseClient; today: string; month: string | null; date: string | undefined; hours: number; leftOut: LeftOut; by?: CalendarAsker },
) {
  const facts = await startFacts(context);
  const firstCustomerDay = firstMoveDate(facts.now.date, facts.rules);
  const opensOn = by === "office" ? today : firstCustomerDay;
  const question = { month: monthToShow(today, month, date, opensOn), today, date, hours, ...leftOut };
  if (by !== "office") return wizardAvailabilityView(await wizardAvailability(client, question, facts));
  // The office may book over the lead time on purpose ('Book it anyway'), so its calendar has the days
  // from today with their crews, those before the first day customers may book marked too soon.
  const fromToday = await wizardAvailability(client, question, { ...facts, rules: { ...facts.rules, minimumLeadDays: 0 } });
  return markedTooSoon(wizardAvailabilityView(fromToday), firstCustomerDay);
}

/**
 * The month's days and the date's slots for a move of `hours`, as JSON, judged by the database for
 * `client` (leaving out `leftOut`, the asker's own booking): only whether each day is open, full or
 * closed and which start times fit. A month that cannot be booked shows the date's, or this month's;
 * 503 when the database cannot answer.
 */
export async function availabilityAnswer(
  context: Context,
  {
    client,
    month,
    date,
    hours,
    leftOut,
    by,
  }: { client: AppSupabaseClient; month: string; date: string | undefined; hours: number; leftOut: LeftOut; by?: CalendarAsker },
) {
  const { today } = await companyDay(context);
  try {
    return data(await moveCalendar(context, { client, today, month, date, hours, leftOut, by }), { headers: noStore });
  } catch (error) {
    if (!(error instanceof CapacityReadError)) throw error;
    context.get(requestContext).logger.error({ err: error }, "could not read the free days and times");
    return data({ error: AVAILABILITY_MESSAGES.unavailable }, { status: 503, headers: noStore });
  }
}

/** An asker who has asked too often: 429, and when to ask again. */
export const tooManyAvailabilityQuestions = (message: string, wait: number) =>
  data({ error: message }, { status: 429, headers: { ...noStore, "Retry-After": String(wait) } });
