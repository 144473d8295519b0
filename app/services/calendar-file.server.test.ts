import { describe, expect, it } from "vitest";
import { bookingCalendarFile, type BookingCalendarEvent, type CalendarCompany } from "./calendar-file.server";

const booking: BookingCalendarEvent = {
  bookingId: "6f1c2a9e-0000-4000-8000-000000000001",
  version: 3,
  movingDate: "2027-03-01",
  movingTime: "10:00",
  estimatedHours: 6,
  fromAddress: "12 Oak St, Atlanta; GA",
  toAddress: "98 Pine Ave, Decatur",
  crew: { teamType: "elite", extraMovers: 1 },
  manageUrl: "https://movers.example/manage/tok3n",
  cancelled: false,
};
const company: CalendarCompany = { name: "Metro Movers", phone: "(404) 555-0182", timeZone: "America/New_York", publicUrl: "https://movers.example:8443/" };
const stamp = new Date("2026-11-24T12:00:00Z");

/** Unfolds folded lines (a CRLF then a space or tab continues the line before), as calendar readers do. */
const unfolded = (file: string) => file.replace(/\r\n[ \t]/g, "").split("\r\n");
const field = (lines: string[], name: string) => lines.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1));

describe("bookingCalendarFile", () => {
  it("is one VEVENT in CRLF lines, from the slot in the company's zone for the estimated hours, in UTC", () => {
    const file = bookingCalendarFile(booking, company, stamp);
    expect(file.replaceAll("\r\n", "")).not.toContain("\n");
    const lines = unfolded(file);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(field(lines, "METHOD")).toEqual(["PUBLISH"]);
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    // 10:00 in New York on 1 March 2027 (EST, UTC−5) is 15:00 UTC; six hours later, 21:00.
    expect(field(lines, "DTSTART")).toEqual(["20270301T150000Z"]);
    expect(field(lines, "DTEND")).toEqual(["20270301T210000Z"]);
    expect(field(lines, "DTSTAMP")).toEqual(["20261124T120000Z"]);
    expect(field(lines, "UID")).toEqual(["booking-6f1c2a9e-0000-4000-8000-000000000001@movers.example"]);
    expect(field(lines, "SEQUENCE")).toEqual(["3"]);
    expect(field(lines, "SUMMARY")).toEqual(["Move with Metro Movers"]);
    expect(field(lines, "STATUS")).toEqual(["CONFIRMED"]);
    // Commas, semicolons and backslashes are escaped in text values.
    expect(field(lines, "LOCATION")).toEqual(["12 Oak St\\, Atlanta\\; GA"]);
    expect(field(lines, "DESCRIPTION")).toEqual([
      "From 12 Oak St\\, Atlanta\\; GA to 98 Pine Ave\\, Decatur.\\nCrew: Elite Team + 1 extra mover.\\nManage your booking: https://movers.example/manage/tok3n\\nQuestions? Call Metro Movers at (404) 555-0182.",
    ]);
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  it("keeps the UID and raises the SEQUENCE when the time changes, across a clock change", () => {
    const lines = unfolded(bookingCalendarFile({ ...booking, version: 4, movingDate: "2027-03-15", movingTime: "08:00" }, company, stamp));
    expect(field(lines, "UID")).toEqual(["booking-6f1c2a9e-0000-4000-8000-000000000001@movers.example"]);
    expect(field(lines, "SEQUENCE")).toEqual(["4"]);
    // After spring forward: 08:00 EDT is 12:00 UTC.
    expect(field(lines, "DTSTART")).toEqual(["20270315T120000Z"]);
  });

  it("a cancelled booking cancels the event", () => {
    const lines = unfolded(bookingCalendarFile({ ...booking, version: 5, cancelled: true }, company, stamp));
    expect(field(lines, "METHOD")).toEqual(["CANCEL"]);
    expect(field(lines, "STATUS")).toEqual(["CANCELLED"]);
    expect(field(lines, "SEQUENCE")).toEqual(["5"]);
  });

  it("starts at 8:00 AM when no time was chosen, says only what it knows, and folds lines longer than 75 octets", () => {
    const file = bookingCalendarFile(
      { ...booking, movingTime: null, manageUrl: null, fromAddress: "A very long street name ".repeat(6).trim() },
      company,
      stamp,
    );
    const lines = unfolded(file);
    expect(field(lines, "DTSTART")).toEqual(["20270301T130000Z"]);
    expect(field(lines, "DESCRIPTION")[0]).not.toMatch(/Manage|null/);
    for (const line of file.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
