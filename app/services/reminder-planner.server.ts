import { reminderSchedule, type ReminderDue, type ReminderSettings } from "~/domain/reminders";
import type { AppSupabaseClient } from "./supabase.server";

// Planning the messages that come from the clock, not from a change, with the service role (no user
// plans them): each paid booking's two reminders, once per version of it, and the office's list of
// tomorrow's moves, once per day. The database says which bookings still need theirs and keeps one
// row per booking, kind and version, so every server may plan at once.

/** How many bookings one call plans at most; a call that planned this many leaves more for the next. */
export const REMINDER_PLAN_BATCH = 100;

export class ReminderPlanningError extends Error {}

/**
 * Writes the reminders of every paid, open booking whose current version has none yet: queued for the
 * instant the company's rules give, or, when that instant had passed when the booking took its
 * version, kept as never to be sent. Returns how many bookings it planned.
 */
export async function planReminders(serviceRole: AppSupabaseClient, { timeZone, settings }: { timeZone: string; settings: ReminderSettings }): Promise<number> {
  const { data: bookings, error } = await serviceRole.rpc("bookings_to_remind", { p_limit: REMINDER_PLAN_BATCH });
  if (error) throw new ReminderPlanningError(`could not list the bookings to remind: ${error.message}`, { cause: error });
  const reminders = bookings.flatMap((booking) => {
    const schedule = reminderSchedule(
      { movingDate: booking.moving_date, movingTime: booking.moving_time, timeZone, changedAt: new Date(booking.changed_at) },
      settings,
    );
    const planned: Array<["reminder_48h" | "reminder_day_before", ReminderDue]> = [
      ["reminder_48h", schedule.fortyEightHours],
      ["reminder_day_before", schedule.dayBefore],
    ];
    return planned.map(([kind, due]) => ({
      booking_id: booking.booking_id,
      version: booking.version,
      kind,
      due_at: due.kind === "due" ? due.at.toISOString() : null,
    }));
  });
  if (reminders.length === 0) return 0;
  // All of them in one call: one transaction, not two a booking.
  const { error: planError } = await serviceRole.rpc("plan_booking_reminders", { p_reminders: reminders });
  if (planError) throw new ReminderPlanningError(`could not plan the bookings' reminders: ${planError.message}`, { cause: planError });
  return bookings.length;
}

/** Queues the office's list of `day`'s moves (once a day, whichever server comes first). */
export async function queueOfficeDayList(serviceRole: AppSupabaseClient, { day, dueAt }: { day: string; dueAt: Date }): Promise<void> {
  const { error } = await serviceRole.rpc("enqueue_office_day_list", { p_day: day, p_due_at: dueAt.toISOString() });
  if (error) throw new ReminderPlanningError(`could not queue the office's list of ${day}: ${error.message}`, { cause: error });
}
