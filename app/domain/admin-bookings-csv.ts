import { bookingAmountCents, type AdminBookingRow } from "./admin-booking-row";
import { bookingStatusLabel, depositStateLabel } from "./booking-status";
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

/** One booking as a CSV record; amounts in dollars with cents, as spreadsheets sum them. */
export function adminBookingCsvLine(booking: AdminBookingRow): string {
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
    bookingStatusLabel(booking.status),
    amount === null ? "" : (amount / 100).toFixed(2),
    depositStateLabel(booking),
  ]);
}
