import { TIME_SLOTS } from "~/domain/pricing";
import { type DayCapacity, type DaySlots, type DayState, type SlotAvailability, type WizardAvailability } from "~/domain/capacity";
import { lastBookableDate } from "~/domain/booking-schemas";
import { bookableDatesOf } from "~/domain/date-picker-month";
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

function dayState(row: { closed: boolean; full: boolean }): DayState {
  if (row.closed) return "closed";
  return row.full ? "full" : "open";
}

/**
 * Each date from `from` to `to` (YYYY-MM-DD, inclusive, at most 92 days) for a move of `hours`: its
 * crews, the most out at once, and whether it is open, full (no slot can take the move) or closed
 * (with the reason customers are told, or null). `exceptDraft` leaves out the booking already saved
 * from that wizard draft (the customer's own hold, which their new answers replace). Throws
 * CapacityReadError when the database fails or refuses the range.
 */
export async function capacityOfDays(
  client: AppSupabaseClient,
  { from, to, hours, exceptDraft }: { from: string; to: string; hours: number; exceptDraft?: string },
): Promise<DayCapacity[]> {
  const { data, error } = await client.rpc("capacity_days", { _from: from, _to: to, _hours: hours, _slots: [...TIME_SLOTS], _except_draft: exceptDraft });
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
  { date, hours, exceptDraft }: { date: string; hours: number; exceptDraft?: string },
): Promise<SlotAvailability[]> {
  const { data, error } = await client.rpc("capacity_slots", { _day: date, _hours: hours, _slots: [...TIME_SLOTS], _except_draft: exceptDraft });
  if (error) throw new CapacityReadError("could not read the slots of a day", error);
  return data.map((row) => ({ time: slotTime(row.slot), fits: row.fits }));
}

/** The slots of a day and the day's own capacity, as one answer. */
function daySlots(day: DayCapacity | undefined, hours: number, slots: SlotAvailability[]): DaySlots {
  if (!day) throw new CapacityReadError("could not read the slots of a day", "no day returned");
  return { ...day, hours, slots };
}

/**
 * The wizard's time slots on `date` for a move of `hours` (each fits, or is full), with the date's
 * state: what the details step shows for the date posted. On a closed day no slot fits. Throws
 * CapacityReadError when the database fails.
 */
export async function slotsOfDay(
  client: AppSupabaseClient,
  { date, hours, exceptDraft }: { date: string; hours: number; exceptDraft?: string },
): Promise<DaySlots> {
  const [slots, days] = await Promise.all([
    slotAvailability(client, { date, hours, exceptDraft }),
    capacityOfDays(client, { from: date, to: date, hours, exceptDraft }),
  ]);
  return daySlots(days[0], hours, slots);
}

/**
 * What the wizard's details step shows: the bookable days of `month` and, when `date` can be booked,
 * its slots, for a move of `hours`, leaving out the customer's own hold (`exceptDraft`). A date in
 * the month takes its state from the month's days rather than asking for it again. Throws
 * CapacityReadError when the database fails.
 */
export async function wizardAvailability(
  client: AppSupabaseClient,
  { month, today, date, hours, exceptDraft }: { month: string; today: string; date?: string; hours: number; exceptDraft?: string },
): Promise<WizardAvailability> {
  const range = bookableDatesOf(month, today);
  if (date === undefined || date < today || date > lastBookableDate(today)) {
    return { month, hours, days: range ? await capacityOfDays(client, { ...range, hours, exceptDraft }) : [], day: null };
  }
  const inMonth = range !== null && date >= range.from && date <= range.to;
  const [days, slots, outsideMonth] = await Promise.all([
    range ? capacityOfDays(client, { ...range, hours, exceptDraft }) : [],
    slotAvailability(client, { date, hours, exceptDraft }),
    inMonth ? [] : capacityOfDays(client, { from: date, to: date, hours, exceptDraft }),
  ]);
  const day = inMonth ? days.find((candidate) => candidate.date === date) : outsideMonth[0];
  return { month, hours, days, day: daySlots(day, hours, slots) };
}
