import { TIME_SLOTS } from "~/domain/pricing";
import { type DayCapacity, type DaySlots, type DayState, type SlotAvailability, type CapacityAvailability } from "~/domain/capacity";
import { lastBookableDate } from "~/domain/booking-schemas";
import { addDays } from "~/domain/company-time";
import { bookableDatesOf } from "~/domain/date-picker-month";
import { companyClock, firstMoveDate, moveStartVerdict, type CompanyClock, type MoveStartRules, type WorkingHours } from "~/domain/move-start-rules";
import { SETTINGS_CACHE_LIFETIME_MS } from "./settings-cache.server";
import { createShortLivedCopy, type ShortLivedCopy } from "./short-lived-copy.server";
import type { AppSupabaseClient } from "./supabase.server";

// What the wizard asks about capacity: the slots of a date for a move of some hours, and the state of
// each date of a range. Any client may ask (a guest's, a customer's, the service role): the database
// answers with crews and counts, never with a booking.

/** The database could not answer a capacity question. */
export class CapacityReadError extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what}: ${typeof cause === "object" && cause !== null && "message" in cause ? String(cause.message) : String(cause)}`, { cause });
    this.name = "CapacityReadError";
  }
}

const slotTime = (time: string) => time.slice(0, 5);

/**
 * The booking a capacity question leaves out, its own crew not counted against it: the one saved from
 * a wizard draft (the customer's hold, which their new answers replace), or the booking being moved.
 * The database leaves a booking out only for a caller who may move it.
 */
export interface LeftOut {
  exceptDraft?: string;
  exceptBooking?: string;
}

const leftOutArgs = ({ exceptDraft, exceptBooking }: LeftOut) => ({ _except_draft: exceptDraft, _except_booking: exceptBooking });

function dayState(row: { closed: boolean; full: boolean }): DayState {
  if (row.closed) return "closed";
  return row.full ? "full" : "open";
}

/**
 * Each date from `from` to `to` (YYYY-MM-DD, inclusive, at most 92 days) for a move of `hours`: its
 * crews, the most out at once, and whether it is open, full (no slot can take the move) or closed
 * (with the reason customers are told, or null); full judged for the starts `slots` (the wizard's
 * time slots unless given), leaving out `leftOut`. Throws CapacityReadError when the database fails or
 * refuses the range.
 */
export async function capacityOfDays(
  client: AppSupabaseClient,
  { from, to, hours, slots = TIME_SLOTS, ...leftOut }: { from: string; to: string; hours: number; slots?: readonly string[] } & LeftOut,
): Promise<DayCapacity[]> {
  const { data, error } = await client.rpc("capacity_days", { _from: from, _to: to, _hours: hours, _slots: [...slots], ...leftOutArgs(leftOut) });
  if (error) throw new CapacityReadError("could not read the capacity of days", error);
  return data.map((row) => ({
    date: row.day,
    crews: row.crews,
    crewsUsed: row.crews_used,
    state: dayState(row),
    reason: row.reason ?? null,
  }));
}

/** Each of the wizard's time slots on `date`: whether a crew can take a move of `hours` from it. */
async function slotAvailability(
  client: AppSupabaseClient,
  { date, hours, ...leftOut }: { date: string; hours: number } & LeftOut,
): Promise<SlotAvailability[]> {
  const { data, error } = await client.rpc("capacity_slots", { _day: date, _hours: hours, _slots: [...TIME_SLOTS], ...leftOutArgs(leftOut) });
  if (error) throw new CapacityReadError("could not read the slots of a day", error);
  return data.map((row) => ({ time: slotTime(row.slot), fits: row.fits }));
}

/** What decides when a move may start, besides the crews: the company's rules, its working hours and the moment asked at. */
export interface MoveStartFacts {
  rules: MoveStartRules;
  workingHours: WorkingHours;
  now: CompanyClock;
}

/**
 * The facts the rule is judged by, now (or at `instant`) on the company's clock (`timeZone`), with the
 * company's `workingHours` (read with readWorkingHours, or this process's short-lived copy of them).
 * Throws CapacityReadError when they could not be read.
 */
export async function moveStartFacts(
  workingHours: WorkingHours | Promise<WorkingHours>,
  rules: MoveStartRules,
  timeZone: string,
  instant: Date = new Date(),
): Promise<MoveStartFacts> {
  return { rules, workingHours: await workingHours, now: companyClock(timeZone, instant) };
}

/** The working hours the schedule counts with (any client may read them). Throws CapacityReadError when the database fails. */
export async function readWorkingHours(client: AppSupabaseClient): Promise<WorkingHours> {
  const { data, error } = await client.rpc("schedule_business_hours");
  const row = data?.[0];
  if (error || !row) throw new CapacityReadError("could not read the business hours", error ?? "no row");
  return { opensAt: slotTime(row.opens_at), closesAt: slotTime(row.closes_at) };
}

/**
 * This process's short-lived copy of the working hours, read with `client`: every calendar needs them
 * and they are the company's, the same for every caller, so they are read at most once per the
 * settings' lifetime. A read that fails is not kept. The database checks them again on every save.
 */
export function createWorkingHoursCopy(client: AppSupabaseClient): ShortLivedCopy<WorkingHours> {
  return createShortLivedCopy({ load: async () => ({ value: await readWorkingHours(client), keep: true }), lifetimeMs: SETTINGS_CACHE_LIFETIME_MS });
}

/** Each slot as `facts` judge it on `date` for a move of `hours`: one that may not start then does not fit, and says why. */
function withStartRules(date: string, hours: number, slots: SlotAvailability[], facts: MoveStartFacts): SlotAvailability[] {
  return slots.map((slot) => {
    const verdict = moveStartVerdict({ date, time: slot.time, hours }, facts);
    if (!verdict.allowed) return { time: slot.time, fits: false, outOfHours: verdict.why };
    return verdict.runsPastClosing ? { ...slot, runsPastClosing: true } : slot;
  });
}

/** The slots of a day and the day's own capacity, as one answer. */
function daySlots(day: DayCapacity | undefined, hours: number, slots: SlotAvailability[], facts: MoveStartFacts): DaySlots {
  if (!day) throw new CapacityReadError("could not read the slots of a day", "no day returned");
  return { ...day, hours, closesAt: facts.workingHours.closesAt, slots: withStartRules(day.date, hours, slots, facts) };
}

/**
 * The wizard's time slots on `date` for a move of `hours` (each fits, or is full, or may not start
 * then by `facts`), with the date's state: what the details step shows for the date posted. On a
 * closed day no slot fits. Throws CapacityReadError when the database fails.
 */
export async function slotsOfDay(client: AppSupabaseClient, question: { date: string; hours: number } & LeftOut, facts: MoveStartFacts): Promise<DaySlots> {
  const { date, hours } = question;
  const [slots, days] = await Promise.all([slotAvailability(client, question), capacityOfDays(client, { ...question, from: date, to: date })]);
  return daySlots(days[0], hours, slots, facts);
}

/**
 * The state of each bookable date from `from` to `to` for a move of `hours`: full when no start that
 * `facts` allow can take it. Dates before the first bookable one are left out.
 */
async function bookableDays(
  client: AppSupabaseClient,
  { from, to, hours, ...leftOut }: { from: string; to: string; hours: number } & LeftOut,
  facts: MoveStartFacts,
): Promise<DayCapacity[]> {
  const first = firstMoveDate(facts.now.date, facts.rules);
  const start = from > first ? from : first;
  if (start > to) return [];
  // A later day has every start that ends in time; today (same-day moves allowed) only those far enough ahead.
  const startsOn = (date: string) => TIME_SLOTS.filter((time) => moveStartVerdict({ date, time, hours }, facts).allowed);
  const later = startsOn(addDays(facts.now.date, Math.max(1, facts.rules.minimumLeadDays)));
  const today = start === facts.now.date ? startsOn(start) : null;
  const laterFrom = today ? addDays(start, 1) : start;
  const [todays, rest] = await Promise.all([
    today === null || today.length === 0 ? [] : capacityOfDays(client, { from: start, to: start, hours, slots: today, ...leftOut }),
    laterFrom > to ? [] : daysFor(client, { from: laterFrom, to, hours, ...leftOut }, later),
  ]);
  return [...todays, ...rest];
}

/** The days from `from` to `to` for the starts `slots`; with none (the move is longer than the working day) every open day is full. */
async function daysFor(
  client: AppSupabaseClient,
  range: { from: string; to: string; hours: number } & LeftOut,
  slots: readonly string[],
): Promise<DayCapacity[]> {
  if (slots.length > 0) return capacityOfDays(client, { ...range, slots });
  const days = await capacityOfDays(client, range);
  return days.map((day) => (day.state === "open" ? { ...day, state: "full" } : day));
}

/**
 * What the wizard's details step shows: the bookable days of `month` and, when `date` can be booked,
 * its slots, for a move of `hours`, leaving out the customer's own booking (`leftOut`). A date in
 * the month takes its state from the month's days rather than asking for it again. `facts` decide
 * which starts may be offered at all. Throws CapacityReadError when the database fails.
 */
export async function wizardAvailability(
  client: AppSupabaseClient,
  { month, today, date, hours, ...leftOut }: { month: string; today: string; date?: string; hours: number } & LeftOut,
  facts: MoveStartFacts,
): Promise<CapacityAvailability> {
  const range = bookableDatesOf(month, today);
  if (date === undefined || date < today || date > lastBookableDate(today)) {
    return { month, hours, days: range ? await bookableDays(client, { ...range, hours, ...leftOut }, facts) : [], day: null };
  }
  const inMonth = range !== null && date >= range.from && date <= range.to && date >= firstMoveDate(facts.now.date, facts.rules);
  const [days, slots, outsideMonth] = await Promise.all([
    range ? bookableDays(client, { ...range, hours, ...leftOut }, facts) : [],
    slotAvailability(client, { date, hours, ...leftOut }),
    inMonth ? [] : capacityOfDays(client, { from: date, to: date, hours, ...leftOut }),
  ]);
  // Today with no start left to offer is not among the month's days: asked for on its own.
  const day =
    (inMonth ? days.find((candidate) => candidate.date === date) : outsideMonth[0]) ??
    (await capacityOfDays(client, { from: date, to: date, hours, ...leftOut }))[0];
  return { month, hours, days, day: daySlots(day, hours, slots, facts) };
}
