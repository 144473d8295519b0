import { describe, expect, it } from "vitest";
import { addDays, formatDateTimeIn, formatZonedTimeIn, wallClockAt, zonedWallTimeToInstant } from "./company-time";

const NEW_YORK = "America/New_York";
const LONDON = "Europe/London";
const iso = (date: string, time: string, zone: string) => zonedWallTimeToInstant(date, time, zone).toISOString();

describe("zonedWallTimeToInstant in New York, 2027", () => {
  it("spring forward (Mar 14): before 02:00 is EST, from 03:00 EDT", () => {
    expect(iso("2027-03-14", "01:30", NEW_YORK)).toBe("2027-03-14T06:30:00.000Z");
    expect(iso("2027-03-14", "03:30", NEW_YORK)).toBe("2027-03-14T07:30:00.000Z");
    expect(iso("2027-03-14", "09:00", NEW_YORK)).toBe("2027-03-14T13:00:00.000Z");
  });

  it("a time the clocks skip (02:30 on Mar 14) resolves to the instant after the gap, 03:30 EDT", () => {
    const instant = zonedWallTimeToInstant("2027-03-14", "02:30", NEW_YORK);
    expect(instant.toISOString()).toBe("2027-03-14T07:30:00.000Z");
    expect(formatZonedTimeIn(instant, NEW_YORK)).toBe("3:30 AM EDT");
  });

  it("a time that happens twice (01:30 on Nov 7) resolves to the later instant, 01:30 EST, as PostgreSQL reads it", () => {
    const instant = zonedWallTimeToInstant("2027-11-07", "01:30", NEW_YORK);
    expect(instant.toISOString()).toBe("2027-11-07T06:30:00.000Z");
    expect(formatZonedTimeIn(instant, NEW_YORK)).toBe("1:30 AM EST");
  });

  it("fall back (Nov 7): after the repeated hour is EST", () => {
    expect(iso("2027-11-07", "00:30", NEW_YORK)).toBe("2027-11-07T04:30:00.000Z");
    expect(iso("2027-11-07", "02:00", NEW_YORK)).toBe("2027-11-07T07:00:00.000Z");
    expect(iso("2027-11-07", "09:00", NEW_YORK)).toBe("2027-11-07T14:00:00.000Z");
  });

  it("the evening before a change still has the old offset", () => {
    expect(iso("2027-03-13", "20:00", NEW_YORK)).toBe("2027-03-14T01:00:00.000Z");
    expect(iso("2027-11-06", "20:00", NEW_YORK)).toBe("2027-11-07T00:00:00.000Z");
  });

  it("refuses a date or time it cannot read", () => {
    expect(() => zonedWallTimeToInstant("15/06/2027", "10:00", NEW_YORK)).toThrow(RangeError);
    expect(() => zonedWallTimeToInstant("2027-06-15", "25:00", NEW_YORK)).toThrow(RangeError);
    expect(() => zonedWallTimeToInstant("2027-02-30", "10:00", NEW_YORK)).toThrow(RangeError);
  });
});

describe("zonedWallTimeToInstant in London, 2027 (east of the changes' UTC hour)", () => {
  it("spring forward (Mar 28): 01:30 is skipped and resolves to 02:30 BST", () => {
    expect(iso("2027-03-28", "00:30", LONDON)).toBe("2027-03-28T00:30:00.000Z");
    const skipped = zonedWallTimeToInstant("2027-03-28", "01:30", LONDON);
    expect(skipped.toISOString()).toBe("2027-03-28T01:30:00.000Z");
    expect(wallClockAt(skipped, LONDON).time).toBe("02:30");
    expect(iso("2027-03-28", "09:00", LONDON)).toBe("2027-03-28T08:00:00.000Z");
  });

  it("fall back (Oct 31): 01:30 happens twice and resolves to the later, 01:30 GMT", () => {
    expect(iso("2027-10-31", "01:30", LONDON)).toBe("2027-10-31T01:30:00.000Z");
    expect(iso("2027-10-31", "02:30", LONDON)).toBe("2027-10-31T02:30:00.000Z");
    expect(iso("2027-10-31", "09:00", LONDON)).toBe("2027-10-31T09:00:00.000Z");
  });
});

describe("wallClockAt", () => {
  it("reads both 01:30s of New York's repeated hour, and the date the zone is on", () => {
    expect(wallClockAt(new Date("2027-11-07T05:30:00Z"), NEW_YORK)).toEqual({ date: "2027-11-07", time: "01:30", minutes: 90 });
    expect(wallClockAt(new Date("2027-11-07T06:30:00Z"), NEW_YORK)).toEqual({ date: "2027-11-07", time: "01:30", minutes: 90 });
    expect(wallClockAt(new Date("2027-03-14T03:00:00Z"), NEW_YORK)).toEqual({ date: "2027-03-13", time: "22:00", minutes: 22 * 60 });
  });

  it("round-trips every wall-clock hour of both change days that exists once", () => {
    for (const [date, zone] of [
      ["2027-03-14", NEW_YORK],
      ["2027-11-07", NEW_YORK],
      ["2027-03-28", LONDON],
      ["2027-10-31", LONDON],
    ] as const) {
      for (let hour = 3; hour < 24; hour++) {
        const time = `${String(hour).padStart(2, "0")}:15`;
        expect(wallClockAt(zonedWallTimeToInstant(date, time, zone), zone)).toMatchObject({ date, time });
      }
    }
  });
});

describe("addDays", () => {
  it("moves by calendar days whatever the clocks do, across months and leap days", () => {
    expect(addDays("2027-03-13", 1)).toBe("2027-03-14");
    expect(addDays("2027-11-07", -1)).toBe("2027-11-06");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
  });
});

describe("formatDateTimeIn", () => {
  it("names the zone's short name on each side of a change", () => {
    expect(formatDateTimeIn(new Date("2027-03-14T06:30:00Z"), NEW_YORK)).toBe("Mar 14, 2027, 1:30 AM EST");
    expect(formatDateTimeIn(new Date("2027-03-14T07:30:00Z"), NEW_YORK)).toBe("Mar 14, 2027, 3:30 AM EDT");
  });
});
