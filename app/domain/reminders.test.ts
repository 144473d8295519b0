import { describe, expect, it } from "vitest";
import { DEFAULT_REMINDER_SETTINGS, isQuietHour, nextSendableInstant, officeListDue, reminderSchedule } from "./reminders";

const NEW_YORK = "America/New_York";
const at = (iso: string) => new Date(iso);
const due = (iso: string) => ({ kind: "due", at: at(iso) });

/** Reminders of a move at `date` `time` in New York, booked at `bookedAt`. */
function schedule(date: string, time: string | null, bookedAt: string, settings = DEFAULT_REMINDER_SETTINGS) {
  return reminderSchedule({ movingDate: date, movingTime: time, timeZone: NEW_YORK, changedAt: at(bookedAt) }, settings);
}

describe("reminderSchedule", () => {
  it("a move on the spring-forward Sunday (2027-03-14 09:00 EDT): 48 elapsed hours before reads 08:00 EST, 49 clock hours", () => {
    expect(schedule("2027-03-14", "09:00", "2027-03-01T15:00:00Z")).toEqual({
      fortyEightHours: due("2027-03-12T13:00:00Z"),
      dayBefore: due("2027-03-13T22:00:00Z"), // Saturday 17:00 EST
    });
  });

  it("a move on the fall-back Sunday (2027-11-07 09:00 EST): 48 elapsed hours before reads 10:00 EDT, 47 clock hours", () => {
    expect(schedule("2027-11-07", "09:00", "2027-10-20T15:00:00Z")).toEqual({
      fortyEightHours: due("2027-11-05T14:00:00Z"),
      dayBefore: due("2027-11-06T21:00:00Z"), // Saturday 17:00 EDT
    });
  });

  it("a move with no preferred time starts at the first slot, 08:00", () => {
    expect(schedule("2027-06-15", null, "2027-06-01T15:00:00Z").fortyEightHours).toEqual(due("2027-06-13T12:00:00Z"));
  });

  it("a 48-hour reminder due in the repeated hour (01:30 EDT on Nov 7) moves earlier, to 20:00 the evening before", () => {
    // Tuesday 2027-11-09 00:30 EST is 05:30Z; 48 h before is 05:30Z on Sunday, the first 01:30 (EDT).
    expect(schedule("2027-11-09", "00:30", "2027-10-20T15:00:00Z").fortyEightHours).toEqual(due("2027-11-07T00:00:00Z"));
  });

  it("a 48-hour reminder due in quiet hours before midnight moves to 20:00 the same evening", () => {
    // Friday 2027-06-18 22:30 EDT is 02:30Z on the 19th; 48 h before is Wednesday 22:30 EDT.
    expect(schedule("2027-06-18", "22:30", "2027-06-01T15:00:00Z").fortyEightHours).toEqual(due("2027-06-17T00:00:00Z"));
  });

  it("a 48-hour reminder at 08:00 exactly is not in quiet hours and stays", () => {
    expect(schedule("2027-06-15", "08:00", "2027-06-01T15:00:00Z").fortyEightHours).toEqual(due("2027-06-13T12:00:00Z"));
  });

  it("a day-before hour that falls in the skipped hour (02:00 on Mar 14) is due after the gap, 03:00 EDT", () => {
    const nightly = { ...DEFAULT_REMINDER_SETTINGS, dayBeforeReminderHour: 2, quietHours: null };
    expect(schedule("2027-03-15", "09:00", "2027-03-01T15:00:00Z", nightly).dayBefore).toEqual(due("2027-03-14T07:00:00Z"));
  });

  it("a day-before hour that falls in the repeated hour (01:00 on Nov 7) is due at its second, 01:00 EST", () => {
    const nightly = { ...DEFAULT_REMINDER_SETTINGS, dayBeforeReminderHour: 1, quietHours: null };
    expect(schedule("2027-11-08", "09:00", "2027-10-20T15:00:00Z", nightly).dayBefore).toEqual(due("2027-11-07T06:00:00Z"));
  });

  it("a move booked 30 hours ahead gets no 48-hour reminder, but a day-before one", () => {
    // Booked Monday 2027-06-14 04:00 EDT for Tuesday 10:00 EDT.
    expect(schedule("2027-06-15", "10:00", "2027-06-14T08:00:00Z")).toEqual({
      fortyEightHours: { kind: "none", reason: "already-past" },
      dayBefore: due("2027-06-14T21:00:00Z"),
    });
  });

  it("a move booked at 18:00 for tomorrow gets neither", () => {
    expect(schedule("2027-06-15", "10:00", "2027-06-14T22:00:00Z")).toEqual({
      fortyEightHours: { kind: "none", reason: "already-past" },
      dayBefore: { kind: "none", reason: "already-past" },
    });
  });

  it("a booking changed at the very instant a reminder is due still gets no stale one", () => {
    expect(schedule("2027-06-15", "10:00", "2027-06-14T21:00:00Z").dayBefore).toEqual({ kind: "none", reason: "already-past" });
  });

  it("refuses a day-before hour inside quiet hours", () => {
    expect(() => schedule("2027-06-15", "10:00", "2027-06-01T15:00:00Z", { ...DEFAULT_REMINDER_SETTINGS, dayBeforeReminderHour: 22 })).toThrow(RangeError);
  });
});

describe("isQuietHour", () => {
  it("is 21:00 up to 08:00 on the company's clock", () => {
    expect(isQuietHour(at("2027-06-15T00:59:00Z"), NEW_YORK)).toBe(false); // 20:59 EDT
    expect(isQuietHour(at("2027-06-15T01:00:00Z"), NEW_YORK)).toBe(true); // 21:00 EDT
    expect(isQuietHour(at("2027-06-15T11:59:00Z"), NEW_YORK)).toBe(true); // 07:59 EDT
    expect(isQuietHour(at("2027-06-15T12:00:00Z"), NEW_YORK)).toBe(false); // 08:00 EDT
    expect(isQuietHour(at("2027-01-15T12:30:00Z"), NEW_YORK)).toBe(true); // 07:30 EST
  });
});

describe("nextSendableInstant", () => {
  it("leaves a daytime instant alone", () => {
    expect(nextSendableInstant(at("2027-06-15T14:00:00Z"), NEW_YORK)).toEqual(at("2027-06-15T14:00:00Z"));
  });

  it("holds a late-evening message until 08:00 the next morning", () => {
    expect(nextSendableInstant(at("2027-06-15T02:00:00Z"), NEW_YORK)).toEqual(at("2027-06-15T12:00:00Z"));
  });

  it("holds a message of the fall-back night until 08:00 EST", () => {
    // 01:30 EDT, in the repeated hour; 08:00 that morning is EST.
    expect(nextSendableInstant(at("2027-11-07T05:30:00Z"), NEW_YORK)).toEqual(at("2027-11-07T13:00:00Z"));
  });

  it("holds a message of the spring-forward night until 08:00 EDT", () => {
    expect(nextSendableInstant(at("2027-03-14T03:00:00Z"), NEW_YORK)).toEqual(at("2027-03-14T12:00:00Z"));
  });
});

describe("officeListDue", () => {
  it("is nothing before the hour on the company's clock", () => {
    expect(officeListDue(at("2027-03-12T21:59:00Z"), NEW_YORK, 17)).toBeNull();
  });

  it("is tomorrow's list, due at the hour, from the hour until midnight", () => {
    const list = { day: "2027-03-13", dueAt: at("2027-03-12T22:00:00Z") };
    expect(officeListDue(at("2027-03-12T22:00:00Z"), NEW_YORK, 17)).toEqual(list);
    expect(officeListDue(at("2027-03-13T04:59:00Z"), NEW_YORK, 17)).toEqual(list);
  });

  it("names the spring-forward Sunday the evening before, on that evening's clock (EST)", () => {
    expect(officeListDue(at("2027-03-13T23:00:00Z"), NEW_YORK, 17)).toEqual({ day: "2027-03-14", dueAt: at("2027-03-13T22:00:00Z") });
  });
});
