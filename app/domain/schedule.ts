import { z } from "zod/mini";
import { addDays } from "./company-time";
import { isCalendarDate } from "./calendar-date";
import { formatCompanyTime } from "./booking";
import { formatMoveDate } from "./booking-labels";
import { isBookingStatus, type BookingStatus } from "./booking-status";
import { newDateRequested } from "./booking-cancellation";
import { crewsUsedLabel, type DayCapacity } from "./capacity";
import { builtOnce } from "./built-once";
import { SHORT_MONTH_NAMES, SHORT_WEEKDAY_NAMES, WEEKDAY_NAMES } from "./calendar-names";

// The office's schedule (/admin/schedule): one day with its crews as rows and business hours as
// columns, two weeks at a glance, and the forms that set a day's or a weekday's crews.

/** How many days the overview shows, from the Monday of the chosen day's week. */
export const OVERVIEW_DAYS = 14;
/** The most crews a day or a weekday may have (the database allows no more). */
export const MAX_CREWS = 500;
/** The day grid's columns are this many minutes wide. */
export const GRID_STEP_MINUTES = 15;

export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof ISO_WEEKDAYS)[number];
/** Each ISO weekday's name: Sunday, 7 here, is day 0 of the Sunday-first list. */
export const ISO_WEEKDAY_NAMES = Object.fromEntries(ISO_WEEKDAYS.map((weekday) => [weekday, WEEKDAY_NAMES[weekday % 7]])) as Record<IsoWeekday, string>;

/** The day a `?day=` param names; today (the company's) when it names none or no real date. */
export function scheduleDayFrom(params: URLSearchParams, today: string): string {
  const day = params.get("day") ?? "";
  return isCalendarDate(day) ? day : today;
}

/** 1 Monday … 7 Sunday. */
export function isoWeekdayOf(date: string): IsoWeekday {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (weekday === 0 ? 7 : weekday) as IsoWeekday;
}

/** The overview's days: two weeks from the Monday of `day`'s week. */
export function overviewDays(day: string): string[] {
  const monday = addDays(day, 1 - isoWeekdayOf(day));
  return Array.from({ length: OVERVIEW_DAYS }, (_, index) => addDays(monday, index));
}

/** The days of the week `day` falls in, Monday to Sunday (the bookings table's 'This week'). */
export function weekOf(day: string): { from: string; to: string } {
  const monday = addDays(day, 1 - isoWeekdayOf(day));
  return { from: monday, to: addDays(monday, 6) };
}

/** "2026-11-30" as "Mon, Nov 30"; written by hand, as Intl's first formatter slows a phone's start-up. */
export function formatShortDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return `${SHORT_WEEKDAY_NAMES[day.getUTCDay()]}, ${SHORT_MONTH_NAMES[day.getUTCMonth()]} ${day.getUTCDate()}`;
}

/** A booking as the schedule reads it from the database. */
export interface ScheduleBooking {
  id: string;
  fullName: string;
  movingFrom: string;
  movingTo: string;
  /** "HH:MM", or null when the booking has no time. */
  time: string | null;
  hours: number;
  status: BookingStatus;
  depositStatus: string;
  /** The minutes of the day it holds a crew, or null when it holds none (cancelled, a lapsed hold). */
  span: { starts: number; ends: number } | null;
  /** A crew held while its customer is in Checkout, deposit unpaid: "Held, unpaid — until 3:42 PM"; null otherwise. */
  hold: string | null;
  /** How many times the customer moved it online. */
  movedOnline: number;
  /** Its day is closed and its customer was asked to pick another, not done yet. */
  newDateNeeded: boolean;
}

/** What the office reads on a move whose crew is held for a deposit not paid yet. */
export const unpaidHoldLabel = (holdExpiresAt: string, timeZone: string) => `Held, unpaid — until ${formatCompanyTime(holdExpiresAt, timeZone)}`;

export function scheduleBookingFromRow(
  row: {
    booking_id: string;
    full_name: string;
    moving_from: string;
    moving_to: string;
    moving_time: string | null;
    estimated_hours: number;
    status: string;
    deposit_status: string;
    hold_expires_at: string | null;
    holds_crew: boolean;
    starts_minute: number | null;
    ends_minute: number | null;
    online_reschedules: number;
    new_date_requested_at: string | null;
  },
  timeZone: string,
): ScheduleBooking {
  return {
    id: row.booking_id,
    fullName: row.full_name,
    movingFrom: row.moving_from,
    movingTo: row.moving_to,
    time: row.moving_time?.slice(0, 5) ?? null,
    hours: row.estimated_hours,
    status: isBookingStatus(row.status) ? row.status : "pending",
    depositStatus: row.deposit_status,
    span: row.holds_crew && row.starts_minute !== null && row.ends_minute !== null ? { starts: row.starts_minute, ends: row.ends_minute } : null,
    hold:
      row.holds_crew && row.status === "pending" && row.deposit_status === "unpaid" && row.hold_expires_at
        ? unpaidHoldLabel(row.hold_expires_at, timeZone)
        : null,
    movedOnline: row.online_reschedules,
    newDateNeeded: newDateRequested(row),
  };
}

/** What places a move on a crew's row: which move, and the minutes it holds a crew (null: none). */
export type CrewHolder = Pick<ScheduleBooking, "id" | "span">;

/** One row of the day grid: a crew and the moves it makes, or a row beyond the day's crews. */
export interface CrewRow<T extends CrewHolder = ScheduleBooking> {
  /** 1-based. */
  crew: number;
  /** A row beyond the day's crews: moves booked over capacity (or left holding crews on a day closed since). */
  overCapacity: boolean;
  bookings: Array<T & { span: { starts: number; ends: number } }>;
}

/**
 * The day's crews as rows, each move that holds a crew on the first row free from its start (earliest
 * first, longer first at the same start), so the rows are as few as the busiest moment needs. The
 * day's `crews` rows are always there, empty or not; moves for which none is free go on further rows,
 * marked over capacity.
 */
export function crewRows<T extends CrewHolder>(bookings: readonly T[], crews: number): CrewRow<T>[] {
  const holding = bookings
    .filter((booking): booking is T & { span: { starts: number; ends: number } } => booking.span !== null)
    .sort((a, b) => a.span.starts - b.span.starts || b.span.ends - a.span.ends || a.id.localeCompare(b.id));
  const rows: CrewRow<T>[] = Array.from({ length: crews }, (_, index) => ({ crew: index + 1, overCapacity: false, bookings: [] }));
  const freeFrom: number[] = rows.map(() => 0);
  for (const booking of holding) {
    let row = freeFrom.findIndex((free) => free <= booking.span.starts);
    if (row === -1) {
      rows.push({ crew: rows.length + 1, overCapacity: rows.length >= crews, bookings: [] });
      freeFrom.push(0);
      row = rows.length - 1;
    }
    rows[row]!.bookings.push(booking);
    freeFrom[row] = booking.span.ends;
  }
  return rows;
}

/** The crew (1-based) whose row the day grid puts move `bookingId` on, or null when it holds no crew that day. */
export function crewOfMove(bookingId: string, bookings: readonly CrewHolder[], crews: number): number | null {
  return crewRows(bookings, crews).find((row) => row.bookings.some((booking) => booking.id === bookingId))?.crew ?? null;
}

/** The whole hours from opening to closing, for the grid's column labels: [480, 540, …] for 8:00–18:00. */
export function hourMarks(opens: number, closes: number): number[] {
  const marks: number[] = [];
  for (let minute = Math.ceil(opens / 60) * 60; minute < closes; minute += 60) marks.push(minute);
  return marks;
}

/** The grid columns (1-based CSS grid lines) a span covers, in GRID_STEP_MINUTES steps from opening. */
export function gridColumns(span: { starts: number; ends: number }, opens: number): { start: number; end: number } {
  const start = 1 + Math.floor((span.starts - opens) / GRID_STEP_MINUTES);
  const end = 1 + Math.ceil((span.ends - opens) / GRID_STEP_MINUTES);
  return { start, end: Math.max(end, start + 1) };
}

/** "8:00" → "8 AM" for the grid's hour labels. */
export function hourLabel(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  const suffix = hour < 12 ? "AM" : "PM";
  return `${((hour + 11) % 12) + 1} ${suffix}`;
}

/** A day of the overview, as the database counts it. */
export interface OverviewDay extends DayCapacity {
  /** Bookings holding a crew that day. */
  bookings: number;
  /** The date has crews of its own, or is closed, rather than its weekday's crews. */
  custom: boolean;
}

const bookingsWord = (count: number) => `${count} ${count === 1 ? "booking" : "bookings"}`;

/**
 * The line under a day's heading. Open: "3 bookings · 2 of 3 crews" (and "Over capacity" when more are
 * out than it has). Closed: no crews to count, so "Closed: Storm · 1 booking to move".
 */
export function scheduleDaySummary(day: Pick<DayCapacity, "crews" | "crewsUsed" | "state" | "reason">, holding: number): string {
  if (day.state === "closed") return `Closed${day.reason ? `: ${day.reason}` : ""}${holding > 0 ? ` · ${bookingsWord(holding)} to move` : ""}`;
  return `${bookingsWord(holding)} · ${crewsUsedLabel({ ...day, state: "open" })}${day.crewsUsed > day.crews ? " · Over capacity" : ""}`;
}

/** How full a day is, 0–100, for its bar (a day over capacity is full). */
export function usedPercent(day: Pick<DayCapacity, "crews" | "crewsUsed">): number {
  if (day.crews <= 0) return day.crewsUsed > 0 ? 100 : 0;
  return Math.min(100, Math.round((day.crewsUsed / day.crews) * 100));
}

// Forms -------------------------------------------------------------------------------------------

/** What the confirmation's button sends to close a day that has bookings. */
export const CLOSE_CONFIRMED = "1";

/**
 * The confirmation's two buttons: close and email each customer who paid a deposit to pick another day
 * (their bookings then need a new date), or close and leave the customers to the office.
 */
export const ASK_CUSTOMERS = { yes: "yes", no: "no" } as const;

export const SCHEDULE_INTENTS = { setCrews: "set-crews", close: "close-day", reopen: "reopen-day", weekdays: "set-weekday-crews" } as const;

export const SCHEDULE_MESSAGES = {
  crewsRequired: "Enter how many crews work that day",
  crewsInvalid: `Enter a whole number of crews from 0 to ${MAX_CREWS}`,
  reasonTooLong: "Keep the reason to 200 characters",
  updated: "Schedule Updated",
  unchanged: "Nothing to change",
  unchangedDescription: "The schedule already said so.",
  crewsSet: (day: string, crews: number) => `${formatMoveDate(day)} has ${crews} ${crews === 1 ? "crew" : "crews"}.`,
  closed: (day: string) => `${formatMoveDate(day)} is closed.`,
  closedAndAsked: (day: string) => `${formatMoveDate(day)} is closed. Its customers are emailed to pick another day.`,
  reopened: (day: string) => `${formatMoveDate(day)} has its weekday's crews again.`,
  weekdaysSaved: "The crews of each weekday are saved.",
  failed: "The schedule could not be changed. Please try again.",
} as const;

// Conform turns the typed digits into a number; anything else is not one. One schema serves every field.
const requiredCrews = builtOnce(() =>
  z
    .int({ error: (issue) => (issue.input === undefined ? SCHEDULE_MESSAGES.crewsRequired : SCHEDULE_MESSAGES.crewsInvalid) })
    .check(z.gte(0, { error: SCHEDULE_MESSAGES.crewsInvalid }), z.lte(MAX_CREWS, { error: SCHEDULE_MESSAGES.crewsInvalid })),
);

/**
 * A day's crews (set them), closing it (with an optional reason customers are told), or giving it back
 * to its weekday. Built when first asked for, not as the schedule's script loads.
 */
export const scheduleDaySchema = builtOnce(() =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal(SCHEDULE_INTENTS.setCrews), crews: requiredCrews() }),
    z.object({
      intent: z.literal(SCHEDULE_INTENTS.close),
      reason: z.pipe(
        z.optional(z.string().check(z.trim(), z.maxLength(200, { error: SCHEDULE_MESSAGES.reasonTooLong }))),
        z.transform((value: string | undefined) => value || null),
      ),
      // Closing a day that has bookings is asked twice: the second post carries confirm=1.
      confirm: z.optional(z.literal(CLOSE_CONFIRMED)),
      askCustomers: z.optional(z.enum([ASK_CUSTOMERS.yes, ASK_CUSTOMERS.no])),
    }),
    z.object({ intent: z.literal(SCHEDULE_INTENTS.reopen) }),
  ]),
);

export type ScheduleDayChange = z.infer<ReturnType<typeof scheduleDaySchema>>;

/** The crews of each weekday, one field a day (`weekday1` Monday … `weekday7` Sunday). */
export const weekdayCrewsSchema = builtOnce(() =>
  z.object({
    intent: z.literal(SCHEDULE_INTENTS.weekdays),
    weekday1: requiredCrews(),
    weekday2: requiredCrews(),
    weekday3: requiredCrews(),
    weekday4: requiredCrews(),
    weekday5: requiredCrews(),
    weekday6: requiredCrews(),
    weekday7: requiredCrews(),
  }),
);
