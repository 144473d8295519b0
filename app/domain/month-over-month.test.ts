import { describe, expect, it } from "vitest";
import { formatGrowth, monthOverMonthGrowth } from "./month-over-month";

describe("month-over-month growth", () => {
  it("is the change from last month in percent", () => {
    expect(monthOverMonthGrowth(9, 8)).toBe(12.5);
    expect(monthOverMonthGrowth(6, 8)).toBe(-25);
    expect(monthOverMonthGrowth(8, 8)).toBe(0);
    expect(monthOverMonthGrowth(0, 4)).toBe(-100);
  });

  it("is none when last month had nothing to compare with, never infinity or NaN", () => {
    expect(monthOverMonthGrowth(5, 0)).toBeNull();
    expect(monthOverMonthGrowth(0, 0)).toBeNull();
  });

  it("is shown signed with one decimal, or not at all", () => {
    expect(formatGrowth(12.5)).toBe("+12.5% from last month");
    expect(formatGrowth(-25)).toBe("−25.0% from last month");
    expect(formatGrowth(0)).toBe("0.0% from last month");
    expect(formatGrowth(100 / 3)).toBe("+33.3% from last month");
    expect(formatGrowth(0.04)).toBe("0.0% from last month");
    expect(formatGrowth(null)).toBeNull();
  });
});
