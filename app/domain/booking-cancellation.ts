// When a move starts, and whether its customer may still cancel it on their own. The database's
// `cancel_my_booking` applies the same rule (`move_starts_at`, `customer_cancellation_notice`); the
// page uses this one to offer the button or the phone number. `now` is always passed in.

import { COMPANY } from "./company";
import { TIME_SLOTS } from "./pricing";

/** How long before the move a customer may still cancel online; closer to it, they call the company. */
export const CUSTOMER_CANCELLATION_NOTICE_HOURS = 48;

/** A move without a picked time slot is taken to start at the first slot. */
export const DEFAULT_MOVE_TIME = TIME_SLOTS[0];

export const CANCELLATION_MESSAGES = {
  cancelled: "Booking cancelled",
  cancelledDescription: "Your booking has been cancelled.",
  notCancellable: "This booking can no longer be cancelled.",
  tooLate: `Your move is less than ${CUSTOMER_CANCELLATION_NOTICE_HOURS} hours away, so it can no longer be cancelled online.`,
  callToCancel: "Please call us to cancel or change it.",
} as const;

const HOUR_MS = 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a wall-clock date and time in `timeZone` names, read as PostgreSQL's
 * `timestamp at time zone` reads it: a time the clocks skip (spring forward) counts in the offset
 * before the change, and a time that happens twice (fall back) as the later, standard one.
 * Throws RangeError for a date or time it cannot read.
 */
export function zonedWallTimeToInstant(date: string, time: string, timeZone: string): Date {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) throw new RangeError(`not a date and time: ${date} ${time}`);
  const [year, month, day, hours, minutes, seconds] = [d[1], d[2], d[3], t[1], t[2], t[3] ?? "0"].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hours > 23 || minutes > 59 || seconds > 59) {
    throw new RangeError(`not a date and time: ${date} ${time}`);
  }
  // Offsets change at most once a day: the ones a day either side bracket any change near this time.
  const offsetBefore = zoneOffsetMs(new Date(wall - 24 * HOUR_MS), timeZone);
  const offsetAfter = zoneOffsetMs(new Date(wall + 24 * HOUR_MS), timeZone);
  const later = wall - offsetAfter;
  if (zoneOffsetMs(new Date(later), timeZone) === offsetAfter) return new Date(later);
  return new Date(wall - offsetBefore);
}

/** The numbers `timeZone`'s wall clock shows at `instant`. */
function wallClockParts(instant: Date, timeZone: string): (type: Intl.DateTimeFormatPartTypes) => number {
  const parts = zoneParts(timeZone).formatToParts(instant);
  return (type) => Number(parts.find((part) => part.type === type)?.value);
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant` (negative west of Greenwich). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const get = wallClockParts(instant, timeZone);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** What `timeZone`'s wall clock reads at `instant`: its date (YYYY-MM-DD) and the minutes since midnight. */
export function wallClockAt(instant: Date, timeZone: string): { date: string; minutes: number } {
  const get = wallClockParts(instant, timeZone);
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  return { date: `${get("year")}-${twoDigits(get("month"))}-${twoDigits(get("day"))}`, minutes: get("hour") * 60 + get("minute") };
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneParts(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** When a move starts: its date at its time slot (08:00 when none was picked) in the company's time zone. */
export function moveStartsAt(movingDate: string, movingTime: string | null): Date {
  return zonedWallTimeToInstant(movingDate, movingTime ?? DEFAULT_MOVE_TIME, COMPANY.timeZone);
}

/** The last moment the customer may cancel online: 48 elapsed hours before the move starts. */
export function cancellationDeadline(movingDate: string, movingTime: string | null): Date {
  return new Date(moveStartsAt(movingDate, movingTime).getTime() - CUSTOMER_CANCELLATION_NOTICE_HOURS * HOUR_MS);
}

export type CustomerCancellation =
  /** The customer may cancel online until `deadline`. */
  | { kind: "allowed"; deadline: Date }
  /** Still ahead, but less than 48 hours away (or past): only the company can cancel it now. */
  | { kind: "too-late" }
  /** Under way, completed or cancelled already: nothing to cancel. */
  | { kind: "closed" };

/** Whether the customer may cancel this booking themselves at `now`: pending or confirmed, at least 48 hours ahead. */
export function customerCancellation(booking: { status: string; moving_date: string; moving_time: string | null }, now: Date): CustomerCancellation {
  if (booking.status !== "pending" && booking.status !== "confirmed") return { kind: "closed" };
  const deadline = cancellationDeadline(booking.moving_date, booking.moving_time);
  return now.getTime() <= deadline.getTime() ? { kind: "allowed", deadline } : { kind: "too-late" };
}
