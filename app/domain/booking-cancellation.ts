// When a move starts, and whether its customer may still cancel it on their own. The database's
// `cancel_my_booking` applies the same rule (`move_starts_at`, `customer_cancellation_notice`); the
// page uses this one to offer the button or the phone number. `now` is always passed in.

import { zonedWallTimeToInstant } from "./company-time";
import { formatCents } from "./money";
import { DEPOSIT_CENTS, TIME_SLOTS } from "./pricing";

/** How long before the move a customer may still cancel online; closer to it, they call the company. */
export const CUSTOMER_CANCELLATION_NOTICE_HOURS = 48;

/** A move without a picked time slot is taken to start at the first slot. */
export const DEFAULT_MOVE_TIME = TIME_SLOTS[0];

/** What becomes of the deposit when a booking is cancelled: the office, not the customer, refunds it. */
export const DEPOSIT_ON_CANCELLATION = `The ${formatCents(DEPOSIT_CENTS)} deposit is applied to your final bill. Cancelling does not refund it: refunds are handled by our office, not online.`;

export const CANCELLATION_MESSAGES = {
  cancelled: "Booking cancelled",
  cancelledDescription: "Your booking has been cancelled.",
  notCancellable: "This booking can no longer be cancelled.",
  tooLate: `Your move is less than ${CUSTOMER_CANCELLATION_NOTICE_HOURS} hours away, so it can no longer be cancelled online.`,
  callToCancel: "Please call us to cancel or change it.",
} as const;

const HOUR_MS = 60 * 60 * 1000;

/** When a move starts: its date at its time slot (08:00 when none was picked) in the company's time zone. */
export function moveStartsAt(movingDate: string, movingTime: string | null, timeZone: string): Date {
  return zonedWallTimeToInstant(movingDate, movingTime ?? DEFAULT_MOVE_TIME, timeZone);
}

/**
 * The last moment the customer may change or cancel online: 48 elapsed hours before the move starts (across a
 * daylight-saving change the wall clock then reads 47 or 49 hours earlier).
 */
export function cancellationDeadline(movingDate: string, movingTime: string | null, timeZone: string): Date {
  return new Date(moveStartsAt(movingDate, movingTime, timeZone).getTime() - CUSTOMER_CANCELLATION_NOTICE_HOURS * HOUR_MS);
}

export type CustomerCancellation =
  /** The customer may cancel online until `deadline`. */
  | { kind: "allowed"; deadline: Date }
  /** Still ahead, but less than 48 hours away (or past): only the company can cancel it now. */
  | { kind: "too-late" }
  /** Under way, completed or cancelled already: nothing to cancel. */
  | { kind: "closed" };

/**
 * Whether the customer may cancel this booking themselves at `now`: pending or confirmed, at least 48 hours
 * ahead of its start on the company's clock (`timeZone`).
 */
export function customerCancellation(
  booking: { status: string; moving_date: string; moving_time: string | null },
  now: Date,
  timeZone: string,
): CustomerCancellation {
  if (booking.status !== "pending" && booking.status !== "confirmed") return { kind: "closed" };
  const deadline = cancellationDeadline(booking.moving_date, booking.moving_time, timeZone);
  return now.getTime() <= deadline.getTime() ? { kind: "allowed", deadline } : { kind: "too-late" };
}
