import {
  BOOKING_STATUSES,
  bookingStatusLabel,
  bookingStatusTone,
  isBookingStatus,
  isCheckoutAbandoned,
  type BookingCheckoutState,
  type BookingStatus,
  type StatusTone,
} from "./booking-status";

/** What the admin bookings table and its export show of a booking. */
export interface AdminBookingRow {
  id: string;
  created_at: string;
  full_name: string;
  email: string;
  phone: string;
  moving_date: string;
  moving_time: string | null;
  moving_from: string;
  moving_to: string;
  service_type: string;
  team_type: string;
  status: string;
  estimated_cost_cents: number | null;
  final_cost_cents: number | null;
  deposit_status: string;
  refund_due_at: string | null;
  /** Until when the booking holds its crew while its deposit is unpaid. */
  hold_expires_at: string | null;
  /** When the deposit's Checkout Session stops taking payments. */
  checkout_expires_at: string | null;
  /** How many times the customer moved it online. */
  online_reschedules: number;
  /** When the office closed its day and asked the customer to pick another; null once it has a new date. */
  new_date_requested_at: string | null;
}

/** What a booking costs as the admin sees it: the final cost once set, else the estimate; null when neither is known. */
export function bookingAmountCents(booking: Pick<AdminBookingRow, "final_cost_cents" | "estimated_cost_cents">): number | null {
  return booking.final_cost_cents ?? booking.estimated_cost_cents;
}

/** A status the product does not know is shown as pending, the state that asks for a look. */
export function displayedStatus(status: string): BookingStatus {
  return isBookingStatus(status) ? status : BOOKING_STATUSES[0];
}

/**
 * A booking's status as the office's views show and filter it: the stored status, except that a
 * pending booking whose checkout was abandoned is "abandoned", apart from the pending work.
 */
export const OFFICE_BOOKING_STATES = ["pending", "abandoned", "confirmed", "in_progress", "completed", "cancelled"] as const;
export type OfficeBookingState = (typeof OFFICE_BOOKING_STATES)[number];

export const CHECKOUT_ABANDONED_LABEL = "Checkout abandoned";

/** Where a booking stands for the office at `now`; an unknown status is shown as pending (see displayedStatus). */
export function officeBookingState(booking: BookingCheckoutState, now: Date): OfficeBookingState {
  return isCheckoutAbandoned(booking, now) ? "abandoned" : displayedStatus(booking.status);
}

/** The status a state is stored as: an abandoned checkout's booking is still pending. */
export function storedStatusOf(state: OfficeBookingState): BookingStatus {
  return state === "abandoned" ? "pending" : state;
}

/** A state as the office's badges and filters name it: "Checkout abandoned", "In progress"… */
export function officeStateLabel(state: OfficeBookingState): string {
  return state === "abandoned" ? CHECKOUT_ABANDONED_LABEL : bookingStatusLabel(state);
}

/** A state's badge colour: an abandoned checkout is neutral, not pending's amber: nothing waits on the office. */
export function officeStateTone(state: OfficeBookingState): StatusTone {
  return state === "abandoned" ? "outline" : bookingStatusTone(state);
}

/** The `intent` of a row's status form, posted to the page that shows the table. */
export const SET_BOOKING_STATUS_INTENT = "set-status";
