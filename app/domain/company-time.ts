// The company's clock: wall-clock dates and times in a named time zone, and the instants they name.
// Every conversion between the two lives here, so a daylight-saving change is handled one way everywhere.

const HOUR_MS = 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a wall-clock date and time in `timeZone` names. A time the clocks skip (spring forward)
 * resolves to the instant after the gap (02:30 → 03:30 in New York); a time that happens twice (fall back)
 * resolves to the later of its two instants, on standard time, as PostgreSQL reads it (the database's
 * `move_starts_at` and the deadlines it enforces must agree with the pages). Throws RangeError for a
 * date or time it cannot read.
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
  const readings = [wall - offsetBefore, wall - offsetAfter].filter(
    (instant, index) => zoneOffsetMs(new Date(instant), timeZone) === [offsetBefore, offsetAfter][index],
  );
  // Two readings: the time happens twice, take the later. None: the clocks skip it, and the offset before
  // the change carries it past the gap.
  return new Date(readings.length > 0 ? Math.max(...readings) : wall - offsetBefore);
}

/** What `timeZone`'s wall clock reads at `instant`: its date (YYYY-MM-DD), time (HH:MM) and the minutes since midnight. */
export function wallClockAt(instant: Date, timeZone: string): { date: string; time: string; minutes: number } {
  const get = wallClockParts(instant, timeZone);
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  return {
    date: `${get("year")}-${twoDigits(get("month"))}-${twoDigits(get("day"))}`,
    time: `${twoDigits(get("hour"))}:${twoDigits(get("minute"))}`,
    minutes: get("hour") * 60 + get("minute"),
  };
}

/** YYYY-MM-DD plus some days, in the calendar (no time zone involved: a day is a date, not 24 hours). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
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

const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone and style, made on first use (they are slow to make). */
function cachedFormat(timeZone: string, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

function zoneParts(timeZone: string): Intl.DateTimeFormat {
  return cachedFormat(timeZone, "parts", {
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
}

/** Intl writes a narrow no-break space before AM/PM; mail clients and tests read a plain one. */
const plainSpaces = (text: string) => text.replace(/\u202f/g, " ");

/** A moment's date on `timeZone`'s clock, in one of the ways pages write dates. */
export function formatDateIn(instant: Date, timeZone: string, style: "medium" | "short-month" | "long-month"): string {
  const options: Record<typeof style, Intl.DateTimeFormatOptions> = {
    // "Nov 23, 2026", as Intl's medium date style writes it.
    medium: { dateStyle: "medium" },
    "short-month": { month: "short", day: "numeric", year: "numeric" },
    "long-month": { month: "long", day: "numeric", year: "numeric" },
  };
  return cachedFormat(timeZone, `date-${style}`, options[style]).format(instant);
}

/** A moment's time of day on `timeZone`'s clock: "3:05 PM". */
export function formatTimeIn(instant: Date, timeZone: string): string {
  return plainSpaces(cachedFormat(timeZone, "time", { hour: "numeric", minute: "2-digit" }).format(instant));
}

/** A moment on `timeZone`'s clock with the zone's short name: "Nov 23, 2026, 3:05 PM EST". */
export function formatDateTimeIn(instant: Date, timeZone: string): string {
  return plainSpaces(
    cachedFormat(timeZone, "date-time", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(
      instant,
    ),
  );
}

/** A moment's time on `timeZone`'s clock with the zone's short name: "9:00 AM EDT". */
export function formatZonedTimeIn(instant: Date, timeZone: string): string {
  return plainSpaces(cachedFormat(timeZone, "zoned-time", { hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(instant));
}
