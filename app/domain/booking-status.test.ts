import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, DEPOSIT_STATUSES, isBookingFinished, isBookingStatus } from "./booking-status";

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
