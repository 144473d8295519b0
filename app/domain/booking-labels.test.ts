import { describe, expect, it } from "vitest";
import { formatMoveDate, formatTimeSlot, serviceTypeLabel } from "./booking-labels";

describe("booking labels", () => {
  it("shows slots in 12-hour time", () => {
    expect(["08:00", "12:00", "16:00"].map(formatTimeSlot)).toEqual(["8:00 AM", "12:00 PM", "4:00 PM"]);
  });

  it("names service types in words, as the wizard does, and an unknown one without its underscores", () => {
    expect(serviceTypeLabel("long_distance")).toBe("Long distance");
    expect(serviceTypeLabel("local")).toBe("Local move");
    expect(serviceTypeLabel("commercial")).toBe("Commercial move");
    expect(serviceTypeLabel("white_glove")).toBe("white glove");
  });

  it("shows a move date as the calendar day it names, in any time zone", () => {
    expect(formatMoveDate("2027-03-01")).toBe("Monday, March 1, 2027");
    expect(formatMoveDate("2026-12-31")).toBe("Thursday, December 31, 2026");
  });
});
