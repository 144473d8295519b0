import type { ReactNode } from "react";
import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, href } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { TextField } from "~/components/ui/text-field";
import { formatTimeSlot } from "~/domain/booking-labels";
import {
  ASK_CUSTOMERS,
  CLOSE_CONFIRMED,
  ISO_WEEKDAYS,
  MAX_CREWS,
  SCHEDULE_INTENTS,
  ISO_WEEKDAY_NAMES,
  scheduleDaySchema,
  weekdayCrewsSchema,
  type IsoWeekday,
} from "~/domain/schedule";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

/** Which of the page's forms an answer is for. */
export type ScheduleFormName = "day-crews" | "close-day" | "weekday-crews";
/** A booking that holds a crew on a day the office asks to close. */
export interface BookingToMove {
  id: string;
  fullName: string;
  /** "HH:MM", or null. */
  time: string | null;
  /** A deposit was paid: its customer is the one asked to pick another day. */
  paid: boolean;
}

/** What the page's action answers: a form's errors, or the bookings of a day it was asked to close, to confirm. */
export type ScheduleActionData =
  { form: ScheduleFormName; result: SubmissionResult<string[]> } | { form: "close-day-confirm"; reason: string | null; bookings: BookingToMove[] };

const resultFor = (actionData: ScheduleActionData | undefined, form: ScheduleFormName) =>
  actionData && "result" in actionData && actionData.form === form ? actionData.result : undefined;

const crewsHint = `A whole number from 0 to ${MAX_CREWS}; 0 takes no bookings that day.`;

/**
 * What the office changes about one day: its crews, closing it (with the reason customers are told),
 * or giving it back to its weekday's crews. Plain posts to the page; bookings already made keep their crews.
 */
export function ScheduleDayForms({
  dayLabel,
  dayPath,
  crews,
  closed,
  custom,
  weekdayName,
  weekdayCrews,
  actionData,
}: {
  dayLabel: string;
  /** The page of this day, where Cancel goes back to. */
  dayPath: string;
  crews: number;
  closed: boolean;
  custom: boolean;
  weekdayName: string;
  weekdayCrews: number;
  actionData: ScheduleActionData | undefined;
}) {
  const settingCrews = useIsSubmitting(SCHEDULE_INTENTS.setCrews);
  const closing = useIsSubmitting(SCHEDULE_INTENTS.close);
  const reopening = useIsSubmitting(SCHEDULE_INTENTS.reopen);
  const [crewsForm, crewsFields] = useForm({
    id: "schedule-day-crews",
    lastResult: resultFor(actionData, "day-crews"),
    defaultValue: { crews: String(crews) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: scheduleDaySchema() }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [closeForm, closeFields] = useForm({
    id: "schedule-close-day",
    lastResult: resultFor(actionData, "close-day"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: scheduleDaySchema() }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="schedule-day-settings-heading" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <h2 id="schedule-day-settings-heading" className="text-lg font-semibold">
          Crews on {dayLabel}
        </h2>
        <p className="text-sm text-slate-600">
          {custom ? "This day has its own setting." : `${weekdayName}s have ${weekdayCrews} ${weekdayCrews === 1 ? "crew" : "crews"}.`} Bookings already made
          keep their crews.
        </p>
      </div>
      <Form method="post" {...getFormProps(crewsForm)} noValidate className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value={SCHEDULE_INTENTS.setCrews} />
        {crewsForm.errors?.[0] ? <FormAlert id={crewsForm.errorId} title="Error" description={crewsForm.errors[0]} /> : null}
        <div className="w-40">
          <TextField field={crewsFields.crews} label="Crews that day" type="text" autoComplete="off" hint={crewsHint} inputProps={{ inputMode: "numeric" }} />
        </div>
        <StatusButton type="submit" pending={settingCrews}>
          Set crews
        </StatusButton>
      </Form>
      {actionData?.form === "close-day-confirm" && !closed ? (
        <CloseDayConfirmation dayLabel={dayLabel} dayPath={dayPath} reason={actionData.reason} bookings={actionData.bookings} pending={closing} />
      ) : closed ? null : (
        <Form method="post" {...getFormProps(closeForm)} noValidate className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value={SCHEDULE_INTENTS.close} />
          <div className="min-w-48 flex-1">
            <TextField
              field={closeFields.reason}
              label="Reason for closing (optional)"
              type="text"
              autoComplete="off"
              hint="Customers read it when they choose this day, e.g. Thanksgiving."
              inputProps={{ maxLength: 200 }}
            />
          </div>
          <button type="submit" disabled={closing} className={buttonClasses("outline", "md", "border-red-300 text-red-800 hover:bg-red-50")}>
            Close this day
          </button>
        </Form>
      )}
      {custom ? (
        <Form method="post">
          <input type="hidden" name="intent" value={SCHEDULE_INTENTS.reopen} />
          <button type="submit" disabled={reopening} className={buttonClasses("outline")}>
            {closed ? "Reopen with" : "Back to"} {weekdayName}&apos;s {weekdayCrews} {weekdayCrews === 1 ? "crew" : "crews"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/**
 * The second step of closing a day that has bookings: each of them (a link to its details), then two
 * ways to confirm (`confirm=1`): close and email the customers who paid to pick another day, or close
 * and call them; or Cancel.
 */
function CloseDayConfirmation({
  dayLabel,
  dayPath,
  reason,
  bookings,
  pending,
}: {
  dayLabel: string;
  dayPath: string;
  reason: string | null;
  bookings: BookingToMove[];
  pending: boolean;
}) {
  const count = `${bookings.length} ${bookings.length === 1 ? "booking" : "bookings"}`;
  const paid = bookings.filter((booking) => booking.paid).length;
  return (
    <section aria-labelledby="close-day-confirm-heading" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      <h3 id="close-day-confirm-heading" className="font-semibold text-slate-900">
        Close {dayLabel} with {count}?
      </h3>
      <p className="text-slate-700">Closing keeps these bookings but leaves them no crew: each needs another day, or to be cancelled.</p>
      <ul className="flex flex-col gap-1">
        {bookings.map((booking) => (
          <li key={booking.id}>
            <Link to={href("/admin/bookings/:bookingId", { bookingId: booking.id })} className="font-medium text-brand-700 hover:underline">
              {booking.fullName}
            </Link>
            <span className="text-slate-600">
              {" "}
              · {booking.time ? formatTimeSlot(booking.time) : "No time"}
              {booking.paid ? "" : " · deposit not paid"}
            </span>
          </li>
        ))}
      </ul>
      {paid > 0 ? (
        <p className="text-slate-700">
          Email {paid === 1 ? "the customer who paid a deposit" : `the ${paid} customers who paid a deposit`} to pick another day online? Until they do, their
          bookings are marked as needing a new date, and they may also cancel with the deposit refunded in full.
        </p>
      ) : null}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={SCHEDULE_INTENTS.close} />
        <input type="hidden" name="reason" value={reason ?? ""} />
        <input type="hidden" name="confirm" value={CLOSE_CONFIRMED} />
        {paid > 0 ? (
          <CloseDayButton ask={ASK_CUSTOMERS.yes} pending={pending}>
            Close and email {paid === 1 ? "the customer" : "the customers"}
          </CloseDayButton>
        ) : null}
        <CloseDayButton ask={ASK_CUSTOMERS.no} pending={pending}>
          {paid > 0 ? "Close without emailing" : "Confirm: close this day"}
        </CloseDayButton>
        <Link to={dayPath} className={buttonClasses("outline")}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** One way to confirm closing the day: whether its customers who paid are emailed to pick another day. */
function CloseDayButton({ ask, pending, children }: { ask: (typeof ASK_CUSTOMERS)[keyof typeof ASK_CUSTOMERS]; pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      name="askCustomers"
      value={ask}
      disabled={pending}
      className={buttonClasses("outline", "md", "border-red-300 text-red-800 hover:bg-red-50")}
    >
      {children}
    </button>
  );
}

/** The crews of each weekday, the schedule's default for every date without a setting of its own. */
export function WeekdayCrewsForm({ crews, actionData }: { crews: Record<IsoWeekday, number>; actionData: ScheduleActionData | undefined }) {
  const pending = useIsSubmitting(SCHEDULE_INTENTS.weekdays);
  const [form, fields] = useForm({
    id: "schedule-weekday-crews",
    lastResult: resultFor(actionData, "weekday-crews"),
    defaultValue: Object.fromEntries(ISO_WEEKDAYS.map((weekday) => [`weekday${weekday}`, String(crews[weekday])])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: weekdayCrewsSchema() }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const weekdayFields = [fields.weekday1, fields.weekday2, fields.weekday3, fields.weekday4, fields.weekday5, fields.weekday6, fields.weekday7] as const;
  return (
    <section aria-labelledby="weekday-crews-heading" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <h2 id="weekday-crews-heading" className="text-lg font-semibold">
          Crews on each weekday
        </h2>
        <p className="text-sm text-slate-600">Every date takes its weekday&apos;s crews unless it has its own. 0 closes that weekday.</p>
      </div>
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={SCHEDULE_INTENTS.weekdays} />
        {form.errors?.[0] ? <FormAlert id={form.errorId} title="Error" description={form.errors[0]} /> : null}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {ISO_WEEKDAYS.map((weekday, index) => (
            <TextField
              key={weekday}
              field={weekdayFields[index]!}
              label={ISO_WEEKDAY_NAMES[weekday]}
              type="text"
              autoComplete="off"
              inputProps={{ inputMode: "numeric" }}
            />
          ))}
        </div>
        <div>
          <StatusButton type="submit" pending={pending}>
            Save weekday crews
          </StatusButton>
        </div>
      </Form>
    </section>
  );
}
