import { describe, expect, it } from "vitest";
import { DEFAULT_MOVE_START_RULES, companyClock, firstMoveDate, moveStartVerdict, type MoveStartRules } from "./move-start-rules";

const workingHours = { opensAt: "08:00", closesAt: "18:00" };
/** 7:50 AM on Monday, November 30, 2026, where the company works. */
const now = { date: "2026-11-30", minutes: 7 * 60 + 50 };
const verdict = (move: { date: string; time: string; hours: number }, rules: MoveStartRules = DEFAULT_MOVE_START_RULES) =>
  moveStartVerdict(move, { rules, workingHours, now });

describe("when a move may start", () => {
  it("by default offers no same-day move, not even 8:00 AM at 7:50 AM, and offers the next day", () => {
    expect(verdict({ date: "2026-11-30", time: "08:00", hours: 3 })).toEqual({ allowed: false, why: "too-soon" });
    expect(verdict({ date: "2026-11-30", time: "16:00", hours: 2 })).toEqual({ allowed: false, why: "too-soon" });
    expect(verdict({ date: "2026-12-01", time: "08:00", hours: 3 })).toEqual({ allowed: true, runsPastClosing: false });
    expect(firstMoveDate("2026-11-30", DEFAULT_MOVE_START_RULES)).toBe("2026-12-01");
  });

  it("takes the first bookable date from the company's lead days", () => {
    const threeDays = { ...DEFAULT_MOVE_START_RULES, minimumLeadDays: 3 };
    expect(verdict({ date: "2026-12-02", time: "10:00", hours: 3 }, threeDays)).toEqual({ allowed: false, why: "too-soon" });
    expect(verdict({ date: "2026-12-03", time: "10:00", hours: 3 }, threeDays)).toMatchObject({ allowed: true });
    expect(verdict({ date: "2026-11-29", time: "10:00", hours: 3 })).toEqual({ allowed: false, why: "too-soon" });
  });

  it("with same-day moves allowed, offers a start today only a notice ahead of now", () => {
    const sameDay = { ...DEFAULT_MOVE_START_RULES, minimumLeadDays: 0 };
    expect(verdict({ date: "2026-11-30", time: "08:00", hours: 3 }, sameDay)).toEqual({ allowed: false, why: "too-soon" });
    expect(verdict({ date: "2026-11-30", time: "09:50", hours: 3 }, sameDay)).toMatchObject({ allowed: true });
    expect(verdict({ date: "2026-11-30", time: "10:00", hours: 3 }, sameDay)).toMatchObject({ allowed: true });
  });

  it("offers a start only when the estimated hours end by closing", () => {
    expect(verdict({ date: "2026-12-01", time: "16:00", hours: 12 })).toEqual({ allowed: false, why: "past-closing" });
    expect(verdict({ date: "2026-12-01", time: "16:00", hours: 2 })).toEqual({ allowed: true, runsPastClosing: false });
    expect(verdict({ date: "2026-12-01", time: "16:00", hours: 3 })).toEqual({ allowed: false, why: "past-closing" });
    expect(verdict({ date: "2026-12-01", time: "08:00", hours: 10 })).toEqual({ allowed: true, runsPastClosing: false });
    expect(verdict({ date: "2026-12-01", time: "08:00", hours: 12 })).toEqual({ allowed: false, why: "past-closing" });
  });

  it("when the company lets long moves run past closing, offers them and says so", () => {
    const runOver = { ...DEFAULT_MOVE_START_RULES, longMovesRunOver: true };
    expect(verdict({ date: "2026-12-01", time: "16:00", hours: 12 }, runOver)).toEqual({ allowed: true, runsPastClosing: true });
    expect(verdict({ date: "2026-12-01", time: "10:00", hours: 4 }, runOver)).toEqual({ allowed: true, runsPastClosing: false });
    // Running over never makes a same-day move bookable.
    expect(verdict({ date: "2026-11-30", time: "16:00", hours: 12 }, runOver)).toEqual({ allowed: false, why: "too-soon" });
  });

  it("reads the company's clock in its time zone, across a change of date", () => {
    // 03:30 UTC on December 1 is 10:30 PM on November 30 in Atlanta (UTC-5).
    expect(companyClock("America/New_York", new Date("2026-12-01T03:30:00Z"))).toEqual({ date: "2026-11-30", minutes: 22 * 60 + 30 });
    // Summer time: 12:05 UTC is 8:05 AM (UTC-4).
    expect(companyClock("America/New_York", new Date("2027-07-01T12:05:00Z"))).toEqual({ date: "2027-07-01", minutes: 8 * 60 + 5 });
  });
});
