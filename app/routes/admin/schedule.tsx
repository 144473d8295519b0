import { companyDay } from "~/services/company-day.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link, data, href, redirect } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { ScheduleDayGrid } from "~/components/admin/schedule-day-grid";
import { ScheduleDayForms, WeekdayCrewsForm, type ScheduleActionData, type ScheduleFormName } from "~/components/admin/schedule-forms";
import { ScheduleOverview } from "~/components/admin/schedule-overview";
import { StatusBadge } from "~/components/dashboard/status-badge";
import { buttonClasses } from "~/components/ui/button";
import { requestContext, servicesContext, sessionContext } from "~/context";
import { formatMoveDate, formatTimeSlot } from "~/domain/booking-labels";
import { addDays } from "~/domain/company-time";
import { depositStateLabel } from "~/domain/booking-status";
import { minutesOf } from "~/domain/move-start-rules";
import { hasPermission } from "~/domain/permissions";
import {
  ASK_CUSTOMERS,
  ISO_WEEKDAYS,
  SCHEDULE_INTENTS,
  SCHEDULE_MESSAGES,
  ISO_WEEKDAY_NAMES,
  CLOSE_CONFIRMED,
  isoWeekdayOf,
  overviewDays,
  scheduleDayFrom,
  scheduleDaySchema,
  scheduleDaySummary,
  weekdayCrewsSchema,
} from "~/domain/schedule";
import { ensurePermission } from "~/middleware/guards.server";
import { readFormBody } from "~/services/form-body.server";
import { changeScheduleDay, changeWeekdayCrews, crewsByWeekday, scheduleOfDay, scheduleOverview, type ScheduleChangeResult } from "~/services/schedule.server";
import { currentAccount } from "~/services/session.server";
import { setToast } from "~/services/toast.server";
import type { Route } from "./+types/schedule";
import { FORM_NOT_TAKEN } from "../form-intent";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(loaderData ? `Schedule · ${formatMoveDate(loaderData.day)} · Admin` : "Schedule · Admin", matches);

const schedulePath = (day: string) => `${href("/admin/schedule")}?day=${day}`;

/**
 * One day of the schedule (`?day=YYYY-MM-DD`, today in the company's time zone when missing or no
 * real date) and the two weeks from the Monday of its week, for staff who read the schedule; the
 * forms only for those who may change it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "schedule:read");
  const session = context.get(sessionContext);
  const { timeZone, today } = await companyDay(context);
  const day = scheduleDayFrom(new URL(request.url).searchParams, today);
  const days = overviewDays(day);
  const [roles, bookings, overview, workingHours, weekdayCrews] = await Promise.all([
    session.roles(),
    scheduleOfDay(session.supabase, day, timeZone),
    scheduleOverview(session.supabase, days.includes(day) ? days : [...days, day]),
    // The company's hours, the same for every caller: this process's short-lived copy of them.
    context.get(servicesContext).workingHours.get(),
    crewsByWeekday(session.supabase),
  ]);
  const capacity = overview.find((entry) => entry.date === day);
  if (!capacity) {
    context.get(requestContext).logger.error({ day }, "the schedule's overview left out the chosen day");
    throw data("The schedule could not be read.", { status: 500 });
  }
  return {
    day,
    today,
    previous: addDays(day, -1),
    next: addDays(day, 1),
    capacity,
    bookings,
    overview: overview.filter((entry) => days.includes(entry.date)),
    hours: { opens: minutesOf(workingHours.opensAt), closes: minutesOf(workingHours.closesAt) },
    weekdayCrews,
    canManage: hasPermission(roles, "schedule:manage"),
  };
}

const reply = (form: ScheduleFormName, result: SubmissionResult<string[]>, status: number) => data<ScheduleActionData>({ form, result }, { status });

/**
 * The page's forms, for staff who may change the schedule (others get the 403 page): a day's crews,
 * closing or reopening it, or the crews of each weekday. Errors go back beside their fields; a change
 * goes back to the same day with a toast. Closing a day that has bookings answers with them and a
 * Confirm button (`confirm=1`) first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await ensurePermission(request, context, "schedule:manage");
  const form = await readFormBody(request);
  const { supabase } = context.get(sessionContext);
  const { timeZone, today } = await companyDay(context);
  const day = scheduleDayFrom(new URL(request.url).searchParams, today);
  const intent = form.get("intent");

  let result: ScheduleChangeResult;
  let description: string;
  if (intent === SCHEDULE_INTENTS.weekdays) {
    const submission = parseWithZod(form, { schema: weekdayCrewsSchema() });
    if (submission.status !== "success") return reply("weekday-crews", submission.reply(), 400);
    const crews = Object.fromEntries(ISO_WEEKDAYS.map((weekday) => [weekday, submission.value[`weekday${weekday}`]]));
    result = await changeWeekdayCrews(supabase, crews as Record<(typeof ISO_WEEKDAYS)[number], number>);
    description = SCHEDULE_MESSAGES.weekdaysSaved;
  } else if (intent === SCHEDULE_INTENTS.setCrews || intent === SCHEDULE_INTENTS.close || intent === SCHEDULE_INTENTS.reopen) {
    const submission = parseWithZod(form, { schema: scheduleDaySchema() });
    if (submission.status !== "success") return reply(intent === SCHEDULE_INTENTS.close ? "close-day" : "day-crews", submission.reply(), 400);
    const change = submission.value;
    if (change.intent === SCHEDULE_INTENTS.close && change.confirm !== CLOSE_CONFIRMED) {
      // A day with bookings is closed only once the office has seen them: the answer lists them and asks.
      const holding = (await scheduleOfDay(supabase, day, timeZone)).filter((booking) => booking.span !== null);
      if (holding.length > 0) {
        return data<ScheduleActionData>({
          form: "close-day-confirm",
          reason: change.reason,
          bookings: holding.map((booking) => ({
            id: booking.id,
            fullName: booking.fullName,
            time: booking.time,
            paid: booking.depositStatus !== "unpaid",
          })),
        });
      }
    }
    result = await changeScheduleDay(supabase, day, change);
    description =
      change.intent === "set-crews"
        ? SCHEDULE_MESSAGES.crewsSet(day, change.crews)
        : change.intent === "close-day"
          ? change.askCustomers === ASK_CUSTOMERS.yes
            ? SCHEDULE_MESSAGES.closedAndAsked(day)
            : SCHEDULE_MESSAGES.closed(day)
          : SCHEDULE_MESSAGES.reopened(day);
  } else {
    throw data(FORM_NOT_TAKEN, { status: 400 });
  }

  switch (result.kind) {
    case "forbidden":
      throw data({ account: await currentAccount(context) }, { status: 403 });
    case "changed":
      await setToast(context, { type: "success", title: SCHEDULE_MESSAGES.updated, description });
      break;
    case "unchanged":
      await setToast(context, { type: "info", title: SCHEDULE_MESSAGES.unchanged, description: SCHEDULE_MESSAGES.unchangedDescription });
      break;
    default:
      result satisfies never;
  }
  return redirect(schedulePath(day));
}

export default function AdminSchedule({ loaderData, actionData }: Route.ComponentProps) {
  const { day, today, previous, next, capacity, bookings, overview, hours, weekdayCrews, canManage } = loaderData;
  const dayLabel = formatMoveDate(day);
  const weekday = isoWeekdayOf(day);
  const notHolding = bookings.filter((booking) => booking.span === null);
  const holding = bookings.length - notHolding.length;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Schedule" description="Each crew's moves on a day, two weeks at a glance, and the crews the company has." />

      <nav aria-label="Days" className="flex flex-wrap items-center gap-2">
        <Link to={schedulePath(previous)} className={buttonClasses("outline", "sm")} rel="prev">
          <ChevronLeft aria-hidden className="size-4" />
          Previous day
        </Link>
        <Link to={schedulePath(next)} className={buttonClasses("outline", "sm")} rel="next">
          Next day
          <ChevronRight aria-hidden className="size-4" />
        </Link>
        {day !== today ? (
          <Link to={schedulePath(today)} className={buttonClasses("ghost", "sm")}>
            Today
          </Link>
        ) : null}
        <Form method="get" className="flex items-end gap-2">
          <label htmlFor="schedule-day" className="sr-only">
            Go to day
          </label>
          <input id="schedule-day" type="date" name="day" defaultValue={day} className="h-9 rounded-lg border border-slate-300 px-2 text-sm" />
          <button type="submit" className={buttonClasses("outline", "sm")}>
            Go
          </button>
        </Form>
      </nav>

      <section aria-labelledby="schedule-day-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="schedule-day-heading" className="text-xl font-semibold">
            {dayLabel}
          </h2>
          <p className="text-sm text-slate-700" data-testid="schedule-day-summary">
            {scheduleDaySummary(capacity, holding)}
          </p>
        </div>
        <ScheduleDayGrid
          dayLabel={dayLabel}
          bookings={bookings}
          crews={capacity.crews}
          closed={capacity.state === "closed"}
          opens={hours.opens}
          closes={hours.closes}
        />
        {notHolding.length > 0 ? (
          <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <summary className="cursor-pointer font-medium">
              {notHolding.length} more {notHolding.length === 1 ? "booking" : "bookings"} this day without a crew (cancelled, or unpaid with no hold)
            </summary>
            <ul className="mt-2 flex flex-col gap-2">
              {notHolding.map((booking) => (
                <li key={booking.id} className="flex flex-wrap items-center gap-2">
                  <Link to={href("/admin/bookings/:bookingId", { bookingId: booking.id })} className="font-medium text-brand-700 hover:underline">
                    {booking.fullName}
                  </Link>
                  <span className="text-slate-600">{booking.time ? formatTimeSlot(booking.time) : "No time"}</span>
                  <StatusBadge status={booking.status} />
                  <span className="text-slate-600">{depositStateLabel({ deposit_status: booking.depositStatus, refund_due_at: null })}</span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      {canManage ? (
        <ScheduleDayForms
          // A change of the day's crews or state draws the forms afresh, so the crews box shows what the day has now.
          key={`${day}:${capacity.state}:${capacity.crews}`}
          dayPath={schedulePath(day)}
          dayLabel={dayLabel}
          crews={capacity.crews}
          closed={capacity.state === "closed" && capacity.custom}
          custom={capacity.custom}
          weekdayName={ISO_WEEKDAY_NAMES[weekday]}
          weekdayCrews={weekdayCrews[weekday]}
          actionData={actionData}
        />
      ) : null}

      <ScheduleOverview days={overview} selected={day} linkTo={schedulePath} />

      {canManage ? <WeekdayCrewsForm crews={weekdayCrews} actionData={actionData} /> : null}
    </div>
  );
}
