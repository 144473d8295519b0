import { describe, expect, it } from "vitest";
import { OFFICE_BOOKING_STATES, officeBookingState, officeStateLabel, officeStateTone, storedStatusOf } from "./admin-booking-row";
import { BOOKING_STATUSES } from "./booking-status";

const NOW = new Date("2027-03-01T12:00:00Z");
const PAST = "2027-03-01T11:00:00Z";
const LATER = "2027-03-01T13:00:00Z";

describe("officeBookingState", () => {
  it("calls a pending booking whose checkout was abandoned 'abandoned', and any other booking by its status", () => {
    expect(officeBookingState({ status: "pending", deposit_status: "expired", hold_expires_at: null, checkout_expires_at: PAST }, NOW)).toBe("abandoned");
    expect(officeBookingState({ status: "pending", deposit_status: "unpaid", hold_expires_at: PAST, checkout_expires_at: PAST }, NOW)).toBe("abandoned");
    expect(officeBookingState({ status: "pending", deposit_status: "unpaid", hold_expires_at: LATER, checkout_expires_at: LATER }, NOW)).toBe("pending");
    expect(officeBookingState({ status: "pending", deposit_status: "paid", hold_expires_at: null, checkout_expires_at: PAST }, NOW)).toBe("pending");
    expect(officeBookingState({ status: "cancelled", deposit_status: "expired", hold_expires_at: null, checkout_expires_at: PAST }, NOW)).toBe("cancelled");
    // A status the product does not know is shown as pending, as the table always has.
    expect(officeBookingState({ status: "archived", deposit_status: "unpaid", hold_expires_at: null, checkout_expires_at: null }, NOW)).toBe("pending");
  });
});

describe("the office's states", () => {
  it("are the statuses with 'Checkout abandoned' after Pending, stored as pending", () => {
    expect(OFFICE_BOOKING_STATES.map(officeStateLabel)).toEqual(["Pending", "Checkout abandoned", "Confirmed", "In progress", "Completed", "Cancelled"]);
    expect(OFFICE_BOOKING_STATES.filter((state) => state !== "abandoned")).toEqual([...BOOKING_STATUSES]);
    expect(storedStatusOf("abandoned")).toBe("pending");
    for (const status of BOOKING_STATUSES) expect(storedStatusOf(status)).toBe(status);
  });

  it("show an abandoned checkout in a neutral tone, not pending's amber nor any status's own", () => {
    const tone = officeStateTone("abandoned");
    expect(tone).toBe("outline");
    for (const status of BOOKING_STATUSES) expect(officeStateTone(status)).not.toBe(tone);
    expect(officeStateTone("pending")).toBe("warning");
  });
});
