import { describe, expect, it } from "vitest";
import { centsToDollarsInput, formatCents, parseDollars } from "./money";

// Money is written without Intl (its first use slows a phone's start-up); it must read exactly as
// Intl's en-US dollars would: whole dollars without cents, otherwise two decimals.
const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const byIntl = (cents: number) => (cents % 100 === 0 ? wholeDollars : withCents).format(cents / 100);

describe("formatCents", () => {
  it("writes whole dollars without cents and other amounts with two decimals", () => {
    expect(formatCents(15_000)).toBe("$150");
    expect(formatCents(5_050)).toBe("$50.50");
    expect(formatCents(123_456_789)).toBe("$1,234,567.89");
    expect(formatCents(0)).toBe("$0");
    expect(formatCents(-2_500)).toBe("-$25");
  });

  it("reads as Intl's en-US dollars for every amount up to $100 and across the thousands separators", () => {
    const amounts = [
      ...Array.from({ length: 10_001 }, (_, cents) => cents),
      ...[99_999, 100_000, 100_001, 9_999_999, 10_000_000, 123_456_789, 100_000_000_000],
      ...[-1, -99, -100, -5_050, -123_456],
    ];
    const differing = amounts.filter((cents) => formatCents(cents) !== byIntl(cents));
    expect(differing).toEqual([]);
  });
});

describe("parseDollars", () => {
  it("reads dollars as people type them", () => {
    expect(parseDollars("1250")).toBe(125_000);
    expect(parseDollars("1,250.5")).toBe(125_050);
    expect(parseDollars("$1,250.50")).toBe(125_050);
    expect(parseDollars(" 0.07 ")).toBe(7);
  });

  it("refuses anything else", () => {
    for (const text of ["", "-5", "12.345", "1,25", "1.2.3", "lots", "1e3", "12,50.00"]) expect(parseDollars(text), text).toBeNull();
  });

  it("is what the form shows, read back", () => {
    for (const cents of [0, 7, 125_000, 125_050]) expect(parseDollars(centsToDollarsInput(cents))).toBe(cents);
    expect(centsToDollarsInput(null)).toBe("");
  });
});
