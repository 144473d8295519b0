// When a booking's reminders are due, and when the company may send a message at all. Every instant is
// computed from the move's wall-clock date and time in the company's time zone; `changedAt` (when the
// booking was made or last changed) is always passed in.

import { DEFAULT_CUSTOMER_CHANGE_RULES, cancellationDeadline } from "./booking-cancellation";
import { addDays, wallClockAt, zonedWallTimeToInstant } from "./company-time";

/** Hours of the company's clock in which nothing is sent but the answer to what the customer just did. */
export interface QuietHours {
  /** The hour quiet starts, in the evening (21: from 21:00). */
  fromHour: number;
  /** The hour it ends, next morning (8: until 08:00). */
  untilHour: number;
}

export interface ReminderSettings {
  /** The day-before reminder goes out at this hour (company time) on the day before the move. */
  dayBeforeReminderHour: number;
  /** null: no quiet hours. */
  quietHours: QuietHours | null;
  /** Up to this many hours before the move the customer may change or cancel online: the first reminder says so then. */
  changeNoticeHours: number;
}

export const DEFAULT_REMINDER_SETTINGS: Readonly<ReminderSettings> = Object.freeze({
  dayBeforeReminderHour: 17,
  quietHours: Object.freeze({ fromHour: 21, untilHour: 8 }),
  changeNoticeHours: DEFAULT_CUSTOMER_CHANGE_RULES.noticeHours,
});

export type ReminderDue =
  | { kind: "due"; at: Date }
  /** Its instant had passed when the booking was made or changed: a stale reminder is never sent. */
  | { kind: "none"; reason: "already-past" };

export interface ReminderSchedule {
  /** The last moment to change or cancel online; never later than that moment. */
  fortyEightHours: ReminderDue;
  dayBefore: ReminderDue;
}

export interface ReminderMove {
  /** YYYY-MM-DD, the move's date on the company's clock. */
  movingDate: string;
  /** HH:MM on the company's clock, or null ("No preferred time"): the day's first slot. */
  movingTime: string | null;
  timeZone: string;
  /** When the booking was made or last changed. */
  changedAt: Date;
}

/** Whether `instant` falls in quiet hours (by default 21:00 up to 08:00) on `timeZone`'s clock. */
export function isQuietHour(instant: Date, timeZone: string, quietHours: QuietHours | null = DEFAULT_REMINDER_SETTINGS.quietHours): boolean {
  if (!quietHours) return false;
  return isQuietClockHour(Math.floor(wallClockAt(instant, timeZone).minutes / 60), quietHours);
}

/**
 * The first instant from `instant` on at which a message that is not the direct answer to what the customer
 * just did may be sent: `instant` itself, or the end of the quiet hours it falls in.
 */
export function nextSendableInstant(instant: Date, timeZone: string, quietHours: QuietHours | null = DEFAULT_REMINDER_SETTINGS.quietHours): Date {
  if (!quietHours || !isQuietHour(instant, timeZone, quietHours)) return instant;
  const clock = wallClockAt(instant, timeZone);
  const morning = clock.minutes >= quietHours.fromHour * 60 ? addDays(clock.date, 1) : clock.date;
  return zonedWallTimeToInstant(morning, hourOfDay(quietHours.untilHour), timeZone);
}

/**
 * When a move's two reminders are due.
 * - The 48-hour reminder is due 48 elapsed hours before the move starts (the last moment to change or cancel
 *   online), so across a daylight-saving change the wall clock reads 47 or 49 hours earlier. It must never
 *   arrive after that moment: in quiet hours it moves earlier, to the hour before they began (20:00) that evening.
 * - The day-before reminder is due at the set hour on the calendar day before the move, on the company's clock.
 * A reminder due at or before `changedAt` is not due at all.
 */
export function reminderSchedule(move: ReminderMove, settings: ReminderSettings = DEFAULT_REMINDER_SETTINGS): ReminderSchedule {
  const { movingDate, movingTime, timeZone, changedAt } = move;
  const { dayBeforeReminderHour, quietHours, changeNoticeHours } = settings;
  if (!Number.isInteger(dayBeforeReminderHour) || dayBeforeReminderHour < 0 || dayBeforeReminderHour > 23) {
    throw new RangeError(`not an hour of the day: ${dayBeforeReminderHour}`);
  }
  if (quietHours && isQuietClockHour(dayBeforeReminderHour, quietHours)) {
    throw new RangeError(`the day-before reminder hour ${dayBeforeReminderHour} falls in quiet hours`);
  }
  const lastOnlineChange = cancellationDeadline(movingDate, movingTime, timeZone, changeNoticeHours);
  const fortyEightHours = quietHours ? beforeQuietHours(lastOnlineChange, timeZone, quietHours) : lastOnlineChange;
  const dayBefore = zonedWallTimeToInstant(addDays(movingDate, -1), hourOfDay(dayBeforeReminderHour), timeZone);
  return { fortyEightHours: dueAfter(fortyEightHours, changedAt), dayBefore: dueAfter(dayBefore, changedAt) };
}

/** `instant`, or when it falls in quiet hours, the last sendable hour of the evening they began. */
function beforeQuietHours(instant: Date, timeZone: string, quietHours: QuietHours): Date {
  if (!isQuietHour(instant, timeZone, quietHours)) return instant;
  const clock = wallClockAt(instant, timeZone);
  const evening = clock.minutes >= quietHours.fromHour * 60 ? clock.date : addDays(clock.date, -1);
  return zonedWallTimeToInstant(evening, hourOfDay(quietHours.fromHour - 1), timeZone);
}

/**
 * The day whose moves the office's list names, when it is time to queue it at `now`: tomorrow, from
 * `hour` on the company's clock until midnight; null before that hour.
 */
export function officeListDue(now: Date, timeZone: string, hour: number): { day: string; dueAt: Date } | null {
  const clock = wallClockAt(now, timeZone);
  if (clock.minutes < hour * 60) return null;
  return { day: addDays(clock.date, 1), dueAt: zonedWallTimeToInstant(clock.date, hourOfDay(hour), timeZone) };
}

function dueAfter(at: Date, changedAt: Date): ReminderDue {
  return at.getTime() > changedAt.getTime() ? { kind: "due", at } : { kind: "none", reason: "already-past" };
}

function isQuietClockHour(hour: number, { fromHour, untilHour }: QuietHours): boolean {
  return fromHour > untilHour ? hour >= fromHour || hour < untilHour : hour >= fromHour && hour < untilHour;
}

const hourOfDay = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
