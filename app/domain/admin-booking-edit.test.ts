import { describe, expect, it } from "vitest";
import { BOOKING_EDIT_MESSAGES, bookingEditValueLabel, movedOnlineLabel, overCapacityMessage, timeOptions } from "./admin-booking-edit";

describe("timeOptions", () => {
  it("offers the wizard's slots, and the booking's own time when it is none of them", () => {
    expect(timeOptions({ date: "2027-01-01", time: "10:00" }).map((option) => option.value)).toEqual(["08:00", "10:00", "12:00", "14:00", "16:00"]);
    expect(timeOptions({ date: "2027-01-01", time: "09:30" })).toContainEqual({ value: "09:30", label: "9:30 AM" });
  });
});

describe("bookingEditValueLabel", () => {
  it("shows each kept value as the page shows its field", () => {
    expect(bookingEditValueLabel("final_cost_cents", "125050")).toBe("$1,250.50");
    expect(bookingEditValueLabel("moving_time", "14:00:00")).toBe("2:00 PM");
    expect(bookingEditValueLabel("moving_to", "1 Main St")).toBe("1 Main St");
    expect(bookingEditValueLabel("special_instructions", null)).toBe("—");
  });
});

describe("overCapacityMessage", () => {
  it("says what the free-time check refused", () => {
    expect(overCapacityMessage({ kind: "slot-taken", message: "No crew is free on 2027-03-01 from 10:00 to 14:00: 1 of 1 crews are out" })).toBe(
      "No crew is free on 2027-03-01 from 10:00 to 14:00: 1 of 1 crews are out.",
    );
    expect(overCapacityMessage({ kind: "day-closed", message: "", reason: "Storm" })).toBe("The day is closed (Storm): no crew works then.");
    expect(overCapacityMessage({ kind: "out-of-hours", message: "", why: "too-soon" })).toBe(BOOKING_EDIT_MESSAGES.startTooSoon);
    expect(overCapacityMessage({ kind: "out-of-hours", message: "", why: "past-closing" })).toBe(BOOKING_EDIT_MESSAGES.startPastClosing);
  });
});

describe("movedOnlineLabel", () => {
  it("counts the customer's moves of the times allowed", () => {
    expect(movedOnlineLabel({ times: 0, limit: 2 })).toBe("Moved online 0 of 2 times");
    expect(movedOnlineLabel({ times: 1, limit: 2 })).toBe("Moved online 1 of 2 times");
    expect(movedOnlineLabel({ times: 1, limit: 1 })).toBe("Moved online 1 of 1 time");
  });
});
