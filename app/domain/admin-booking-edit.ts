import { parseDollars } from "./money";
import { z } from "zod";
import { formatMoveDate, formatTimeSlot } from "./booking-labels";
import type { CapacityRefusal } from "./capacity";
import { BOOKING_MESSAGES, addonsSchema, detailsSchema } from "./booking-schemas";
import { TIME_SLOTS } from "./pricing";
import { formatCents } from "./money";

// What staff may change on a booking (date, time, addresses, instructions, final cost), checked with
// the wizard's own rules, shared by the edit form in the browser and its action on the server.

export const BOOKING_EDIT_MESSAGES = {
  finalCostInvalid: "Enter an amount in dollars, like 1250 or 1250.50",
  finalCostTooLarge: "Final cost can be at most $1,000,000",
  saved: "Booking updated",
  savedDescription: (changes: number) => (changes === 1 ? "1 change was saved." : `${changes} changes were saved.`),
  unchanged: "Nothing to save",
  unchangedDescription: "The booking already had these details.",
  saveFailed: "The booking could not be saved. Please try again.",
  startTooSoon: "The company's notice does not let a move start then.",
  startPastClosing: "The move would run past closing from that time.",
  overCapacityHint:
    "To save it anyway, tick 'Book it anyway' and save again: a crew must be found, and the booking's history will say it was booked over capacity.",
  bookAnywayHint:
    "Lets you choose a day or time the calendar marks full or closed, and saves it over the free-time check. The booking's history records who overrode it.",
  bookAnywayWithoutScripts: "Tick it, then press 'Show free times for this date' to choose one.",
} as const;

/** Why the free-time check refused an edit (no crew free, the day closed, a start the rules do not allow), as the edit form says it. */
export function overCapacityMessage(refusal: CapacityRefusal): string {
  switch (refusal.kind) {
    case "day-closed":
      return `The day is closed${refusal.reason ? ` (${refusal.reason})` : ""}: no crew works then.`;
    case "out-of-hours":
      return refusal.why === "too-soon" ? BOOKING_EDIT_MESSAGES.startTooSoon : BOOKING_EDIT_MESSAGES.startPastClosing;
    default:
      return `${refusal.message || "No crew is free then"}.`;
  }
}

/** The largest final cost staff may enter, in cents. */
export const MAX_FINAL_COST_CENTS = 100_000_000;

/** What the booking holds now: a date or time it keeps is accepted even where the wizard would refuse it. */
export interface CurrentSchedule {
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM, or null when the booking has no time. */
  time: string | null;
}

/** The time slots the form offers: the wizard's, and the booking's own time when it is none of them. */
export function timeOptions(current: CurrentSchedule): Array<{ value: string; label: string }> {
  const slots: string[] = [...TIME_SLOTS];
  if (current.time !== null && !slots.includes(current.time)) slots.push(current.time);
  return slots.sort().map((slot) => ({ value: slot, label: formatTimeSlot(slot) }));
}

/**
 * The edit form's schema. The move date and time follow the wizard's rules against `today` (the
 * company's date), except that a booking may keep the date and time it has, even a date now past or a
 * time outside today's slots: staff correct the final cost of a move that took place.
 */
export function bookingEditSchema(today: string, current: CurrentSchedule) {
  const details = detailsSchema(today).shape;
  return z.object({
    date: z.string({ error: BOOKING_MESSAGES.dateRequired }).superRefine((value, context) => {
      if (value === current.date) return;
      const checked = details.date.safeParse(value);
      // One message a field: a malformed value says so, not also that it is out of range.
      if (!checked.success) context.addIssue({ code: "custom", message: checked.error.issues[0]!.message });
    }),
    time: z
      .string()
      .optional()
      .superRefine((value, context) => {
        if (value === undefined || value === current.time) return;
        const checked = details.time.safeParse(value);
        // One message a field: a malformed value says so, not also that it is out of range.
        if (!checked.success) context.addIssue({ code: "custom", message: checked.error.issues[0]!.message });
      }),
    fromAddress: details.fromAddress,
    toAddress: details.toAddress,
    specialInstructions: addonsSchema.shape.specialInstructions,
    finalCost: z
      .string()
      .trim()
      .optional()
      .transform((value, context) => {
        if (value === undefined || value === "") return null;
        const cents = parseDollars(value);
        if (cents === null) {
          context.addIssue({ code: "custom", message: BOOKING_EDIT_MESSAGES.finalCostInvalid });
          return z.NEVER;
        }
        if (cents > MAX_FINAL_COST_CENTS) {
          context.addIssue({ code: "custom", message: BOOKING_EDIT_MESSAGES.finalCostTooLarge });
          return z.NEVER;
        }
        return cents;
      }),
  });
}

export type BookingEdit = z.infer<ReturnType<typeof bookingEditSchema>>;

/** The fields the edit history names, as staff read them. */
export const BOOKING_EDIT_FIELD_LABELS: Record<string, string> = {
  moving_date: "Move date",
  moving_time: "Time",
  moving_from: "Moving from",
  moving_to: "Moving to",
  special_instructions: "Special instructions",
  final_cost_cents: "Final cost",
  over_capacity: "Booked over capacity",
};

/** How often the customer moved the booking online, of the times the company allows: "Moved online 1 of 2 times". */
export function movedOnlineLabel({ times, limit }: { times: number; limit: number }): string {
  return `Moved online ${times} of ${limit} ${limit === 1 ? "time" : "times"}`;
}

/** The mark of a booking the customer moved online, in the office's lists. */
export const MOVED_BY_CUSTOMER_MARK = "Moved by customer";

/** The office's lists mark a booking whose closed day's customer was asked to pick another, until they do. */
export const NEW_DATE_NEEDED_MARK = "Needs a new date";

/** A value kept in the edit history, shown as the page shows that field ("—" for none). */
export function bookingEditValueLabel(field: string, value: string | null): string {
  if (value === null || value === "") return "—";
  if (field === "moving_date") return formatMoveDate(value);
  if (field === "moving_time") return formatTimeSlot(value.slice(0, 5));
  if (field === "final_cost_cents" && /^\d+$/.test(value)) return formatCents(Number(value));
  return value;
}
