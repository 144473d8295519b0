import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, DEPOSIT_STATUSES, bookingBadge, isBookingFinished, isBookingStatus } from "./booking-status";

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
