import { BOOKING_STATUSES, isBookingStatus, type BookingStatus } from "./booking-status";

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

/** The `intent` of a row's status form, posted to the page that shows the table. */
export const SET_BOOKING_STATUS_INTENT = "set-status";
