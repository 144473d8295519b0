// The months of the wizard's date picker: which month a date is in, the weeks a month is drawn as,
// and the months a customer may page through (this month to the last bookable day's).

import { lastBookableDate } from "./booking-schemas";
import { addDays } from "./company-time";
import { MONTH_NAMES } from "./calendar-names";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The query parameter that names the month the picker shows ("2026-12"). */
export const MONTH_PARAM = "month";

/** The query of /book/availability: the month shown, the date chosen and the size of the home. */
export const AVAILABILITY_QUERY = { month: MONTH_PARAM, date: "date", size: "size" } as const;

/** The submit button that shows a month without JavaScript (the step is kept, unchecked). */
export function showMonthIntent(month: string): string {
  return `month:${month}`;
}

/** The month a show-month button names, or null for any other button. */
export function monthOfIntent(intent: string): string | null {
  return intent.startsWith("month:") ? parseMonth(intent.slice("month:".length)) : null;
}

/** The submit button that shows the slots of the date just chosen, without JavaScript. */
export const SHOW_TIMES_INTENT = "times";

/** "2026-12" of "2026-12-04". */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** A well-formed "YYYY-MM", or null. */
export function parseMonth(value: string | null | undefined): string | null {
  return value && MONTH.test(value) ? value : null;
}

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const [year = 0, number = 1] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, number - 1 + count, 1));
  return date.toISOString().slice(0, 7);
}

/** The first and last dates of a month, YYYY-MM-DD. */
export function monthDates(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  return { first, last: addDays(`${addMonths(month, 1)}-01`, -1) };
}

/** The months the picker pages through, from today's to the last bookable day's. */
export function bookableMonths(today: string): { first: string; last: string } {
  return { first: monthOf(today), last: monthOf(lastBookableDate(today)) };
}

/**
 * The month to show: the one asked for when bookable, else the chosen date's, else the month of
 * `firstDate`, the first day that may be booked (on a month's last day, with a day's notice, the
 * next month: a calendar with no day to choose would send every customer paging).
 */
export function monthToShow(today: string, asked: string | null, chosenDate: string | undefined, firstDate = today): string {
  const { first, last } = bookableMonths(today);
  const within = (month: string | null): month is string => month !== null && month >= first && month <= last;
  const chosen = chosenDate ? monthOf(chosenDate) : null;
  const opening = monthOf(firstDate);
  return [asked, chosen, opening].find(within) ?? first;
}

/** The dates of a month's days that can be booked (from today to the last bookable day), or null. */
export function bookableDatesOf(month: string, today: string): { from: string; to: string } | null {
  const { first, last } = monthDates(month);
  const from = first > today ? first : today;
  const lastBookable = lastBookableDate(today);
  const to = last < lastBookable ? last : lastBookable;
  return from <= to ? { from, to } : null;
}

/** A month as weeks from Sunday to Saturday: each day's date, null before the 1st and after the last. */
export function calendarWeeks(month: string): Array<Array<string | null>> {
  const { first, last } = monthDates(month);
  const lead = new Date(`${first}T00:00:00Z`).getUTCDay();
  const days: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let date = first; date <= last; date = addDays(date, 1)) days.push(date);
  while (days.length % 7 !== 0) days.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let start = 0; start < days.length; start += 7) weeks.push(days.slice(start, start + 7));
  return weeks;
}

/** "2026-12" → "December 2026" */
export function formatMonth(month: string): string {
  const first = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(first.getTime()) ? month : `${MONTH_NAMES[first.getUTCMonth()]} ${first.getUTCFullYear()}`;
}
