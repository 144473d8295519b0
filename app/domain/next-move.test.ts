import { describe, expect, it } from "vitest";
import { nextMoveView, type NextMoveRow } from "./next-move";

const company = { timeZone: "America/New_York", today: "2027-01-10", changeRules: { noticeHours: 48, refundOnCancel: true, rescheduleLimit: 2 } };
const row = (columns: Partial<NextMoveRow>): NextMoveRow => ({
  id: "b1",
  status: "confirmed",
  deposit_status: "paid",
  moving_date: "2027-01-15",
  moving_time: "10:00",
  estimated_hours: 6,
  moving_from: "12 Oak St",
  moving_to: "98 Pine Ave",
  ...columns,
});
const now = new Date("2027-01-10T15:00:00Z");

describe("nextMoveView", () => {
  it("takes the first booked move still ahead, with the crew's window and the last moment to change it online", () => {
    const rows = [row({ id: "done", status: "completed", moving_date: "2027-01-12" }), row({ id: "next" }), row({ id: "later", moving_date: "2027-02-01" })];
    expect(nextMoveView(rows, now, company)).toEqual({
      bookingId: "next",
      when: "Friday, January 15, 2027, 10:00 AM – 4:00 PM EST",
      route: "12 Oak St → 98 Pine Ave",
      nextStep: "Your crew is booked. We email you a reminder the day before, with the crew's arrival time.",
      changes: { online: true, until: "Jan 13, 2027, 10:00 AM EST" },
    });
  });

  it("says what the customer or the office does next, by where the booking stands", () => {
    expect(nextMoveView([row({ status: "pending", deposit_status: "unpaid" })], now, company)?.nextStep).toBe("Pay the $50 deposit to reserve your crew.");
    expect(nextMoveView([row({ status: "pending" })], now, company)?.nextStep).toBe(
      "Your deposit is paid. The office confirms your crew and emails you when it does.",
    );
  });

  it("says the move can no longer be changed online within the notice, and has nothing for moves past or cancelled", () => {
    expect(nextMoveView([row({ moving_date: "2027-01-11" })], now, company)?.changes).toEqual({ online: false });
    expect(nextMoveView([row({ moving_date: "2027-01-09" }), row({ status: "cancelled" })], now, company)).toBeNull();
  });
});
