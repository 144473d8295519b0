import { describe, expect, it } from "vitest";
import type { AdminBookingRow } from "./admin-booking-row";
import { ADMIN_BOOKINGS_CSV_HEADER, adminBookingCsvLine, adminBookingsCsvFileName } from "./admin-bookings-csv";

const NOW = new Date("2026-11-21T12:00:00Z");

const booking: AdminBookingRow = {
  id: "7d4b3c52-8a43-4c5e-9d55-1f3f1b7c0a01",
  created_at: "2026-11-20T09:15:00+00:00",
  full_name: '=cmd|"/c calc"!A1',
  email: "ann@example.com",
  phone: "+1 404-555-0100",
  moving_date: "2027-03-01",
  moving_time: "08:00:00",
  moving_from: "1 Main St, Apt 2\nAtlanta",
  moving_to: 'The "Loft", Decatur',
  service_type: "long_distance",
  team_type: "luxury",
  status: "in_progress",
  estimated_cost_cents: 123_450,
  final_cost_cents: null,
  deposit_status: "paid",
  refund_due_at: null,
  hold_expires_at: null,
  checkout_expires_at: "2026-11-20T09:45:00+00:00",
  online_reschedules: 0,
  new_date_requested_at: null,
};

describe("the bookings CSV", () => {
  it("has a header and one record per booking, quoted and guarded", () => {
    expect(ADMIN_BOOKINGS_CSV_HEADER).toBe(
      "Booking ID,Booked At,Customer,Email,Phone,Move Date,Move Time,From,To,Service,Team,Status,Amount (USD),Deposit\r\n",
    );
    expect(adminBookingCsvLine(booking, NOW)).toBe(
      '7d4b3c52-8a43-4c5e-9d55-1f3f1b7c0a01,2026-11-20T09:15:00+00:00,"\'=cmd|""/c calc""!A1",ann@example.com,"\'+1 404-555-0100",2027-03-01,08:00,' +
        '"1 Main St, Apt 2\nAtlanta","The ""Loft"", Decatur",Long distance,Luxury Team,In progress,1234.50,Deposit paid\r\n',
    );
  });

  it("shows the final cost once set, and Refund due for a deposit owed back", () => {
    const line = adminBookingCsvLine(
      {
        ...booking,
        full_name: "Bo",
        final_cost_cents: 99_900,
        status: "cancelled",
        refund_due_at: "2026-11-21T00:00:00Z",
        moving_time: null,
      },
      NOW,
    );
    expect(line).toContain(",Cancelled,999.00,Refund due\r\n");
    expect(line).toContain(",2027-03-01,,");
  });

  it("says 'Checkout abandoned' for a pending booking whose checkout ended unpaid, as the table does", () => {
    const pending = { ...booking, status: "pending", deposit_status: "expired" };
    expect(adminBookingCsvLine(pending, NOW)).toContain(",Checkout abandoned,1234.50,Deposit checkout expired\r\n");
    // Its checkout still open at that moment: pending.
    expect(adminBookingCsvLine({ ...pending, deposit_status: "unpaid" }, new Date("2026-11-20T09:30:00Z"))).toContain(",Pending,1234.50,Deposit unpaid\r\n");
  });

  it("is named after the day", () => {
    expect(adminBookingsCsvFileName(new Date("2027-03-01T23:59:00Z"))).toBe("bookings-2027-03-01.csv");
  });
});
