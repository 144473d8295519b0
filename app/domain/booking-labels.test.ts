import { describe, expect, it } from "vitest";
import { formatMoveDate, formatTimeSlot, serviceTypeHeading } from "./booking-labels";

describe("booking labels", () => {
  it("shows service types upper case with spaces", () => {
    expect(serviceTypeHeading("long_distance")).toBe("LONG DISTANCE");
  });
  it("shows slots in 12-hour time and dates in words", () => {
    expect(["08:00", "12:00", "16:00"].map(formatTimeSlot)).toEqual(["8:00 AM", "12:00 PM", "4:00 PM"]);
    expect(formatMoveDate("2026-12-01")).toBe("Tuesday, December 1, 2026");
  });
});
