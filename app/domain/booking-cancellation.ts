// When a move starts, and whether its customer may still change or cancel it on their own, by the
// company's rules (settings). The database's `apply_customer_cancellation` applies the same rule
// (`move_starts_at`, `customer_cancellation_notice`); the pages use this one to offer the button or the
// phone number. `now` is always passed in.

import { formatDateTimeIn, zonedWallTimeToInstant } from "./company-time";
import { formatCents } from "./money";
import { DEPOSIT_CENTS, TIME_SLOTS } from "./pricing";

/** The company's rules for a customer's own changes to a paid booking. */
export interface CustomerChangeRules {
  /** Up to this many hours before the move starts the customer may reschedule or cancel online (0 to 720). */
  noticeHours: number;
  /** A cancellation in time refunds the deposit in full, by itself. */
  refundOnCancel: boolean;
  /** How many times one booking may be moved online (0 to 10). */
  rescheduleLimit: number;
}

export const DEFAULT_CUSTOMER_CHANGE_RULES: Readonly<CustomerChangeRules> = Object.freeze({ noticeHours: 48, refundOnCancel: true, rescheduleLimit: 2 });

/** A move without a picked time slot is taken to start at the first slot. */
export const DEFAULT_MOVE_TIME = TIME_SLOTS[0];

/**
 * The company closed the booking's day and asked its customer to pick another: until they do, they may
 * move it or cancel it online whatever the rules, and a paid deposit is refunded in full on cancelling.
 */
export function newDateRequested(booking: { status: string; new_date_requested_at: string | null }): boolean {
  return booking.new_date_requested_at !== null && (booking.status === "pending" || booking.status === "confirmed");
}

/** "48 hours before your move", or "before your move starts" when changes are open until the start. */
export function noticeInWords(noticeHours: number): string {
  if (noticeHours === 0) return "before your move starts";
  return `${noticeHours} ${noticeHours === 1 ? "hour" : "hours"} before your move`;
}

/** What the customer may do online by the rules: "reschedule or cancel", or "cancel" when only the office moves bookings. */
export function onlineChangesInWords(rules: Pick<CustomerChangeRules, "rescheduleLimit">): string {
  return rules.rescheduleLimit > 0 ? "reschedule or cancel" : "cancel";
}

/** What becomes of the deposit when the customer cancels in time, by the company's rule. */
export function depositOnCancellation(rules: Pick<CustomerChangeRules, "refundOnCancel">, depositCents = DEPOSIT_CENTS): string {
  const deposit = formatCents(depositCents);
  return rules.refundOnCancel
    ? `The ${deposit} deposit is applied to your final bill. Cancel online in time and it is refunded in full to the card you paid with.`
    : `The ${deposit} deposit is applied to your final bill. It is not refunded when you cancel.`;
}

export const CANCELLATION_MESSAGES = {
  cancelled: "Booking cancelled",
  cancelledDescription: "Your booking has been cancelled.",
  refundedDescription: (deposit: string) => `Your booking has been cancelled and your ${deposit} deposit is refunded to the card you paid with.`,
  refundPendingDescription: (deposit: string) => `Your booking has been cancelled. Your ${deposit} deposit will be refunded to the card you paid with.`,
  notCancellable: "This booking can no longer be cancelled.",
  tooLate: (noticeHours: number) =>
    noticeHours === 0
      ? "Your move has started, so it can no longer be cancelled online."
      : `Your move is less than ${noticeHours} ${noticeHours === 1 ? "hour" : "hours"} away, so it can no longer be cancelled online.`,
  callToCancel: "Please call us to cancel or change it.",
} as const;

const HOUR_MS = 60 * 60 * 1000;

/** When a move starts: its date at its time slot (08:00 when none was picked) in the company's time zone. */
export function moveStartsAt(movingDate: string, movingTime: string | null, timeZone: string): Date {
  return zonedWallTimeToInstant(movingDate, movingTime ?? DEFAULT_MOVE_TIME, timeZone);
}

/**
 * The last moment the customer may change or cancel online: the notice in elapsed hours before the move
 * starts (across a daylight-saving change the wall clock then reads an hour more or less).
 */
export function cancellationDeadline(movingDate: string, movingTime: string | null, timeZone: string, noticeHours: number): Date {
  return new Date(moveStartsAt(movingDate, movingTime, timeZone).getTime() - noticeHours * HOUR_MS);
}

export type CustomerCancellation =
  /** The customer may cancel online until `deadline`. */
  | { kind: "allowed"; deadline: Date }
  /** Still ahead, but closer than the notice (or past): only the company can cancel it now. */
  | { kind: "too-late" }
  /** Under way, completed or cancelled already: nothing to cancel. */
  | { kind: "closed" };

/**
 * Whether the customer may cancel this booking themselves at `now`: pending or confirmed, at least the
 * notice ahead of its start on the company's clock (`timeZone`); exactly at the deadline still may.
 */
export function customerCancellation(
  booking: { status: string; moving_date: string; moving_time: string | null },
  now: Date,
  timeZone: string,
  noticeHours: number,
): CustomerCancellation {
  if (booking.status !== "pending" && booking.status !== "confirmed") return { kind: "closed" };
  const deadline = cancellationDeadline(booking.moving_date, booking.moving_time, timeZone, noticeHours);
  return now.getTime() <= deadline.getTime() ? { kind: "allowed", deadline } : { kind: "too-late" };
}

/** What the booking's page says of cancelling it, with the deadline and the rules in words. */
export type CancellationView =
  /**
   * May cancel online until `deadline` (company time, written out); `notice` and `deposit` state the
   * rules; `onCancel`: what cancelling now does with this booking's deposit.
   */
  | { kind: "allowed"; deadline: string; notice: string; deposit: string; onCancel: "refund" | "keep" | "nothing-paid" }
  /** The company closed the booking's day: it may be cancelled online, with a paid deposit refunded in full. */
  | { kind: "day-closed"; onCancel: "refund" | "nothing-paid" }
  /** `reason`: why it can no longer be cancelled online; the page gives the phone number. */
  | { kind: "too-late"; reason: string }
  /**
   * Cancelled, or past changing. `deposit` says what became of a paid deposit: refunded, owed back
   * (a refund on its way), or kept; null when none was paid or the booking is not cancelled.
   */
  | { kind: "closed"; deposit: "refunded" | "refund-due" | "kept" | null };

/** The booking's cancellation as its customer's page shows it, at `now`, by the company's rules. */
export function cancellationView(
  booking: {
    status: string;
    moving_date: string;
    moving_time: string | null;
    deposit_status: string;
    refund_due_at: string | null;
    new_date_requested_at: string | null;
  },
  now: Date,
  { timeZone, rules }: { timeZone: string; rules: CustomerChangeRules },
): CancellationView {
  if (newDateRequested(booking)) return { kind: "day-closed", onCancel: booking.deposit_status === "paid" ? "refund" : "nothing-paid" };
  const cancellation = customerCancellation(booking, now, timeZone, rules.noticeHours);
  if (cancellation.kind === "allowed") {
    return {
      kind: "allowed",
      deadline: formatDateTimeIn(cancellation.deadline, timeZone),
      notice: noticeInWords(rules.noticeHours),
      deposit: depositOnCancellation(rules),
      onCancel: booking.deposit_status !== "paid" ? "nothing-paid" : rules.refundOnCancel ? "refund" : "keep",
    };
  }
  if (cancellation.kind === "too-late") return { kind: "too-late", reason: CANCELLATION_MESSAGES.tooLate(rules.noticeHours) };
  if (booking.status !== "cancelled") return { kind: "closed", deposit: null };
  const deposit = booking.deposit_status === "refunded" ? "refunded" : booking.deposit_status !== "paid" ? null : booking.refund_due_at ? "refund-due" : "kept";
  return { kind: "closed", deposit };
}
