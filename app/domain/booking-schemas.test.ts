import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { $ZodType } from "zod/v4/core";
import {
  BOOKING_MESSAGES,
  addDays,
  addonsSchema,
  bookingRequestSchema,
  contactSchema,
  detailsSchema,
  serviceSchema,
  teamSchema,
  todayIn,
} from "./booking-schemas";

const TODAY = "2026-11-23";

/** Parses as the wizard's forms do (FormData through Conform): the first message per field. */
function errorsOf(schema: $ZodType, values: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema });
  return Object.fromEntries(Object.entries(submission.status === "error" ? (submission.error ?? {}) : {}).map(([field, messages]) => [field, messages?.[0]]));
}

function valueOf<T>(schema: $ZodType<T>, values: Record<string, string>): T {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

describe("contact step", () => {
  it("needs a name, a valid email and a phone number, with the gating messages", () => {
    expect(errorsOf(contactSchema(), {})).toEqual({
      fullName: BOOKING_MESSAGES.fullNameRequired,
      email: BOOKING_MESSAGES.emailRequired,
      phone: BOOKING_MESSAGES.phoneRequired,
    });
    expect(errorsOf(contactSchema(), { fullName: "Ada", email: "ada@example", phone: "404 555 0182" }).email).toBe("Valid email address is required");
  });

  it("accepts common US phone forms and refuses others", () => {
    for (const phone of ["(404) 555-0182", "404-555-0182", "+1 404 555 0182", "4045550182", "404.555.0182"]) {
      expect(errorsOf(contactSchema(), { fullName: "Ada", email: "ada@example.com", phone }), phone).toEqual({});
    }
    expect(errorsOf(contactSchema(), { fullName: "Ada", email: "ada@example.com", phone: "555-01" }).phone).toBe(BOOKING_MESSAGES.phoneInvalid);
  });

  it("refuses control characters and overlong values", () => {
    expect(errorsOf(contactSchema(), { fullName: "Ada\u0000", email: "ada@example.com", phone: "4045550182" }).fullName).toBe(
      BOOKING_MESSAGES.controlCharacters,
    );
    expect(errorsOf(contactSchema(), { fullName: "A".repeat(201), email: "ada@example.com", phone: "4045550182" }).fullName).toBe(
      BOOKING_MESSAGES.tooLong(200),
    );
  });
});

describe("details step", () => {
  const valid = { date: "2026-12-01", fromAddress: "1 Peachtree St", toAddress: "2 Ponce Ave", propertySize: "2_bedroom" };

  it("needs a date, both addresses and the property size; the time is optional", () => {
    expect(errorsOf(detailsSchema(TODAY), {})).toEqual({
      date: BOOKING_MESSAGES.dateRequired,
      fromAddress: BOOKING_MESSAGES.fromRequired,
      toAddress: BOOKING_MESSAGES.toRequired,
      propertySize: BOOKING_MESSAGES.sizeRequired,
    });
    expect(errorsOf(detailsSchema(TODAY), valid)).toEqual({});
    expect(valueOf(detailsSchema(TODAY), { ...valid, time: "10:00" }).time).toBe("10:00");
    expect(errorsOf(detailsSchema(TODAY), { ...valid, time: "09:00" }).time).toBe(BOOKING_MESSAGES.timeInvalid);
  });

  it("refuses a date in the past, allows today, and refuses more than a year ahead", () => {
    expect(errorsOf(detailsSchema(TODAY), { ...valid, date: "2026-11-22" }).date).toBe(BOOKING_MESSAGES.dateInPast);
    expect(errorsOf(detailsSchema(TODAY), { ...valid, date: TODAY })).toEqual({});
    expect(errorsOf(detailsSchema(TODAY), { ...valid, date: "2028-01-01" }).date).toBe(BOOKING_MESSAGES.dateTooFar);
    expect(errorsOf(detailsSchema(TODAY), { ...valid, date: "2026-02-30" }).date).toBeDefined();
    // A day the month does not have is no date at all, rather than the one it would roll over to.
    expect(errorsOf(detailsSchema(TODAY), { ...valid, date: "2027-02-30" }).date).toBe(BOOKING_MESSAGES.dateRequired);
    expect(errorsOf(detailsSchema(TODAY), { ...valid, date: "2027-02-29" }).date).toBe(BOOKING_MESSAGES.dateRequired);
  });
});

describe("team and service steps", () => {
  it("ask for a choice with the gating messages", () => {
    expect(errorsOf(teamSchema(), {}).teamType).toBe("Please select a team type to continue");
    expect(errorsOf(teamSchema(), { teamType: "platinum" }).teamType).toBe("Please select a team type to continue");
    expect(errorsOf(serviceSchema(), {}).serviceType).toBe("Please select a service type to continue");
    expect(valueOf(serviceSchema(), { serviceType: "long_distance" }).serviceType).toBe("long_distance");
  });
});

describe("add-ons step", () => {
  it("reads checkboxes and counters, defaulting to none", () => {
    expect(valueOf(addonsSchema(), {})).toEqual({
      packingService: false,
      storageService: false,
      cleaningService: false,
      extraMovers: 0,
      tvMounting: 0,
      deepCleaningBedrooms: 0,
    });
    expect(valueOf(addonsSchema(), { packingService: "on", extraMovers: "6", tvMounting: "2", deepCleaningBedrooms: "5" })).toMatchObject({
      packingService: true,
      extraMovers: 6,
      tvMounting: 2,
      deepCleaningBedrooms: 5,
    });
  });

  it("enforces each counter's bounds", () => {
    expect(errorsOf(addonsSchema(), { extraMovers: "7" }).extraMovers).toBe(BOOKING_MESSAGES.counter(0, 6));
    expect(errorsOf(addonsSchema(), { tvMounting: "-1" }).tvMounting).toBe(BOOKING_MESSAGES.counter(0, 6));
    expect(errorsOf(addonsSchema(), { deepCleaningBedrooms: "6" }).deepCleaningBedrooms).toBe(BOOKING_MESSAGES.counter(0, 5));
    expect(errorsOf(addonsSchema(), { extraMovers: "1.5" }).extraMovers).toBeDefined();
  });
});

describe("the whole request", () => {
  it("holds only when every step does", () => {
    const complete = {
      fullName: "Ada Lovelace",
      email: "Ada@Example.com",
      phone: "(404) 555-0182",
      date: "2026-12-01",
      fromAddress: "1 Peachtree St",
      toAddress: "2 Ponce Ave",
      propertySize: "studio",
      teamType: "luxury",
      serviceType: "local",
    };
    expect(valueOf(bookingRequestSchema(TODAY), complete)).toMatchObject({ email: "ada@example.com", extraMovers: 0 });
    expect(Object.keys(errorsOf(bookingRequestSchema(TODAY), { ...complete, teamType: "" }))).toEqual(["teamType"]);
  });
});

describe("dates", () => {
  it("knows today in the company's time zone, not the server's", () => {
    // 03:30 UTC on the 24th is still the evening of the 23rd in Atlanta.
    expect(todayIn("America/New_York", new Date("2026-11-24T03:30:00Z"))).toBe("2026-11-23");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});
