import { bookingAmountCents, officeBookingState, officeStateLabel, type AdminBookingRow } from "./admin-booking-row";
import { depositStateLabel } from "./booking-status";
import { csvLine } from "./csv";
import { serviceTypeLabel, TEAM_LABELS } from "./booking-labels";
import type { TeamType } from "./pricing";

export const ADMIN_BOOKINGS_CSV_HEADER = csvLine([
  "Booking ID",
  "Booked At",
  "Customer",
  "Email",
  "Phone",
  "Move Date",
  "Move Time",
  "From",
  "To",
  "Service",
  "Team",
  "Status",
  "Amount (USD)",
  "Deposit",
]);

/** The export's file name for the day it is made: bookings-2027-03-01.csv. */
export function adminBookingsCsvFileName(now: Date): string {
  return `bookings-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * One booking as a CSV record, its status in the table's words as of `now` ('Checkout abandoned'
 * included); amounts in dollars with cents, as spreadsheets sum them.
 */
export function adminBookingCsvLine(booking: AdminBookingRow, now: Date): string {
  const amount = bookingAmountCents(booking);
  return csvLine([
    booking.id,
    booking.created_at,
    booking.full_name,
    booking.email,
    booking.phone,
    booking.moving_date,
    booking.moving_time?.slice(0, 5) ?? "",
    booking.moving_from,
    booking.moving_to,
    serviceTypeLabel(booking.service_type),
    TEAM_LABELS[booking.team_type as TeamType] ?? booking.team_type,
    officeStateLabel(officeBookingState(booking, now)),
    amount === null ? "" : (amount / 100).toFixed(2),
    depositStateLabel(booking),
  ]);
}
