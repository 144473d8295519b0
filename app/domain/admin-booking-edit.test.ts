import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  BOOKING_EDIT_FIELD_LABELS,
  BOOKING_EDIT_MESSAGES,
  bookingEditSchema,
  bookingEditValueLabel,
  movedOnlineLabel,
  overCapacityMessage,
  savedDescription,
  timeOptions,
  type KeptDetails,
} from "./admin-booking-edit";
import { BOOKING_MESSAGES } from "./booking-schemas";
import { repricing, pricedChoicesOf, type PricedBooking } from "./booking-repricing";

const today = "2027-01-10";
const kept: KeptDetails = { date: "2026-12-01", time: "09:30", email: "Old.Style@Example.com", phone: "555-0100", propertySize: "2_bedroom" };

/** The form as the edit page posts it, every field filled in validly. */
const form = (changes: Record<string, string | undefined> = {}) => {
  const fields: Record<string, string | undefined> = {
    fullName: "Dana Mover",
    email: "dana@example.com",
    phone: "(404) 555-0182",
    date: "2027-02-01",
    time: "10:00",
    fromAddress: "1 Main St",
    toAddress: "2 Elm St",
    propertySize: "3_bedroom",
    teamType: "luxury",
    serviceType: "local",
    packingService: "on",
    extraMovers: "2",
    tvMounting: "0",
    deepCleaningBedrooms: "1",
    specialInstructions: "",
    finalCost: "",
    ...changes,
  };
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.set(name, value);
  return data;
};

const parse = (data: FormData, current: KeptDetails = kept) => parseWithZod(data, { schema: bookingEditSchema(today, current) });

/** Each field's first message, for a form that fails. */
function errorsOf(data: FormData, current?: KeptDetails): Record<string, string | undefined> {
  const reply = parse(data, current).reply();
  return Object.fromEntries(Object.entries(reply.error ?? {}).map(([field, messages]) => [field, messages?.[0]]));
}

describe("bookingEditSchema", () => {
  it("reads every field of the booking, the add-ons as the wizard reads them", () => {
    const parsed = parse(form());
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" && parsed.value).toEqual({
      fullName: "Dana Mover",
      email: "dana@example.com",
      phone: "(404) 555-0182",
      date: "2027-02-01",
      time: "10:00",
      fromAddress: "1 Main St",
      toAddress: "2 Elm St",
      propertySize: "3_bedroom",
      teamType: "luxury",
      serviceType: "local",
      packingService: true,
      storageService: false,
      cleaningService: false,
      extraMovers: 2,
      tvMounting: 0,
      deepCleaningBedrooms: 1,
      specialInstructions: undefined,
      finalCost: null,
    });
  });

  it.each([
    ["fullName", "", BOOKING_MESSAGES.fullNameRequired],
    ["fullName", "x".repeat(201), BOOKING_MESSAGES.tooLong(200)],
    ["email", "", BOOKING_MESSAGES.emailRequired],
    ["email", "dana@example", BOOKING_MESSAGES.emailInvalid],
    ["phone", "", BOOKING_MESSAGES.phoneRequired],
    ["phone", "12345", BOOKING_MESSAGES.phoneInvalid],
    ["propertySize", "", BOOKING_MESSAGES.sizeRequired],
    ["propertySize", "castle", BOOKING_MESSAGES.sizeRequired],
    ["teamType", "", BOOKING_MESSAGES.teamRequired],
    ["teamType", "gold", BOOKING_MESSAGES.teamRequired],
    ["serviceType", "", BOOKING_MESSAGES.serviceRequired],
    ["serviceType", "overseas", BOOKING_MESSAGES.serviceRequired],
    ["extraMovers", "7", BOOKING_MESSAGES.counter(0, 6)],
    ["tvMounting", "-1", BOOKING_MESSAGES.counter(0, 6)],
    ["deepCleaningBedrooms", "6", BOOKING_MESSAGES.counter(0, 5)],
    ["deepCleaningBedrooms", "1.5", BOOKING_MESSAGES.counter(0, 5)],
    ["date", "2027-01-09", BOOKING_MESSAGES.dateInPast],
    ["time", "09:00", BOOKING_MESSAGES.timeInvalid],
  ])("refuses %s = %j with the wizard's message", (field, value, message) => {
    expect(errorsOf(form({ [field]: value }))).toEqual({ [field]: message });
  });

  it("lets the booking keep what it has where the wizard would refuse it now, and nothing else", () => {
    const keeping = parse(form({ email: kept.email, phone: kept.phone, date: kept.date, time: kept.time! }));
    expect(keeping.status === "success" && keeping.value).toMatchObject({ email: "Old.Style@Example.com", phone: "555-0100", date: kept.date, time: "09:30" });
    expect(errorsOf(form({ phone: "555-0101" }))).toEqual({ phone: BOOKING_MESSAGES.phoneInvalid });
    // A booking saved without a size keeps none until one is chosen; one with a size must keep one.
    const sizeless = parse(form({ propertySize: undefined }), { ...kept, propertySize: null });
    expect(sizeless.status === "success" && sizeless.value.propertySize).toBeNull();
    expect(errorsOf(form({ propertySize: undefined }))).toEqual({ propertySize: BOOKING_MESSAGES.sizeRequired });
  });

  it("writes a new email as the wizard stores it", () => {
    const parsed = parse(form({ email: "  Dana@Example.COM " }));
    expect(parsed.status === "success" && parsed.value.email).toBe("dana@example.com");
  });
});

describe("savedDescription", () => {
  const booked: PricedBooking = {
    team_type: "elite",
    service_type: "local",
    property_size: "2_bedroom",
    packing_service: false,
    storage_service: false,
    cleaning_service: false,
    extra_movers: 0,
    tv_mounting: 0,
    deep_cleaning_bedrooms: 0,
    estimated_cost_cents: 100_000,
    estimated_hours: 6,
  };

  it("names the fields changed, in plain words, and the new price", () => {
    const price = repricing(booked, { ...pricedChoicesOf(booked), propertySize: "3_bedroom", extraMovers: 1 })!;
    expect(savedDescription(["property_size", "extra_movers", "estimated_hours", "estimated_cost_cents"], price)).toBe(
      "Changed: Property size and Extra movers. New estimate $1,335, +$335 from $1,000.",
    );
    expect(savedDescription(["moving_to", "final_cost_cents"], null)).toBe("Changed: Moving to and Final cost.");
    expect(savedDescription(["email", "team_type", "tv_mounting"], null)).toBe("Changed: Email, Team and TV mounting.");
  });
});

describe("timeOptions", () => {
  it("offers the wizard's slots, and the booking's own time when it is none of them", () => {
    expect(timeOptions({ date: "2027-01-01", time: "10:00" }).map((option) => option.value)).toEqual(["08:00", "10:00", "12:00", "14:00", "16:00"]);
    expect(timeOptions({ date: "2027-01-01", time: "09:30" })).toContainEqual({ value: "09:30", label: "9:30 AM" });
  });
});

describe("bookingEditValueLabel", () => {
  it("shows each kept value as the page shows its field", () => {
    expect(bookingEditValueLabel("final_cost_cents", "125050")).toBe("$1,250.50");
    expect(bookingEditValueLabel("moving_time", "14:00:00")).toBe("2:00 PM");
    expect(bookingEditValueLabel("moving_to", "1 Main St")).toBe("1 Main St");
    expect(bookingEditValueLabel("special_instructions", null)).toBe("—");
    expect(bookingEditValueLabel("estimated_cost_cents", "140400")).toBe("$1,404");
    expect(bookingEditValueLabel("team_type", "luxury")).toBe("Luxury Team");
    expect(bookingEditValueLabel("service_type", "long_distance")).toBe("Long distance");
    expect(bookingEditValueLabel("property_size", "5_plus_bedroom")).toBe("5+ bedrooms");
    expect(bookingEditValueLabel("packing_service", "true")).toBe("Yes");
    expect(bookingEditValueLabel("cleaning_service", "false")).toBe("No");
    expect(bookingEditValueLabel("extra_movers", "2")).toBe("2");
  });

  it("names every field in plain words", () => {
    for (const label of Object.values(BOOKING_EDIT_FIELD_LABELS)) expect(label).toMatch(/^[A-Z][A-Za-z ()]+$/);
  });
});

describe("overCapacityMessage", () => {
  it("says what the free-time check refused", () => {
    expect(overCapacityMessage({ kind: "slot-taken", message: "No crew is free on 2027-03-01 from 10:00 to 14:00: 1 of 1 crews are out" })).toBe(
      "No crew is free on 2027-03-01 from 10:00 to 14:00: 1 of 1 crews are out.",
    );
    expect(overCapacityMessage({ kind: "day-closed", message: "", reason: "Storm" })).toBe("The day is closed (Storm): no crew works then.");
    expect(overCapacityMessage({ kind: "out-of-hours", message: "", why: "too-soon" })).toBe(BOOKING_EDIT_MESSAGES.startTooSoon);
    expect(overCapacityMessage({ kind: "out-of-hours", message: "", why: "past-closing" })).toBe(BOOKING_EDIT_MESSAGES.startPastClosing);
  });
});

describe("movedOnlineLabel", () => {
  it("counts the customer's moves of the times allowed", () => {
    expect(movedOnlineLabel({ times: 0, limit: 2 })).toBe("Moved online 0 of 2 times");
    expect(movedOnlineLabel({ times: 1, limit: 2 })).toBe("Moved online 1 of 2 times");
    expect(movedOnlineLabel({ times: 1, limit: 1 })).toBe("Moved online 1 of 1 time");
  });
});
