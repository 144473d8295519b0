import { describe, expect, it } from "vitest";
import { averageCents, barShares, monthLabel } from "./admin-analytics";

describe("analytics figures", () => {
  it("average to whole cents, and to zero without bookings instead of NaN", () => {
    expect(averageCents(100_001, 2)).toBe(50_001);
    expect(averageCents(0, 0)).toBe(0);
    expect(averageCents(5_000, 0)).toBe(0);
  });

  it("scale bars against the longest, all zero when everything is zero", () => {
    expect(barShares([10, 5, 0])).toEqual([1, 0.5, 0]);
    expect(barShares([0, 0])).toEqual([0, 0]);
    expect(barShares([])).toEqual([]);
  });

  it("name a month by its first day, whatever the reader's time zone", () => {
    expect(monthLabel("2027-02-01")).toBe("Feb 2027");
    expect(monthLabel("2026-12-01")).toBe("Dec 2026");
  });
});
