import { describe, expect, it } from "vitest";
import { formatCount } from "./counts";

// Counts are written without Intl (its first use slows a phone's start-up); they must read exactly as
// Intl's en-US numbers would.
const byIntl = new Intl.NumberFormat("en-US");

describe("formatCount", () => {
  it("groups thousands with commas, as Intl's en-US numbers do", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    const values = [0, 1, -1, 7, 999, 1000, -1000, 12_345, 100_000, 999_999, 1_000_000, -98_765_432, Number.MAX_SAFE_INTEGER];
    for (let value = 1; value < 1e15; value = value * 7 + 3) values.push(value);
    expect(values.filter((value) => formatCount(value) !== byIntl.format(value))).toEqual([]);
  });
});
