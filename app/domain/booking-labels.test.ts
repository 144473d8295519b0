import { describe, expect, it } from "vitest";
import { formatMoveDate, formatMoveDateTime, formatTimeSlot, serviceMoveName, serviceTypeLabel } from "./booking-labels";

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

  it("names a service as a move for sentences, saying 'move' once", () => {
    expect(serviceMoveName("local")).toBe("local move");
    expect(serviceMoveName("long_distance")).toBe("long-distance move");
    expect(serviceMoveName("commercial")).toBe("commercial move");
    expect(serviceMoveName("white_glove")).toBe("white glove move");
    expect(serviceMoveName("office_move")).toBe("office move");
  });

  it("shows a move date as the calendar day it names, in any time zone", () => {
    expect(formatMoveDate("2027-03-01")).toBe("Monday, March 1, 2027");
    expect(formatMoveDate("2026-12-31")).toBe("Thursday, December 31, 2026");
  });

  it("shows a move's day and start time together, or any time without a slot", () => {
    expect(formatMoveDateTime("2026-12-01", "08:00")).toBe("Tuesday, December 1, 2026 · 8:00 AM");
    expect(formatMoveDateTime("2026-12-01", "14:00")).toBe("Tuesday, December 1, 2026 · 2:00 PM");
    expect(formatMoveDateTime("2026-12-01", undefined)).toBe("Tuesday, December 1, 2026 · Any time");
  });
});
