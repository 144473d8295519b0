// When a move may start, beside whether a crew is free: only after the company's notice (by default the
// next day: no same-day moves), and only when its estimated hours end by closing, unless the company lets
// long moves run past closing (then the customer is told so). The database applies the same rule when a
// booking is saved or paid for (public.move_start_refusal); times are wall-clock times where the company works.

import { addDays, wallClockAt } from "./company-time";

/** The company's settings behind the rule. */
export interface MoveStartRules {
  /** How many days ahead the first bookable date is: 1 (the default) is tomorrow, 0 allows same-day moves. */
  minimumLeadDays: number;
  /** Whether a move whose estimated hours end after closing may still be booked (said to the customer). */
  longMovesRunOver: boolean;
}

export const DEFAULT_MOVE_START_RULES: Readonly<MoveStartRules> = Object.freeze({ minimumLeadDays: 1, longMovesRunOver: false });

/** The most days ahead the first bookable date may be set to. */
export const MAX_LEAD_DAYS = 60;

/** With same-day moves allowed, a start today is offered only this long ahead. */
export const SAME_DAY_NOTICE_HOURS = 2;

/** When crews work, "HH:MM" (the schedule's business hours). */
export interface WorkingHours {
  opensAt: string;
  closesAt: string;
}

/** The moment the rule is judged at, on the company's clock. */
export interface CompanyClock {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes after midnight. */
  minutes: number;
}

export type MoveStartVerdict =
  | { allowed: true; runsPastClosing: boolean }
  /** too-soon: before the first bookable date, or (same-day moves allowed) too close to now; past-closing: ends after closing. */
  | { allowed: false; why: "too-soon" | "past-closing" };

/** Minutes after midnight of "HH:MM" or "HH:MM:SS". */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** The first date a move may be booked for, seen from the company's `today`. */
export function firstMoveDate(today: string, rules: MoveStartRules): string {
  return addDays(today, rules.minimumLeadDays);
}

/** Whether a move of `hours` starting at `time` on `date` may be offered and booked, judged at `now`. */
export function moveStartVerdict(
  { date, time, hours }: { date: string; time: string; hours: number },
  { rules, workingHours, now }: { rules: MoveStartRules; workingHours: WorkingHours; now: CompanyClock },
): MoveStartVerdict {
  const starts = Math.max(minutesOf(time), minutesOf(workingHours.opensAt));
  if (date < firstMoveDate(now.date, rules)) return { allowed: false, why: "too-soon" };
  if (date === now.date && starts < now.minutes + SAME_DAY_NOTICE_HOURS * 60) return { allowed: false, why: "too-soon" };
  const runsPastClosing = starts + hours * 60 > minutesOf(workingHours.closesAt);
  if (runsPastClosing && !rules.longMovesRunOver) return { allowed: false, why: "past-closing" };
  return { allowed: true, runsPastClosing };
}

/** What the company's clock reads at `instant` in `timeZone` (one cached formatter per zone). */
export function companyClock(timeZone: string, instant: Date = new Date()): CompanyClock {
  const { date, minutes } = wallClockAt(instant, timeZone);
  return { date, minutes };
}
