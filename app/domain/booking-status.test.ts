import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, isBookingStatus } from "./booking-status";

describe("isBookingStatus", () => {
  it("accepts each booking status", () => {
    for (const status of BOOKING_STATUSES) expect(isBookingStatus(status)).toBe(true);
  });

  it("refuses anything else", () => {
    for (const value of ["", "Pending", "canceled", "paid", null, undefined, 1]) expect(isBookingStatus(value)).toBe(false);
  });
});
