import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { requestContext, settingsContext } from "~/context";
import type { BookingRow } from "~/domain/booking";
import { formatMoveDateTime } from "~/domain/booking-labels";
import { RESCHEDULE_INTENT, RESCHEDULE_MESSAGES, rescheduleView } from "~/domain/booking-reschedule";
import { moveTimeSchema } from "~/domain/booking-schemas";
import { CAPACITY_MESSAGES, capacityProblems } from "~/domain/capacity";
import { customerChangeRulesOf, moveStartRulesOf } from "~/domain/company-settings";
import { firstMoveDate } from "~/domain/move-start-rules";
import { MONTH_PARAM, SHOW_TIMES_INTENT, monthOf, monthOfIntent, monthToShow, parseMonth } from "~/domain/date-picker-month";
import { isCalendarDate } from "~/domain/calendar-date";
import { bookingHours, isTimeSlot } from "~/domain/pricing";
import { companyDay } from "~/services/company-day.server";
import { wizardAvailability } from "~/services/capacity.server";
import type { CustomerRescheduleResult, NewMoveTime } from "~/services/customer-reschedule.server";
import type { AppSupabaseClient } from "~/services/supabase.server";
import { setToast } from "~/services/toast.server";
import { moveCalendar, startFacts } from "./availability-answer.server";
import { bookingNotFound } from "./booking-params";
import { FORM_NOT_TAKEN } from "./form-intent";

// A customer moves their booking to another day or time: the page's calendar (the wizard's, for this
// move, its own crew left out) and its form, for the signed-in owner and the holder of the link of
// its emails alike. The month pages and a date's free times are addresses of the page, so they work
// without JavaScript; with it the calendar asks its resource route instead.

type Context = Readonly<RouterContextProvider>;

/** The query of the reschedule page that chooses what its calendar shows. */
const CHOSEN = { date: "date", time: "time" } as const;

/** Who asks: the client the database judges (the owner's, or the service role for a link), and the booking it leaves out. */
export interface RescheduleAsker {
  client: AppSupabaseClient;
  row: BookingRow;
}

/**
 * What the reschedule page shows: the move as it is, whether it may still be moved (and until when),
 * and the calendar of the month asked for (`?month=`), with the date and time chosen so far (`?date=`,
 * `?time=`, else the move's own) and that date's slots.
 */
export async function reschedulePage(context: Context, { client, row }: RescheduleAsker, url: URL) {
  const settings = await context.get(settingsContext)();
  const view = rescheduleView(row, new Date(), { timeZone: settings.timeZone, rules: customerChangeRulesOf(settings) });
  const current = { date: row.moving_date, time: row.moving_time?.slice(0, 5) ?? null };
  const asked = url.searchParams.get(CHOSEN.date);
  const date = asked && isCalendarDate(asked) ? asked : current.date;
  const askedTime = url.searchParams.get(CHOSEN.time);
  const time = askedTime === null ? current.time : isTimeSlot(askedTime) ? askedTime : null;
  const base = { view, current: { ...current, words: formatMoveDateTime(current.date, current.time) }, chosen: { date, time } };
  if (view.kind !== "allowed" && view.kind !== "new-date-needed") return { ...base, today: null, availability: null };
  const { today } = await companyDay(context);
  const month = monthToShow(today, parseMonth(url.searchParams.get(MONTH_PARAM)), date, firstMoveDate(today, moveStartRulesOf(settings)));
  const availability = await moveCalendar(context, {
    client,
    today,
    month,
    date: monthOf(date) === month ? date : undefined,
    hours: bookingHours(row),
    leftOut: { exceptBooking: row.id },
  });
  return { ...base, today, availability };
}

/** The page's address showing `month` (or the date's), with the date and time chosen so far. */
function pageShowing(pagePath: string, { month, date, time }: { month?: string; date?: string; time?: string }): string {
  const [path, query] = pagePath.split("?");
  const params = new URLSearchParams(query);
  if (month) params.set(MONTH_PARAM, month);
  if (date) params.set(CHOSEN.date, date);
  if (time !== undefined) params.set(CHOSEN.time, time);
  return `${path}?${params}`;
}

/**
 * The reschedule form's post. A month or a date's free times asked for without JavaScript: the page
 * showing them, with what was chosen kept. `intent=reschedule`: the new date and time, checked, then
 * `reschedule` (the database applies the company's rules and takes the crew); done, the booking's page
 * with a message; refused, the form again with the reason by its field (4xx), the booking unchanged.
 */
export async function rescheduleAction(
  context: Context,
  form: FormData,
  {
    asker,
    pagePath,
    donePath,
    reschedule,
  }: { asker: RescheduleAsker; pagePath: string; donePath: string; reschedule: (to: NewMoveTime) => Promise<CustomerRescheduleResult> },
) {
  const intent = String(form.get("intent") ?? "");
  const chosen = { date: String(form.get(CHOSEN.date) ?? "") || undefined, time: String(form.get(CHOSEN.time) ?? "") };
  const month = monthOfIntent(intent);
  if (month) return redirect(`${pageShowing(pagePath, { ...chosen, month })}#move-date`);
  if (intent === SHOW_TIMES_INTENT) return redirect(`${pageShowing(pagePath, chosen)}#start-time`);
  if (intent !== RESCHEDULE_INTENT) throw data(FORM_NOT_TAKEN, { status: 400 });

  const { today } = await companyDay(context);
  const submission = parseWithZod(form, { schema: moveTimeSchema(today) });
  if (submission.status !== "success") return data({ result: submission.reply(), page: null }, { status: 400 });
  const to = { date: submission.value.date, time: submission.value.time ?? null };
  const { row } = asker;
  if (to.date === row.moving_date && to.time === (row.moving_time?.slice(0, 5) ?? null)) {
    return data({ result: submission.reply({ formErrors: [RESCHEDULE_MESSAGES.sameTime] }), page: null }, { status: 400 });
  }

  // Refused: the form again, showing the date and time posted as the calendar now judges them.
  const refused = async (reply: SubmissionResult<string[]>, status: number) =>
    data(
      { result: reply, page: await reschedulePage(context, asker, new URL(pageShowing(pagePath, { date: to.date, time: to.time ?? "" }), "http://page")) },
      { status },
    );
  const result = await reschedule(to);
  const settings = await context.get(settingsContext)();
  const rules = customerChangeRulesOf(settings);
  switch (result.kind) {
    case "rescheduled": {
      const { booking } = result;
      context.get(requestContext).logger.info({ bookingId: booking.id }, "the customer moved their booking");
      await setToast(context, {
        type: "success",
        title: RESCHEDULE_MESSAGES.rescheduled,
        description: RESCHEDULE_MESSAGES.rescheduledDescription(formatMoveDateTime(booking.moving_date, booking.moving_time?.slice(0, 5))),
      });
      return redirect(donePath);
    }
    case "not-found":
      throw bookingNotFound();
    case "not-changeable":
      return refused(submission.reply({ formErrors: [RESCHEDULE_MESSAGES.notChangeable] }), 409);
    case "too-late":
      return refused(submission.reply({ formErrors: [RESCHEDULE_MESSAGES.tooLate(rules.noticeHours)] }), 409);
    case "limit-reached":
      return refused(submission.reply({ formErrors: [RESCHEDULE_MESSAGES.limitReached(rules.rescheduleLimit)] }), 409);
    case "not-bookable":
    case "day-closed":
    case "full": {
      // Why, by field, as the calendar now judges the new date: the wizard's words.
      const { day } = await wizardAvailability(
        asker.client,
        { month: monthOf(to.date), today, date: to.date, hours: bookingHours(row), exceptBooking: row.id },
        await startFacts(context),
      );
      const problems = day ? capacityProblems(day, to.time ?? undefined, { timeJustTaken: false }) : {};
      if (!problems.date && !problems.time) return refused(submission.reply({ fieldErrors: { time: [CAPACITY_MESSAGES.slotTaken] } }), 409);
      return refused(submission.reply({ fieldErrors: { date: problems.date ? [problems.date] : [], time: problems.time ? [problems.time] : [] } }), 409);
    }
  }
}
