import type { DayState } from "~/domain/capacity";
import {
  ASK_CUSTOMERS,
  ISO_WEEKDAYS,
  scheduleBookingFromRow,
  type IsoWeekday,
  type OverviewDay,
  type ScheduleBooking,
  type ScheduleDayChange,
} from "~/domain/schedule";
import type { AppSupabaseClient } from "./supabase.server";

// The office's schedule, read and changed with the signed-in staff member's own client: the database
// checks schedule:read and schedule:manage in its functions, so a customer's token reads nothing.

/** The database refused or failed a schedule read. */
export class ScheduleReadError extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what}: ${typeof cause === "object" && cause !== null && "message" in cause ? String(cause.message) : String(cause)}`, { cause });
    this.name = "ScheduleReadError";
  }
}

/**
 * Every booking moving on `day`, those holding a crew first, by their start, with times on the company's
 * clock (`timeZone`). Throws ScheduleReadError.
 */
export async function scheduleOfDay(supabase: AppSupabaseClient, day: string, timeZone: string): Promise<ScheduleBooking[]> {
  const { data, error } = await supabase.rpc("schedule_day", { _day: day });
  if (error) throw new ScheduleReadError("could not read the schedule of a day", error);
  return data.map((row) => scheduleBookingFromRow(row, timeZone));
}

/**
 * For each of `days` (at most 100): the bookings holding a crew, the crews it has and the most out at
 * once, and whether it is closed (and why). Throws ScheduleReadError.
 */
export async function scheduleOverview(supabase: AppSupabaseClient, days: readonly string[]): Promise<OverviewDay[]> {
  if (days.length === 0) return [];
  const { data, error } = await supabase.rpc("schedule_overview", { _days: [...days] });
  if (error) throw new ScheduleReadError("could not read the schedule's overview", error);
  return data.map((row) => {
    const state: DayState = row.closed ? "closed" : row.crews_used >= row.crews ? "full" : "open";
    return { date: row.day, bookings: row.bookings, crews: row.crews, crewsUsed: row.crews_used, state, reason: row.reason ?? null, custom: row.custom };
  });
}

/** The crews of each weekday, Monday first. Throws ScheduleReadError. */
export async function crewsByWeekday(supabase: AppSupabaseClient): Promise<Record<IsoWeekday, number>> {
  const { data, error } = await supabase.from("weekday_crews").select("iso_weekday, crews").order("iso_weekday");
  if (error || data.length !== ISO_WEEKDAYS.length) throw new ScheduleReadError("could not read the crews of each weekday", error ?? "rows missing");
  return Object.fromEntries(data.map((row) => [row.iso_weekday, row.crews])) as Record<IsoWeekday, number>;
}

export type ScheduleChangeResult = { kind: "changed" } | { kind: "unchanged" } | { kind: "forbidden" };

/**
 * Sets `day`'s crews, closes it (with the reason customers are told, and, when the office chose to,
 * asking the customers who paid for a move that day to pick another), or gives it back to its
 * weekday's crews, through `set_schedule_day` (schedule:manage; it keeps who changed what). Throws
 * ScheduleReadError when the database fails.
 */
export async function changeScheduleDay(supabase: AppSupabaseClient, day: string, change: ScheduleDayChange): Promise<ScheduleChangeResult> {
  const args =
    change.intent === "set-crews"
      ? { _crews: change.crews, _closed: false }
      : change.intent === "close-day"
        ? { _crews: null, _closed: true, _reason: change.reason ?? undefined, _ask_customers: change.askCustomers === ASK_CUSTOMERS.yes }
        : { _crews: null, _closed: false };
  // The generated argument types cannot say "null"; the function takes null for "no crews of its own".
  const { data, error } = await supabase.rpc("set_schedule_day", { _day: day, ...args, _crews: args._crews as number });
  if (error?.code === "42501") return { kind: "forbidden" };
  if (error) throw new ScheduleReadError("could not change the schedule of a day", error);
  return { kind: data ? "changed" : "unchanged" };
}

/** Sets the crews of every weekday in one transaction (schedule:manage). Throws ScheduleReadError. */
export async function changeWeekdayCrews(supabase: AppSupabaseClient, crews: Record<IsoWeekday, number>): Promise<ScheduleChangeResult> {
  const { data, error } = await supabase.rpc("set_weekday_crews", { _crews: ISO_WEEKDAYS.map((weekday) => crews[weekday]) });
  if (error?.code === "42501") return { kind: "forbidden" };
  if (error) throw new ScheduleReadError("could not change the crews of the weekdays", error);
  return { kind: data > 0 ? "changed" : "unchanged" };
}
