import { describe, expect, it } from "vitest";
import {
  DEFAULT_CUSTOMER_CHANGE_RULES,
  cancellationDeadline,
  cancellationView,
  customerCancellation,
  depositOnCancellation,
  moveStartsAt,
  noticeInWords,
} from "./booking-cancellation";

const HOUR = 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

describe("moveStartsAt", () => {
  it("reads the move's date and time slot in the company's time zone (New York)", () => {
    // Summer: EDT, UTC-4.
    expect(moveStartsAt("2027-06-15", "10:00", "America/New_York").toISOString()).toBe("2027-06-15T14:00:00.000Z");
    // Winter: EST, UTC-5.
    expect(moveStartsAt("2027-01-15", "10:00", "America/New_York").toISOString()).toBe("2027-01-15T15:00:00.000Z");
  });

  it("takes the first slot, 08:00, when no time was picked", () => {
    expect(moveStartsAt("2027-06-15", null, "America/New_York").toISOString()).toBe("2027-06-15T12:00:00.000Z");
  });

  it("accepts the database's time format with seconds", () => {
    expect(moveStartsAt("2027-06-15", "16:30:00", "America/New_York").toISOString()).toBe("2027-06-15T20:30:00.000Z");
  });

  it("refuses a date or time it cannot read", () => {
    expect(() => moveStartsAt("15/06/2027", "10:00", "America/New_York")).toThrow(RangeError);
    expect(() => moveStartsAt("2027-06-15", "25:00", "America/New_York")).toThrow(RangeError);
    expect(() => moveStartsAt("2027-02-30", "10:00", "America/New_York")).toThrow(RangeError);
  });
});

describe("cancellationDeadline", () => {
  it("is 48 real hours before the move starts, by default", () => {
    expect(DEFAULT_CUSTOMER_CHANGE_RULES.noticeHours).toBe(48);
    expect(cancellationDeadline("2027-06-15", "10:00", "America/New_York", 48).toISOString()).toBe("2027-06-13T14:00:00.000Z");
  });

  it("counts elapsed hours, not clock hours, across spring forward", () => {
    // Monday 2027-03-15 08:00 EDT (12:00Z); the clocks went forward on Sunday: 48 h before is
    // Saturday 07:00 EST, not 08:00.
    expect(cancellationDeadline("2027-03-15", "08:00", "America/New_York", 48).toISOString()).toBe("2027-03-13T12:00:00.000Z");
  });

  it("follows the company's notice: 72 hours, or none (until the move starts)", () => {
    expect(cancellationDeadline("2027-06-15", "10:00", "America/New_York", 72).toISOString()).toBe("2027-06-12T14:00:00.000Z");
    expect(cancellationDeadline("2027-06-15", "10:00", "America/New_York", 0).toISOString()).toBe("2027-06-15T14:00:00.000Z");
    // 24 elapsed hours before a Monday 08:00 EDT after spring forward is Sunday 07:00 EDT, not 08:00.
    expect(cancellationDeadline("2027-03-15", "08:00", "America/New_York", 24).toISOString()).toBe("2027-03-14T12:00:00.000Z");
    // In another zone the same wall time is another instant.
    expect(cancellationDeadline("2027-06-15", "10:00", "America/Los_Angeles", 48).toISOString()).toBe("2027-06-13T17:00:00.000Z");
  });

  it("counts elapsed hours, not clock hours, across fall back", () => {
    // Monday 2027-11-08 08:00 EST (13:00Z); the clocks went back on Sunday: 48 h before is
    // Saturday 09:00 EDT.
    expect(cancellationDeadline("2027-11-08", "08:00", "America/New_York", 48).toISOString()).toBe("2027-11-06T13:00:00.000Z");
  });
});

describe("customerCancellation", () => {
  const booking = (overrides: Partial<{ status: string; moving_date: string; moving_time: string | null }> = {}) => ({
    status: "pending",
    moving_date: "2027-06-15",
    moving_time: "10:00:00",
    ...overrides,
  });
  const start = at("2027-06-15T14:00:00Z");

  it("allows a pending or confirmed booking 49 hours before the move, until the deadline", () => {
    const now = new Date(start.getTime() - 49 * HOUR);
    expect(customerCancellation(booking(), now, "America/New_York", 48)).toEqual({ kind: "allowed", deadline: at("2027-06-13T14:00:00Z") });
    expect(customerCancellation(booking({ status: "confirmed" }), now, "America/New_York", 48).kind).toBe("allowed");
  });

  it("allows it at exactly 48 hours, as the database does", () => {
    expect(customerCancellation(booking(), new Date(start.getTime() - 48 * HOUR), "America/New_York", 48).kind).toBe("allowed");
  });

  it("sends the customer to the phone from a moment under 48 hours, and after the move", () => {
    expect(customerCancellation(booking(), new Date(start.getTime() - 48 * HOUR + 1000), "America/New_York", 48).kind).toBe("too-late");
    expect(customerCancellation(booking(), new Date(start.getTime() - 47 * HOUR), "America/New_York", 48).kind).toBe("too-late");
    expect(customerCancellation(booking({ status: "confirmed" }), new Date(start.getTime() + 24 * HOUR), "America/New_York", 48).kind).toBe("too-late");
  });

  it("is closed for bookings under way, done or cancelled, however far off", () => {
    const now = new Date(start.getTime() - 30 * 24 * HOUR);
    for (const status of ["in_progress", "completed", "cancelled", "something-new"]) {
      expect(customerCancellation(booking({ status }), now, "America/New_York", 48)).toEqual({ kind: "closed" });
    }
  });

  it("judges a move without a time slot from 08:00", () => {
    // 08:00 EDT on 2027-06-15 is 12:00Z; 49 h before is 2027-06-13T11:00Z.
    expect(customerCancellation(booking({ moving_time: null }), at("2027-06-13T11:00:00Z"), "America/New_York", 48).kind).toBe("allowed");
    expect(customerCancellation(booking({ moving_time: null }), at("2027-06-13T13:00:00Z"), "America/New_York", 48).kind).toBe("too-late");
  });

  it("on the weekend before a spring-forward Monday, 48 clock hours are 47 real ones", () => {
    const monday = booking({ moving_date: "2027-03-15", moving_time: "08:00" });
    // Saturday 07:00 EST: exactly 48 h.
    expect(customerCancellation(monday, at("2027-03-13T12:00:00Z"), "America/New_York", 48).kind).toBe("allowed");
    // Saturday 08:00 EST reads "48 hours before" on the clock, but only 47 have to pass.
    expect(customerCancellation(monday, at("2027-03-13T13:00:00Z"), "America/New_York", 48).kind).toBe("too-late");
  });

  it("on the weekend before a fall-back Monday, 48 clock hours are 49 real ones", () => {
    const monday = booking({ moving_date: "2027-11-08", moving_time: "08:00" });
    // Saturday 08:30 EDT: 48.5 real hours ahead, though the clock shows 47.5.
    expect(customerCancellation(monday, at("2027-11-06T12:30:00Z"), "America/New_York", 48).kind).toBe("allowed");
    // Saturday 09:30 EDT: 47.5 real hours.
    expect(customerCancellation(monday, at("2027-11-06T13:30:00Z"), "America/New_York", 48).kind).toBe("too-late");
  });
});

describe("the rules in words", () => {
  it("names the notice, or the start of the move when there is none", () => {
    expect(noticeInWords(48)).toBe("48 hours before your move");
    expect(noticeInWords(1)).toBe("1 hour before your move");
    expect(noticeInWords(0)).toBe("before your move starts");
  });

  it("says whether a cancellation in time refunds the deposit", () => {
    expect(depositOnCancellation({ refundOnCancel: true })).toBe(
      "The $50 deposit is applied to your final bill. Cancel online in time and it is refunded in full to the card you paid with.",
    );
    expect(depositOnCancellation({ refundOnCancel: false })).toBe("The $50 deposit is applied to your final bill. It is not refunded when you cancel.");
  });
});

describe("cancellationView", () => {
  const zone = "America/New_York";
  const paid = {
    status: "confirmed",
    moving_date: "2027-06-15",
    moving_time: "10:00:00",
    deposit_status: "paid",
    refund_due_at: null,
    new_date_requested_at: null,
  };
  const start = at("2027-06-15T14:00:00Z");
  const rules = { ...DEFAULT_CUSTOMER_CHANGE_RULES, noticeHours: 72 };

  it("offers the cancellation until the deadline, inclusive, with what it does to the deposit", () => {
    const view = cancellationView(paid, new Date(start.getTime() - 72 * HOUR), { timeZone: zone, rules });
    expect(view).toEqual({
      kind: "allowed",
      deadline: "Jun 12, 2027, 10:00 AM EDT",
      notice: "72 hours before your move",
      deposit: depositOnCancellation(rules),
      onCancel: "refund",
    });
    expect(cancellationView(paid, new Date(start.getTime() - 72 * HOUR), { timeZone: zone, rules: { ...rules, refundOnCancel: false } })).toMatchObject({
      onCancel: "keep",
    });
    expect(cancellationView({ ...paid, deposit_status: "pending" }, new Date(start.getTime() - 72 * HOUR), { timeZone: zone, rules })).toMatchObject({
      onCancel: "nothing-paid",
    });
  });

  it("lets a booking whose day the company closed be cancelled after the deadline, refunding a paid deposit whatever the rule", () => {
    const asked = { ...paid, new_date_requested_at: "2027-06-10T12:00:00Z" };
    const theDayBefore = new Date(start.getTime() - 24 * HOUR);
    expect(cancellationView(asked, theDayBefore, { timeZone: zone, rules: { ...rules, refundOnCancel: false } })).toEqual({
      kind: "day-closed",
      onCancel: "refund",
    });
    expect(cancellationView({ ...asked, deposit_status: "unpaid" }, theDayBefore, { timeZone: zone, rules })).toEqual({
      kind: "day-closed",
      onCancel: "nothing-paid",
    });
    expect(cancellationView({ ...asked, status: "cancelled", refund_due_at: "2027-06-14T00:00:00Z" }, theDayBefore, { timeZone: zone, rules })).toEqual({
      kind: "closed",
      deposit: "refund-due",
    });
  });

  it("a second past the deadline says why not", () => {
    expect(cancellationView(paid, new Date(start.getTime() - 72 * HOUR + 1000), { timeZone: zone, rules })).toEqual({
      kind: "too-late",
      reason: "Your move is less than 72 hours away, so it can no longer be cancelled online.",
    });
  });

  it("once cancelled, says what became of a paid deposit", () => {
    const cancelled = { ...paid, status: "cancelled" };
    const later = new Date(start.getTime() - 100 * HOUR);
    expect(cancellationView({ ...cancelled, deposit_status: "refunded" }, later, { timeZone: zone, rules })).toEqual({ kind: "closed", deposit: "refunded" });
    expect(cancellationView({ ...cancelled, refund_due_at: "2027-06-01T00:00:00Z" }, later, { timeZone: zone, rules })).toEqual({
      kind: "closed",
      deposit: "refund-due",
    });
    expect(cancellationView(cancelled, later, { timeZone: zone, rules })).toEqual({ kind: "closed", deposit: "kept" });
    expect(cancellationView({ ...cancelled, deposit_status: "pending" }, later, { timeZone: zone, rules })).toEqual({ kind: "closed", deposit: null });
    expect(cancellationView({ ...paid, status: "completed" }, later, { timeZone: zone, rules })).toEqual({ kind: "closed", deposit: null });
  });
});
