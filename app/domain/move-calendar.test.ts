import { describe, expect, it } from "vitest";
import { moveCalendarFile, type MoveCalendarEvent } from "./move-calendar";

const move: MoveCalendarEvent = {
  bookingId: "6f1c2a9e-0000-4000-8000-000000000001",
  movingDate: "2027-03-01",
  movingTime: "10:00",
  hours: 6,
  service: "Local move",
  from: "12 Oak St, Atlanta; GA",
  to: "98 Pine Ave, Decatur",
  companyName: "Metro Movers",
  companyPhone: "(404) 555-0182",
  stamp: new Date("2026-11-24T12:00:00Z"),
};

/** Unfolds folded lines (a CRLF then a space continues the line before), as calendar readers do. */
const unfolded = (file: string) => file.replaceAll("\r\n ", "").split("\r\n");

describe("moveCalendarFile", () => {
  it("is one VEVENT in CRLF lines, starting at the slot in the company's time zone and lasting the estimated hours", () => {
    const file = moveCalendarFile(move);
    expect(file.endsWith("\r\n")).toBe(true);
    expect(file.replaceAll("\r\n", "")).not.toContain("\n");
    const lines = unfolded(file);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    // 10:00 in Atlanta on 1 March 2027 (EST, UTC−5) is 15:00 UTC; six hours later, 21:00.
    expect(lines).toContain("DTSTART:20270301T150000Z");
    expect(lines).toContain("DTEND:20270301T210000Z");
    expect(lines).toContain("DTSTAMP:20261124T120000Z");
    expect(lines).toContain("UID:booking-6f1c2a9e-0000-4000-8000-000000000001@metro-movers");
    expect(lines).toContain("SUMMARY:Local move with Metro Movers");
    // Commas, semicolons and backslashes are escaped in text values.
    expect(lines).toContain("LOCATION:12 Oak St\\, Atlanta\\; GA");
    expect(lines.find((line) => line.startsWith("DESCRIPTION:"))).toBe(
      "DESCRIPTION:From 12 Oak St\\, Atlanta\\; GA to 98 Pine Ave\\, Decatur.\\nQuestions? Call Metro Movers at (404) 555-0182.",
    );
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  it("starts at 8:00 AM when no time was chosen, and folds lines longer than 75 octets", () => {
    const file = moveCalendarFile({ ...move, movingTime: null, from: "A very long street name ".repeat(6).trim() });
    expect(unfolded(file)).toContain("DTSTART:20270301T130000Z");
    for (const line of file.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
