import { describe, expect, it } from "vitest";
import { CAPACITY_MESSAGES, capacityProblems, firstFittingSlot, type DaySlots } from "./capacity";

const day = (state: DaySlots["state"], fitting: string[], reason: string | null = null): DaySlots => ({
  date: "2027-03-05",
  crews: state === "closed" ? 0 : 2,
  crewsUsed: 1,
  state,
  reason,
  hours: 6,
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
});
