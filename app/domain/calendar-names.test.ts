import { describe, expect, it } from "vitest";
import { formatMoveDate } from "./booking-labels";
import { formatMonth } from "./date-picker-month";
import { ISO_WEEKDAY_NAMES, formatShortDay } from "./schedule";
import { monthLabel } from "./admin-analytics";

// Calendar days are written without Intl (its first use slows a phone's start-up); they must read
// exactly as Intl's en-US formats of the same UTC day would, for every day a booking may fall on.
const longDate = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const monthAndYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const shortMonthAndYear = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

/** Every day from 2024 (a leap year) through 2035, as "YYYY-MM-DD". */
const DAYS = Array.from({ length: 12 * 366 }, (_, offset) => new Date(Date.UTC(2024, 0, 1 + offset)).toISOString().slice(0, 10));

describe("calendar days written by hand", () => {
  it("write a move date as Intl's long en-US date of that UTC day", () => {
    expect(formatMoveDate("2027-03-01")).toBe("Monday, March 1, 2027");
    expect(DAYS.filter((day) => formatMoveDate(day) !== longDate.format(new Date(`${day}T00:00:00Z`)))).toEqual([]);
  });

  it("write a month as Intl's en-US month and year", () => {
    expect(formatMonth("2026-12")).toBe("December 2026");
    const months = [...new Set(DAYS.map((day) => day.slice(0, 7)))];
    expect(months.filter((month) => formatMonth(month) !== monthAndYear.format(new Date(`${month}-01T00:00:00Z`)))).toEqual([]);
  });

  it("write the office's short days and months as Intl's short en-US formats", () => {
    expect(formatShortDay("2026-11-30")).toBe("Mon, Nov 30");
    expect(DAYS.filter((day) => formatShortDay(day) !== shortDay.format(new Date(`${day}T00:00:00Z`)))).toEqual([]);
    expect(monthLabel("2027-02-01")).toBe("Feb 2027");
    const months = [...new Set(DAYS.map((day) => day.slice(0, 7)))];
    expect(months.filter((month) => monthLabel(`${month}-01`) !== shortMonthAndYear.format(new Date(`${month}-01T00:00:00Z`)))).toEqual([]);
  });

  it("leave what is not a date as it was given", () => {
    expect(formatMoveDate("someday")).toBe("someday");
    expect(formatMonth("2026-13")).toBe("2026-13");
  });

  it("name the schedule's ISO weekdays, Monday 1 to Sunday 7", () => {
    expect(ISO_WEEKDAY_NAMES).toEqual({ 1: "Monday", 2: "Tuesday", 3: "Wednesday", 4: "Thursday", 5: "Friday", 6: "Saturday", 7: "Sunday" });
  });
});
