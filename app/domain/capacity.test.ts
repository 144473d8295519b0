import { describe, expect, it } from "vitest";
import { CAPACITY_MESSAGES, capacityProblems, firstFittingSlot, type DaySlots } from "./capacity";

const day = (state: DaySlots["state"], fitting: string[], reason: string | null = null): DaySlots => ({
  date: "2027-03-05",
  crews: state === "closed" ? 0 : 2,
  crewsUsed: 1,
  state,
  reason,
  hours: 6,
  closesAt: "18:00",
  slots: ["08:00", "10:00", "12:00", "14:00", "16:00"].map((time) => ({ time, fits: fitting.includes(time) })),
});

describe("what stops a move on a day", () => {
  it("is nothing when the time fits, or when no time is chosen and one fits", () => {
    expect(capacityProblems(day("open", ["14:00", "16:00"]), "14:00", { timeJustTaken: false })).toEqual({});
    expect(capacityProblems(day("open", ["16:00"]), undefined, { timeJustTaken: true })).toEqual({});
    expect(firstFittingSlot(day("open", ["14:00", "16:00"]).slots)).toBe("14:00");
  });

  it("is the day when it is closed (with its reason) or no time can take the move", () => {
    expect(capacityProblems(day("closed", [], "Thanksgiving"), "10:00", { timeJustTaken: true })).toEqual({
      date: "We are closed on Friday, March 5, 2027: Thanksgiving",
    });
    expect(capacityProblems(day("closed", []), undefined, { timeJustTaken: false })).toEqual({ date: "We are closed on Friday, March 5, 2027" });
    expect(capacityProblems(day("full", []), undefined, { timeJustTaken: false })).toEqual({ date: CAPACITY_MESSAGES.fullOn("2027-03-05") });
    expect(capacityProblems(day("full", []), "10:00", { timeJustTaken: false })).toEqual({ date: CAPACITY_MESSAGES.fullOn("2027-03-05") });
  });

  it("is the time when it is full: just taken if it was free when chosen, else full that day", () => {
    expect(capacityProblems(day("open", ["16:00"]), "10:00", { timeJustTaken: false })).toEqual({
      time: "10:00 AM is full on Friday, March 5, 2027: please choose another time",
    });
    expect(capacityProblems(day("open", ["16:00"]), "10:00", { timeJustTaken: true })).toEqual({ time: "That time was just taken: please choose another" });
    // The last crew taken while the customer paid: their time is named, even though the day is now full.
    expect(capacityProblems(day("full", []), "10:00", { timeJustTaken: true })).toEqual({ time: CAPACITY_MESSAGES.slotTaken });
  });

  it("says when a move may not start before whether a crew is free: too soon, or ending after closing", () => {
    const judged = (outOfHours: Record<string, "too-soon" | "past-closing">, fitting: string[] = []): DaySlots => ({
      ...day("open", fitting),
      slots: ["08:00", "10:00", "12:00", "14:00", "16:00"].map((time) =>
        outOfHours[time] ? { time, fits: false, outOfHours: outOfHours[time] } : { time, fits: fitting.includes(time) },
      ),
    });
    const allTooSoon = { "08:00": "too-soon", "10:00": "too-soon", "12:00": "too-soon", "14:00": "too-soon", "16:00": "too-soon" } as const;
    expect(capacityProblems(judged(allTooSoon), "10:00", { timeJustTaken: true })).toEqual({ date: CAPACITY_MESSAGES.tooSoonOn("2027-03-05") });
    expect(capacityProblems(judged({ "08:00": "too-soon" }, ["10:00"]), "08:00", { timeJustTaken: false })).toEqual({
      time: "8:00 AM today is too soon for us: please choose a later time",
    });
    expect(capacityProblems(judged({ "14:00": "past-closing", "16:00": "past-closing" }, ["08:00"]), "16:00", { timeJustTaken: true })).toEqual({
      time: "A 6-hour move starting at 4:00 PM would run past our closing time (6:00 PM): please choose an earlier time",
    });
    const allPastClosing = {
      "08:00": "past-closing",
      "10:00": "past-closing",
      "12:00": "past-closing",
      "14:00": "past-closing",
      "16:00": "past-closing",
    } as const;
    expect(capacityProblems(judged(allPastClosing), undefined, { timeJustTaken: false })).toEqual({
      date: "A 6-hour move does not fit in our working day (we close at 6:00 PM): please call us to book it",
    });
  });
});
