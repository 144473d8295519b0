import { z } from "zod/mini";

// A calendar date as forms, addresses and the database write it: YYYY-MM-DD, and a day its month has
// (2028-02-29 is one; 2027-02-29 and 2027-02-30 are not, whatever JavaScript's Date rolls them over to).

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A real calendar date written YYYY-MM-DD; anything else fails with `message`. */
export function calendarDateSchema(message?: string) {
  return z.string({ error: message }).check(z.refine(isCalendarDate, { error: message }));
}
