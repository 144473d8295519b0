import { describe, expect, it } from "vitest";
import {
  addMonths,
  bookableDatesOf,
  bookableMonths,
  calendarWeeks,
  formatMonth,
  monthDates,
  monthOfIntent,
  monthToShow,
  parseMonth,
  showMonthIntent,
} from "./date-picker-month";

describe("the date picker's months", () => {
  it("reads only well-formed months", () => {
    expect(parseMonth("2026-12")).toBe("2026-12");
    for (const bad of ["2026-13", "2026-00", "2026-1", "26-12", "2026-12-01", "", null, undefined]) expect(parseMonth(bad)).toBeNull();
    expect(monthOfIntent(showMonthIntent("2027-01"))).toBe("2027-01");
    expect(monthOfIntent("month:2027-13")).toBeNull();
    expect(monthOfIntent("continue")).toBeNull();
  });

  it("moves across years and knows each month's length, February of a leap year included", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-01", -1)).toBe("2026-12");
    expect(addMonths("2026-11", 14)).toBe("2028-01");
    expect(monthDates("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(monthDates("2027-02")).toEqual({ first: "2027-02-01", last: "2027-02-28" });
    expect(formatMonth("2026-12")).toBe("December 2026");
  });

  it("pages from today's month to the last bookable day's, and shows the month asked, else the chosen date's, else today's", () => {
    const today = "2026-11-24";
    expect(bookableMonths(today)).toEqual({ first: "2026-11", last: "2027-11" });
    expect(monthToShow(today, "2027-03", "2027-01-10")).toBe("2027-03");
    expect(monthToShow(today, "2027-12", "2027-01-10")).toBe("2027-01");
    expect(monthToShow(today, "2026-10", undefined)).toBe("2026-11");
    expect(monthToShow(today, null, "2030-01-01")).toBe("2026-11");
  });

  it("opens, with nothing asked or chosen, on the month of the first day that can be booked", () => {
    // The last day of November with a day's notice: November has no day left to offer.
    expect(monthToShow("2026-11-30", null, undefined, "2026-12-01")).toBe("2026-12");
    expect(monthToShow("2026-11-30", "2026-11", undefined, "2026-12-01")).toBe("2026-11");
    expect(monthToShow("2026-11-30", null, "2027-02-03", "2026-12-01")).toBe("2027-02");
    expect(monthToShow("2026-11-24", null, undefined, "2026-11-25")).toBe("2026-11");
  });

  it("offers a month's days from today to a year ahead, none of a month wholly out of range", () => {
    const today = "2026-11-24";
    expect(bookableDatesOf("2026-11", today)).toEqual({ from: "2026-11-24", to: "2026-11-30" });
    expect(bookableDatesOf("2027-01", today)).toEqual({ from: "2027-01-01", to: "2027-01-31" });
    expect(bookableDatesOf("2027-11", today)).toEqual({ from: "2027-11-01", to: "2027-11-25" });
    expect(bookableDatesOf("2026-10", today)).toBeNull();
    expect(bookableDatesOf("2027-12", today)).toBeNull();
  });

  it("draws a month as weeks from Sunday to Saturday", () => {
    // November 2026 starts on a Sunday and has 30 days: five weeks, the last with two days.
    const november = calendarWeeks("2026-11");
    expect(november).toHaveLength(5);
    expect(november[0]?.[0]).toBe("2026-11-01");
    expect(november[4]).toEqual(["2026-11-29", "2026-11-30", null, null, null, null, null]);
    // May 2027 starts on a Saturday: six weeks.
    const may = calendarWeeks("2027-05");
    expect(may).toHaveLength(6);
    expect(may[0]).toEqual([null, null, null, null, null, null, "2027-05-01"]);
    expect(may.flat().filter(Boolean)).toHaveLength(31);
  });
});
