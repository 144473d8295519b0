import { ChevronLeft, ChevronRight } from "lucide-react";
import type { MouseEvent } from "react";
import { formatMoveDate } from "~/domain/booking-labels";
import { WEEKDAY_NAMES } from "~/domain/calendar-names";
import { CAPACITY_MESSAGES, type PickerDay, type WizardAvailability } from "~/domain/capacity";
import { addMonths, bookableMonths, calendarWeeks, formatMonth, monthOf, showMonthIntent } from "~/domain/date-picker-month";
import { useLiveCheck } from "~/hooks/use-hydrated";

/** The month's columns, Sunday first: "Su" for Sunday. */
const WEEKDAYS = WEEKDAY_NAMES.map((long) => ({ long, short: long.slice(0, 2) }));

const DAY_MARKS = { full: CAPACITY_MESSAGES.full, closed: CAPACITY_MESSAGES.closedDay, "too-soon": CAPACITY_MESSAGES.tooSoon } as const;

/**
 * The move date as a month of radio buttons, one per bookable day: days the company is closed or fully
 * booked for this move are marked and cannot be chosen, days before today or past a year ahead are not
 * offered. The month buttons submit the step without checking it (the server keeps what was typed and
 * shows that month) until JavaScript runs, then ask for the month in place. A date chosen in another
 * month than the one shown stays chosen, as a radio of its own above the month. With
 * `allowUnavailable` (the office booking over the free-time check on purpose) closed and full days
 * stay marked but may be chosen.
 */
export function MoveDatePicker({
  name,
  errorId,
  error,
  today,
  availability,
  chosenDate,
  loading,
  onDateChange,
  onMonthChange,
  allowUnavailable = false,
}: {
  name: string;
  errorId: string;
  error: string | undefined;
  today: string;
  availability: WizardAvailability;
  /** The date chosen (the radio checked), if any. */
  chosenDate: string | undefined;
  loading: boolean;
  onDateChange: (date: string) => void;
  onMonthChange: (month: string) => void;
  allowUnavailable?: boolean;
}) {
  const isLive = useLiveCheck();
  const { month, days } = availability;
  const byDate = new Map(days.map((day) => [day.date, day]));
  const { first, last } = bookableMonths(today);
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  const moveTo = (target: string) => (event: MouseEvent<HTMLButtonElement>) => {
    if (!isLive()) return;
    event.preventDefault();
    onMonthChange(target);
  };
  const monthButton = buttonClassesForMonth;
  return (
    <fieldset id="move-date" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">Move date</legend>
      {chosenDate && monthOf(chosenDate) !== month ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={name} value={chosenDate} defaultChecked onChange={() => onDateChange(chosenDate)} className="size-4 accent-brand-700" />
          <span>
            {formatMoveDate(chosenDate)} <span className="text-slate-600">(chosen)</span>
          </span>
        </label>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <button
          type="submit"
          name="intent"
          value={showMonthIntent(previous)}
          formNoValidate
          disabled={previous < first}
          onClick={moveTo(previous)}
          className={monthButton}
        >
          <ChevronLeft aria-hidden className="size-5" />
          <span className="sr-only">Previous month</span>
        </button>
        <p aria-live="polite" className="font-semibold">
          {formatMonth(month)}
        </p>
        <button type="submit" name="intent" value={showMonthIntent(next)} formNoValidate disabled={next > last} onClick={moveTo(next)} className={monthButton}>
          <ChevronRight aria-hidden className="size-5" />
          <span className="sr-only">Next month</span>
        </button>
      </div>
      <table aria-busy={loading || undefined} className={`w-full table-fixed border-separate border-spacing-1 text-center ${loading ? "opacity-60" : ""}`}>
        <caption className="sr-only">{`Days of ${formatMonth(month)}`}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.short} scope="col" className="text-xs font-medium text-slate-500">
                <abbr title={weekday.long} className="no-underline">
                  {weekday.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendarWeeks(month).map((week) => (
            <tr key={week.find(Boolean) ?? month}>
              {week.map((date, index) => (
                <td key={date ?? `blank-${index}`} className="p-0">
                  {date ? (
                    <CalendarDay
                      name={name}
                      date={date}
                      day={byDate.get(date)}
                      chosen={chosenDate === date}
                      allowUnavailable={allowUnavailable}
                      onChoose={onDateChange}
                    />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const buttonClassesForMonth =
  "flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40";

/**
 * One day of the month: a radio when it can be booked (disabled, and marked, when closed or full), else
 * its number alone. The day chosen is never disabled under the customer's hand (a focused radio taken
 * away loses its form's events): it shows its mark, and Continue refuses it with the reason.
 */
function CalendarDay({
  name,
  date,
  day,
  chosen,
  allowUnavailable,
  onChoose,
}: {
  name: string;
  date: string;
  day: PickerDay | undefined;
  chosen: boolean;
  allowUnavailable: boolean;
  onChoose: (date: string) => void;
}) {
  const number = Number(date.slice(8));
  if (!day) {
    return (
      <span aria-hidden className="flex min-h-11 items-center justify-center text-slate-300">
        {number}
      </span>
    );
  }
  const mark = day.state === "open" ? null : DAY_MARKS[day.state];
  return (
    <label className="relative flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-lg border border-transparent leading-none hover:border-brand-600 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:disabled]:cursor-not-allowed has-[:disabled]:border-transparent has-[:disabled]:bg-slate-100 has-[:disabled]:text-slate-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
      <input
        type="radio"
        name={name}
        value={date}
        defaultChecked={chosen}
        disabled={day.state !== "open" && !chosen && !allowUnavailable}
        onChange={() => onChoose(date)}
        aria-label={`${formatMoveDate(date)}${mark ? `, ${mark}` : ""}`}
        className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
      />
      {/* The radio covers the whole day, under its words, so a tap anywhere on the day chooses it. */}
      <span aria-hidden className="pointer-events-none font-medium tabular-nums">
        {number}
      </span>
      {mark ? (
        <span aria-hidden className="pointer-events-none mt-0.5 text-[0.625rem] font-medium uppercase">
          {mark}
        </span>
      ) : null}
    </label>
  );
}
