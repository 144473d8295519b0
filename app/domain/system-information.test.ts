import { describe, expect, it } from "vitest";
import { formatBytes, formatUtc, migrationVersionTime } from "./system-information";

describe("System Information figures", () => {
  it("show sizes in the largest unit under 1024, with one decimal below 100", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(2.3 * 1024 ** 3)).toBe("2.3 GB");
    expect(formatBytes(150 * 1024 ** 2)).toBe("150 MB");
  });

  it("read a migration's version as the UTC time it was written, and nothing else as one", () => {
    expect(migrationVersionTime("20261127120000")).toBe("2026-11-27T12:00:00.000Z");
    expect(migrationVersionTime("20261399120000")).toBeNull();
    expect(migrationVersionTime("0001")).toBeNull();
    expect(formatUtc("2026-11-27T12:00:00.000Z")).toBe("Nov 27, 2026, 12:00 PM UTC");
    // Written by hand, it reads as Intl's medium date and short time in UTC (whose ICU may put a narrow
    // space before AM and PM), for an instant every 7 hours and 13 minutes over three years.
    const byIntl = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    const instants = Array.from({ length: 3 * 365 * 3 }, (_, step) => new Date(Date.UTC(2025, 0, 1) + step * 433 * 60_000).toISOString());
    expect(instants.filter((iso) => formatUtc(iso) !== `${byIntl.format(new Date(iso)).replace(/\u202f/g, " ")} UTC`)).toEqual([]);
    expect(formatUtc("not a time")).toBe("not a time");
  });
});
