import { describe, expect, it } from "vitest";
import { calendarDateSchema, isCalendarDate } from "./calendar-date";

describe("a calendar date", () => {
  it("is a day the calendar has, written YYYY-MM-DD", () => {
    for (const date of ["2027-01-01", "2027-02-28", "2028-02-29", "2000-02-29", "2027-12-31"]) {
      expect(isCalendarDate(date), date).toBe(true);
      expect(calendarDateSchema().safeParse(date).success, date).toBe(true);
    }
  });

  it("refuses a day the month does not have, rather than rolling it over", () => {
    for (const date of ["2027-02-30", "2027-02-29", "2100-02-29", "2027-04-31", "2027-01-32", "2027-01-00"]) {
      expect(isCalendarDate(date), date).toBe(false);
      expect(calendarDateSchema().safeParse(date).success, date).toBe(false);
    }
  });

  it("refuses a month that does not exist and any other way of writing a date", () => {
    for (const date of ["2027-13-01", "2027-00-10", "2027-2-3", "27-02-03", "2027-02-03T00:00:00Z", " 2027-02-03", "2027/02/03", ""]) {
      expect(isCalendarDate(date), date).toBe(false);
      expect(calendarDateSchema().safeParse(date).success, date).toBe(false);
    }
  });

  it("says what the form asks for when the date is impossible", () => {
    const result = calendarDateSchema("Move date is required").safeParse("2027-02-30");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Move date is required"]);
  });
});
