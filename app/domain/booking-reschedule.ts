// Whether a customer may still move their booking to another day or time on their own, by the
// company's rules: pending or confirmed, the notice ahead of its start, fewer online moves than the
// company allows; or whatever those say, when the company closed its day and asked the customer to
// pick another. The database's `apply_customer_reschedule` applies the same rules at save.
import { customerCancellation, newDateRequested, noticeInWords, type CustomerChangeRules } from "./booking-cancellation";
import { formatMoveDate } from "./booking-labels";
import { formatDateTimeIn } from "./company-time";

/** The reschedule form's submit button's intent (its month buttons and 'Show free times' post others). */
export const RESCHEDULE_INTENT = "reschedule";

export const RESCHEDULE_MESSAGES = {
  rescheduled: "Move rescheduled",
  rescheduledDescription: (when: string) => `Your move is now on ${when}. We have emailed you the new date and time.`,
  sameTime: "That is your move's date and time already: choose another day or time.",
  notChangeable: "This booking can no longer be rescheduled.",
  dayClosed: (day: string) =>
    `We are sorry: we have had to close on ${day}, so your move cannot go ahead that day. Please pick another day. This change does not count toward your online changes.`,
  tooLate: (noticeHours: number) =>
    noticeHours === 0
      ? "Your move has started, so it can no longer be rescheduled online."
      : `Your move is less than ${noticeHours} ${noticeHours === 1 ? "hour" : "hours"} away, so it can no longer be rescheduled online.`,
  limitReached: (limit: number) =>
    limit === 0
      ? "Moves are rescheduled by our office."
      : `This booking has been rescheduled online ${limit === 1 ? "once" : `${limit} times`}, as often as we allow.`,
} as const;

/** What the booking's page says of moving it, with the deadline and the moves left. */
export type RescheduleView =
  /** May move it online until `deadline` (company time, written out), `movesLeft` more times. */
  | { kind: "allowed"; deadline: string; notice: string; movesLeft: number }
  /** The company closed the booking's day (`day`, written out) and asked the customer to pick another: any free day, not counted. */
  | { kind: "new-date-needed"; day: string }
  /** `reason`: why it can no longer be moved online; the page gives the phone number. */
  | { kind: "unavailable"; reason: string }
  /** Under way, completed or cancelled: nothing to move. */
  | { kind: "closed" };

/** The booking's rescheduling as its customer's page shows it, at `now`, by the company's rules. */
export function rescheduleView(
  booking: { status: string; moving_date: string; moving_time: string | null; online_reschedules: number; new_date_requested_at: string | null },
  now: Date,
  { timeZone, rules }: { timeZone: string; rules: CustomerChangeRules },
): RescheduleView {
  if (newDateRequested(booking)) return { kind: "new-date-needed", day: formatMoveDate(booking.moving_date) };
  const inTime = customerCancellation(booking, now, timeZone, rules.noticeHours);
  if (inTime.kind === "closed") return { kind: "closed" };
  if (inTime.kind === "too-late") return { kind: "unavailable", reason: RESCHEDULE_MESSAGES.tooLate(rules.noticeHours) };
  const movesLeft = rules.rescheduleLimit - booking.online_reschedules;
  if (movesLeft <= 0) return { kind: "unavailable", reason: RESCHEDULE_MESSAGES.limitReached(rules.rescheduleLimit) };
  return { kind: "allowed", deadline: formatDateTimeIn(inTime.deadline, timeZone), notice: noticeInWords(rules.noticeHours), movesLeft };
}
