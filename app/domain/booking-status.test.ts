import { describe, expect, it } from "vitest";
import {
  BOOKING_STATUSES,
  DEPOSIT_STATUSES,
  bookingBadge,
  isBookingFinished,
  isBookingStatus,
  isCheckoutAbandoned,
  type BookingCheckoutState,
} from "./booking-status";

describe("isBookingStatus", () => {
  it("accepts each booking status", () => {
    for (const status of BOOKING_STATUSES) expect(isBookingStatus(status)).toBe(true);
  });

  it("refuses anything else", () => {
    for (const value of ["", "Pending", "canceled", "paid", null, undefined, 1]) expect(isBookingStatus(value)).toBe(false);
  });
});

describe("isBookingFinished", () => {
  it("keeps a pending booking with its deposit not paid open to its draft", () => {
    for (const deposit_status of ["unpaid", "failed", "expired"]) expect(isBookingFinished({ status: "pending", deposit_status })).toBe(false);
  });

  it("finishes a paid booking, and any booking that left pending (cancelled above all), whatever its deposit", () => {
    for (const status of BOOKING_STATUSES.filter((status) => status !== "pending")) {
      for (const deposit_status of DEPOSIT_STATUSES) expect(isBookingFinished({ status, deposit_status }), `${status} ${deposit_status}`).toBe(true);
    }
    expect(isBookingFinished({ status: "pending", deposit_status: "paid" })).toBe(true);
  });
});

describe("bookingBadge", () => {
  it("tells a customer a pending move with its deposit paid is reserved, not merely pending", () => {
    expect(bookingBadge("pending", "paid")).toEqual({ label: "Reserved · deposit paid", tone: "primary" });
    expect(bookingBadge("pending", "unpaid")).toEqual({ label: "Pending", tone: "warning" });
    expect(bookingBadge("confirmed", "paid")).toEqual({ label: "Confirmed", tone: "success" });
    expect(bookingBadge("in_progress")).toEqual({ label: "In progress", tone: "secondary" });
  });

  it("shows the bare status where the deposit is not given (the office's views)", () => {
    expect(bookingBadge("pending")).toEqual({ label: "Pending", tone: "warning" });
  });
});

describe("isCheckoutAbandoned", () => {
  const NOW = new Date("2027-03-01T12:00:00Z");
  const PAST = "2027-03-01T11:30:00+00:00";
  const LATER = "2027-03-01T12:20:00+00:00";
  const booking = (columns: Partial<BookingCheckoutState>): BookingCheckoutState => ({
    status: "pending",
    deposit_status: "unpaid",
    hold_expires_at: PAST,
    checkout_expires_at: PAST,
    ...columns,
  });

  it("holds a pending booking whose checkout Stripe reported expired or failed abandoned, whatever its hold says", () => {
    for (const deposit_status of ["expired", "failed"]) {
      for (const hold_expires_at of [null, PAST, LATER]) {
        expect(isCheckoutAbandoned(booking({ deposit_status, hold_expires_at }), NOW), `${deposit_status} ${hold_expires_at}`).toBe(true);
      }
    }
  });

  it("holds an unpaid deposit abandoned once its hold is released and its checkout has closed, without Stripe's word", () => {
    expect(isCheckoutAbandoned(booking({}), NOW)).toBe(true);
    expect(isCheckoutAbandoned(booking({ hold_expires_at: null }), NOW)).toBe(true);
    // Both end at this very instant: the hold runs and the checkout takes payments only before it.
    const now = NOW.toISOString();
    expect(isCheckoutAbandoned(booking({ hold_expires_at: now, checkout_expires_at: now }), NOW)).toBe(true);
  });

  it("does not while the customer may still pay: a hold still running, or a checkout still open", () => {
    // The hold taken again for a new attempt, the old checkout's expiry behind it.
    expect(isCheckoutAbandoned(booking({ hold_expires_at: LATER }), NOW)).toBe(false);
    // The hold released by a later booking from the same browser, its checkout still taking payments.
    expect(isCheckoutAbandoned(booking({ checkout_expires_at: LATER }), NOW)).toBe(false);
    expect(isCheckoutAbandoned(booking({ hold_expires_at: LATER, checkout_expires_at: LATER }), NOW)).toBe(false);
  });

  it("does not for a booking that never went to Checkout", () => {
    for (const hold_expires_at of [null, PAST, LATER]) {
      expect(isCheckoutAbandoned(booking({ hold_expires_at, checkout_expires_at: null }), NOW), String(hold_expires_at)).toBe(false);
    }
  });

  it("does not once the deposit is paid, or refunded", () => {
    for (const deposit_status of ["paid", "refunded"]) expect(isCheckoutAbandoned(booking({ deposit_status }), NOW), deposit_status).toBe(false);
  });

  it("does not for a booking that has left pending: cancelled, confirmed or later", () => {
    for (const status of BOOKING_STATUSES.filter((status) => status !== "pending")) {
      for (const deposit_status of DEPOSIT_STATUSES) {
        expect(isCheckoutAbandoned(booking({ status, deposit_status }), NOW), `${status} ${deposit_status}`).toBe(false);
      }
    }
  });
});
