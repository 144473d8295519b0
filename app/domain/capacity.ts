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

/** The database's SQLSTATEs for a save that would take a crew nobody has, or start when no move may. */
export const CAPACITY_SQLSTATES = { slotTaken: "CP001", dayClosed: "CP002", outOfHours: "CP003" } as const;

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
  /** A date before the company's notice allows (by default, today). */
  tooSoonOn: (date: string) => `We can't take a move on ${formatMoveDate(date)} at such short notice: please choose a later day`,
  /** A time today closer than the notice the company needs (same-day moves allowed). */
  timeTooSoon: (time: string) => `${formatTimeSlot(time)} today is too soon for us: please choose a later time`,
  /** A start whose estimated hours end after closing. */
  pastClosing: (time: string, hours: number, closesAt: string) =>
    `A ${hours}-hour move starting at ${formatTimeSlot(time)} would run past our closing time (${formatTimeSlot(closesAt)}): please choose an earlier time`,
  /** A move longer than the working day, at any start. */
  longerThanDay: (hours: number, closesAt: string) =>
    `A ${hours}-hour move does not fit in our working day (we close at ${formatTimeSlot(closesAt)}): please call us to book it`,
  /** Said beside a start from which the move runs past closing (when the company allows it). */
  runsPastClosing: (closesAt: string) => `Runs past closing (${formatTimeSlot(closesAt)})`,
  /** A save refused because no move may start then (its hours end after closing). */
  startNotOffered: "That start time is not offered for this move: please choose another",
  endsAfterClosing: "Too late",
  tooSoon: "Too soon",
} as const;

/** One of the wizard's time slots on a date, for a move of some hours. */
export interface SlotAvailability {
  /** "08:00" */
  time: string;
  /** The move may start then and a crew is free for its hours (until closing): false is shown as 'Full', or why not. */
  fits: boolean;
  /** Why a move may not start then whatever the crews (too short a notice, or its hours end after closing). */
  outOfHours?: "too-soon" | "past-closing";
  /** It may, and its hours run past closing (the company allows it): the customer is told so. */
  runsPastClosing?: boolean;
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
  /** When crews stop work that day, "HH:MM". */
  closesAt: string;
  slots: SlotAvailability[];
}

/**
 * The month of the date picker and the date chosen as the server judges them: each bookable day's
 * crews and state that month, and the chosen date's slots for the move (null before a date is chosen,
 * or when the date cannot be booked). Never sent to a browser as it is: see wizardAvailabilityView.
 */
export interface CapacityAvailability {
  /** "2026-12" */
  month: string;
  /** Hours the move takes, which the days and slots were judged for. */
  hours: number;
  days: DayCapacity[];
  day: DaySlots | null;
}

/** A date as the date picker shows it to anyone: whether it can take the move, nothing of the crews behind it. */
export interface PickerDay {
  /** YYYY-MM-DD */
  date: string;
  /** "too-soon": before the first day customers may book, shown to the office only (which may book it anyway). */
  state: DayState | "too-soon";
}

/** The chosen date as anyone is shown it: its state and which start times fit the move. */
export interface PickerDaySlots extends PickerDay {
  hours: number;
  closesAt: string;
  slots: SlotAvailability[];
}

/** What the details step shows for a month of the date picker and the date chosen (the page and /book/availability). */
export interface WizardAvailability {
  /** "2026-12" */
  month: string;
  hours: number;
  days: PickerDay[];
  day: PickerDaySlots | null;
}

/**
 * What a visitor is told of the capacity judged: each day open, full or closed, and the chosen date's
 * start times that fit. Crews, crews out and the office's reasons for closing stay on the server.
 */
/**
 * The office's calendar: the days before `firstMoveDate` (the first day customers may book) marked too
 * soon, and on such a chosen day every start too, so choosing one needs the office's override.
 */
export function markedTooSoon(view: WizardAvailability, firstMoveDate: string): WizardAvailability {
  const tooSoon = (date: string) => date < firstMoveDate;
  return {
    ...view,
    days: view.days.map((day) => (tooSoon(day.date) ? { ...day, state: "too-soon" } : day)),
    day:
      view.day && tooSoon(view.day.date)
        ? { ...view.day, state: "too-soon", slots: view.day.slots.map((slot) => ({ ...slot, fits: false, outOfHours: "too-soon" })) }
        : view.day,
  };
}

export function wizardAvailabilityView({ month, hours, days, day }: CapacityAvailability): WizardAvailability {
  return {
    month,
    hours,
    days: days.map(({ date, state }) => ({ date, state })),
    day: day && { date: day.date, state: day.state, hours: day.hours, closesAt: day.closesAt, slots: day.slots },
  };
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
  // When the move may start comes before whether a crew is free.
  if (day.slots.every((slot) => slot.outOfHours === "too-soon")) return { date: CAPACITY_MESSAGES.tooSoonOn(day.date) };
  const chosen = time === undefined ? undefined : day.slots.find((slot) => slot.time === time);
  if (chosen?.outOfHours === "too-soon") return { time: CAPACITY_MESSAGES.timeTooSoon(chosen.time) };
  if (chosen?.outOfHours === "past-closing") return { time: CAPACITY_MESSAGES.pastClosing(chosen.time, day.hours, day.closesAt) };
  if (day.slots.every((slot) => slot.outOfHours)) return { date: CAPACITY_MESSAGES.longerThanDay(day.hours, day.closesAt) };
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

/** Why a save was refused for want of a crew, or because no move may start then. */
export type CapacityRefusal =
  | { kind: "slot-taken"; message: string }
  | { kind: "day-closed"; message: string; reason: string | null }
  | { kind: "out-of-hours"; message: string; why: "too-soon" | "past-closing" };

/**
 * The refusal a database error stands for (SQLSTATE CP001: no crew free at that time; CP002: the day
 * is closed, its reason in the details; CP003: no move may start then, why in the details), or null
 * for any other error.
 */
export function capacityRefusalOf(
  error: { code?: string | null; message?: string | null; details?: string | null } | null | undefined,
): CapacityRefusal | null {
  if (!error) return null;
  if (error.code === CAPACITY_SQLSTATES.slotTaken) return { kind: "slot-taken", message: error.message ?? "" };
  if (error.code === CAPACITY_SQLSTATES.dayClosed) return { kind: "day-closed", message: error.message ?? "", reason: error.details?.trim() || null };
  if (error.code === CAPACITY_SQLSTATES.outOfHours) {
    return { kind: "out-of-hours", message: error.message ?? "", why: error.details?.trim() === "too-soon" ? "too-soon" : "past-closing" };
  }
  return null;
}

/** "HH:MM" of a number of minutes after midnight (480 → "08:00"). */
export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
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
