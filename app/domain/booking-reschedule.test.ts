import { describe, expect, it } from "vitest";
import { DEFAULT_CUSTOMER_CHANGE_RULES } from "./booking-cancellation";
import { RESCHEDULE_MESSAGES, rescheduleView } from "./booking-reschedule";

const timeZone = "America/New_York";
const rules = DEFAULT_CUSTOMER_CHANGE_RULES;
// A move on Tuesday, March 16, 2027 at 10:00 in New York (14:00 UTC): 48 hours before is March 14, 14:00 UTC.
const booking = { status: "confirmed", moving_date: "2027-03-16", moving_time: "10:00", online_reschedules: 0, new_date_requested_at: null };
const deadline = new Date("2027-03-14T14:00:00Z");

describe("rescheduleView", () => {
  it("offers moving until exactly the deadline, in the company's time, with the moves left", () => {
    expect(rescheduleView(booking, deadline, { timeZone, rules })).toEqual({
      kind: "allowed",
      // Daylight saving time began that morning: 14:00 UTC is 10:00 in New York.
      deadline: "Mar 14, 2027, 10:00 AM EDT",
      notice: "48 hours before your move",
      movesLeft: 2,
    });
    expect(rescheduleView(booking, new Date(deadline.getTime() + 1), { timeZone, rules })).toEqual({
      kind: "unavailable",
      reason: RESCHEDULE_MESSAGES.tooLate(48),
    });
  });

  it("offers the last allowed move, then sends the customer to the office", () => {
    const early = new Date("2027-03-01T12:00:00Z");
    expect(rescheduleView({ ...booking, online_reschedules: 1 }, early, { timeZone, rules })).toMatchObject({ kind: "allowed", movesLeft: 1 });
    expect(rescheduleView({ ...booking, online_reschedules: 2 }, early, { timeZone, rules })).toEqual({
      kind: "unavailable",
      reason: "This booking has been rescheduled online 2 times, as often as we allow.",
    });
    expect(rescheduleView(booking, early, { timeZone, rules: { ...rules, rescheduleLimit: 0 } })).toEqual({
      kind: "unavailable",
      reason: "Moves are rescheduled by our office.",
    });
  });

  it("lets a booking whose day the company closed be moved whatever the notice and the moves made, until it is no longer open", () => {
    const asked = { ...booking, online_reschedules: 2, new_date_requested_at: "2027-03-10T15:00:00Z" };
    const theDayBefore = new Date("2027-03-15T14:00:00Z");
    expect(rescheduleView(asked, theDayBefore, { timeZone, rules })).toEqual({ kind: "new-date-needed", day: "Tuesday, March 16, 2027" });
    expect(rescheduleView(asked, theDayBefore, { timeZone, rules: { ...rules, rescheduleLimit: 0 } })).toEqual({
      kind: "new-date-needed",
      day: "Tuesday, March 16, 2027",
    });
    expect(rescheduleView({ ...asked, status: "cancelled" }, theDayBefore, { timeZone, rules })).toEqual({ kind: "closed" });
  });

  it("has nothing to move once the booking is under way, completed or cancelled", () => {
    for (const status of ["in_progress", "completed", "cancelled"]) {
      expect(rescheduleView({ ...booking, status }, new Date("2027-03-01T12:00:00Z"), { timeZone, rules })).toEqual({ kind: "closed" });
    }
  });
});
