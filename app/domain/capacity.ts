// Crews and capacity as the app sees them. Which bookings hold a crew, and for which minutes, is
// decided by the database (supabase/migrations/20261130090000_crews_and_capacity.sql): these are the
// shapes its answers take, the words customers and staff read, and how a refusal is told apart.

import { formatMoveDate, formatTimeSlot } from "./booking-labels";

/**
 * How long a Checkout Session takes payments, and so how long a booking saved at Pay holds its crew
 * while its customer is in Checkout: Stripe's shortest session (30 minutes after its creation), and a
 * minute for the request's way there, so an unpaid hold costs a visitor as much as it costs the company.
 */
export const CHECKOUT_LIFETIME_SECONDS = 31 * 60;

/** The most days the date picker or the overview asks about at once (the database refuses more). */
export const MAX_CAPACITY_DAYS = 92;

/** The database's SQLSTATEs for a save that would take a crew nobody has. */
export const CAPACITY_SQLSTATES = { slotTaken: "CP001", dayClosed: "CP002" } as const;

export const CAPACITY_MESSAGES = {
  slotTaken: "That time was just taken: please choose another",
  full: "Full",
  fullDay: "Fully booked",
  closedDay: "Closed",
  /** A closed day as customers are told: "We are closed on Thursday, November 26, 2026: Thanksgiving". */
  closedOn: (date: string, reason: string | null) => `We are closed on ${formatMoveDate(date)}${reason ? `: ${reason}` : ""}`,
  /** A day on which no crew is free for the move at any of its times. */
  fullOn: (date: string) => `We are fully booked on ${formatMoveDate(date)}: please choose another day`,
  /** A time chosen that cannot take the move (it was shown for another day, or the page was old). */
  slotFullOn: (time: string, date: string) => `${formatTimeSlot(time)} is full on ${formatMoveDate(date)}: please choose another time`,
} as const;

/** One of the wizard's time slots on a date, for a move of some hours. */
export interface SlotAvailability {
  /** "08:00" */
  time: string;
  /** A crew is free from this time for the move's hours (until closing): false is shown as 'Full'. */
  fits: boolean;
}

export type DayState = "open" | "full" | "closed";

/** A date as the date picker and the schedule see it. */
export interface DayCapacity {
  /** YYYY-MM-DD */
  date: string;
  /** Crews working that day (0 when closed). */
  crews: number;
  /** The most crews out at once that day. */
  crewsUsed: number;
  /** Closed: no crews, or closed by the office (with the reason customers are told, if any). */
  state: DayState;
  reason: string | null;
}

/** A date's slots for a move, and the date's state: what the wizard's details step shows. */
export interface DaySlots extends DayCapacity {
  /** Hours the move takes (from the size of the home, as the price does). */
  hours: number;
  slots: SlotAvailability[];
}

/**
 * What the details step shows for a month of the date picker and the date chosen: each bookable day's
 * state that month, and the chosen date's slots for the move (null before a date is chosen, or when
 * the date cannot be booked).
 */
export interface WizardAvailability {
  /** "2026-12" */
  month: string;
  /** Hours the move takes, which the days and slots were judged for. */
  hours: number;
  days: DayCapacity[];
  day: DaySlots | null;
}

/** Why the chosen date or time cannot take the move, by field: none when both can. */
export interface CapacityProblems {
  date?: string;
  time?: string;
}

/**
 * What stops a move on `day` at `time` (undefined: the first time that fits): the day closed or full,
 * or the time full. `timeJustTaken` says the time was free when the customer chose it (it was saved):
 * they are told it was just taken rather than that it is full.
 */
export function capacityProblems(day: DaySlots, time: string | undefined, { timeJustTaken }: { timeJustTaken: boolean }): CapacityProblems {
  if (day.state === "closed") return { date: CAPACITY_MESSAGES.closedOn(day.date, day.reason) };
  const timeFull = time !== undefined && !slotFits(day.slots, time);
  // The race for the last crew lost: the time the customer chose is what they are told about.
  if (timeFull && timeJustTaken) return { time: CAPACITY_MESSAGES.slotTaken };
  if (!firstFittingSlot(day.slots)) return { date: CAPACITY_MESSAGES.fullOn(day.date) };
  if (timeFull) return { time: CAPACITY_MESSAGES.slotFullOn(time, day.date) };
  return {};
}

/** The first slot that can take the move ('No preferred time'), or null when none can. */
export function firstFittingSlot(slots: readonly SlotAvailability[]): string | null {
  return slots.find((slot) => slot.fits)?.time ?? null;
}

/** Whether a customer may choose this slot: a known slot of the day that fits. */
export function slotFits(slots: readonly SlotAvailability[], time: string): boolean {
  return slots.some((slot) => slot.time === time && slot.fits);
}

/** Why a save was refused for want of a crew. */
export type CapacityRefusal = { kind: "slot-taken"; message: string } | { kind: "day-closed"; message: string; reason: string | null };

/**
 * The refusal a database error stands for (SQLSTATE CP001: no crew free at that time; CP002: the day
 * is closed, its reason in the details), or null for any other error.
 */
export function capacityRefusalOf(
  error: { code?: string | null; message?: string | null; details?: string | null } | null | undefined,
): CapacityRefusal | null {
  if (!error) return null;
  if (error.code === CAPACITY_SQLSTATES.slotTaken) return { kind: "slot-taken", message: error.message ?? "" };
  if (error.code === CAPACITY_SQLSTATES.dayClosed) return { kind: "day-closed", message: error.message ?? "", reason: error.details?.trim() || null };
  return null;
}

/** "HH:MM" of a number of minutes after midnight (480 → "08:00"). */
export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Minutes after midnight of "HH:MM" or "HH:MM:SS" ("08:30" → 510). */
export function timeToMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** "8:00 AM – 12:00 PM" for the minutes a move occupies. */
export function formatMinutesSpan(starts: number, ends: number): string {
  return `${formatTimeSlot(minutesToTime(starts))} – ${formatTimeSlot(minutesToTime(ends))}`;
}

/** "2 of 3 crews" */
export function crewsUsedLabel(day: Pick<DayCapacity, "crews" | "crewsUsed" | "state">): string {
  if (day.state === "closed" && day.crewsUsed === 0) return CAPACITY_MESSAGES.closedDay;
  return `${day.crewsUsed} of ${day.crews} ${day.crews === 1 ? "crew" : "crews"}`;
}
