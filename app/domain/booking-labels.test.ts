import { describe, expect, it } from "vitest";
import { formatTimeSlot } from "./booking-labels";

describe("booking labels", () => {
  it("shows slots in 12-hour time", () => {
    expect(["08:00", "12:00", "16:00"].map(formatTimeSlot)).toEqual(["8:00 AM", "12:00 PM", "4:00 PM"]);
  });
});
