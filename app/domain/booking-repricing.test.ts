import { describe, expect, it } from "vitest";
import {
  estimateShown,
  hoursChangeText,
  hoursForSize,
  priceChangeText,
  pricedChoicesFromForm,
  pricedChoicesOf,
  repricing,
  type PricedBooking,
  type PricedChoices,
} from "./booking-repricing";
import { estimateBooking } from "./pricing";

/** An elite local two-bedroom move with no add-ons, quoted $1,000 for 6 hours (6 × $150 + the $100 truck fee). */
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

const choices = (changes: Partial<PricedChoices> = {}): PricedChoices => ({ ...pricedChoicesOf(booked), ...changes });

describe("the estimate the edit form shows", () => {
  it("is the quoted one while nothing priced changes, else the new one (never what a date or address would cost today)", () => {
    expect(estimateShown({ ...booked, estimated_cost_cents: 90_000 }, choices())).toBe(90_000);
    expect(estimateShown(booked, choices({ propertySize: "3_bedroom" }))).toBe(
      estimateBooking({ ...choices({ propertySize: "3_bedroom" }), propertySize: "3_bedroom" }).totalCents,
    );
    expect(estimateShown({ ...booked, estimated_cost_cents: null }, choices())).toBeNull();
  });
});

describe("repricing", () => {
  it("keeps the quoted estimate while nothing the booking is priced by changes", () => {
    expect(repricing(booked, choices())).toBeNull();
    // Even when the quote differs from today's prices: it is never priced again for a date or an address.
    expect(repricing({ ...booked, estimated_cost_cents: 90_000 }, choices())).toBeNull();
  });

  it("prices the new choices with the wizard's pricing, the hours following the new size", () => {
    const next = choices({ teamType: "luxury", propertySize: "3_bedroom", packingService: true, extraMovers: 2 });
    const priced = repricing(booked, next)!;
    // 8 hours × $175 + packing $120 + 2 extra movers × $35 + the $100 truck fee.
    expect(priced.estimate.totalCents).toBe(8 * 17_500 + 12_000 + 2 * 3_500 + 10_000);
    expect(priced.estimate).toEqual(estimateBooking({ ...next, propertySize: "3_bedroom" }));
    expect(priced.estimate.hours).toBe(8);
    expect(priced).toMatchObject({ previousCents: 100_000, previousHours: 6 });
  });

  it("prices each kind of change: team, service, size, a box, a counter", () => {
    for (const change of [
      { teamType: "luxury" },
      { serviceType: "commercial" },
      { propertySize: "studio" },
      { cleaningService: true },
      { deepCleaningBedrooms: 3 },
    ] satisfies Array<Partial<PricedChoices>>) {
      expect(repricing(booked, choices(change)), JSON.stringify(change)).not.toBeNull();
    }
  });

  it("refuses a counter outside its limits, as every estimate does", () => {
    expect(() => repricing(booked, choices({ tvMounting: 7 }))).toThrow(RangeError);
  });
});

describe("priceChangeText", () => {
  it("says the new estimate and how far it moved from the one the booking holds", () => {
    const up = repricing(booked, choices({ propertySize: "3_bedroom" }))!;
    expect(priceChangeText(up)).toBe("New estimate $1,300, +$300 from $1,000");
    const down = repricing(booked, choices({ propertySize: "studio" }))!;
    expect(priceChangeText(down)).toBe("New estimate $550, -$450 from $1,000");
    const same = repricing(booked, choices({ packingService: true, cleaningService: false }))!;
    expect(priceChangeText({ ...same, previousCents: same.estimate.totalCents })).toBe("New estimate $1,120, the same as before");
    expect(priceChangeText({ ...up, previousCents: null })).toBe("New estimate $1,300 (it had none)");
  });

  it("says the move's new length only when it changes", () => {
    expect(hoursChangeText(repricing(booked, choices({ propertySize: "3_bedroom" }))!)).toBe("8 estimated hours, 6 before");
    expect(hoursChangeText(repricing(booked, choices({ teamType: "luxury" }))!)).toBeNull();
  });
});

describe("pricedChoicesFromForm", () => {
  it("reads the form's fields as typed", () => {
    const typed = { teamType: "luxury", serviceType: "long_distance", propertySize: "studio", storageService: "on", extraMovers: "3", tvMounting: "0" };
    expect(pricedChoicesFromForm(typed, choices({ packingService: true, tvMounting: 2 }))).toEqual({
      teamType: "luxury",
      serviceType: "long_distance",
      propertySize: "studio",
      packingService: false,
      storageService: true,
      cleaningService: false,
      extraMovers: 3,
      tvMounting: 0,
      deepCleaningBedrooms: 0,
    });
  });

  it("keeps the fallback's choice where what was typed is none", () => {
    const fallback = choices({ extraMovers: 2 });
    const read = pricedChoicesFromForm({ teamType: "gold", propertySize: "", extraMovers: "9", tvMounting: "two" }, fallback);
    expect(read).toMatchObject({ teamType: "elite", propertySize: "2_bedroom", extraMovers: 2, tvMounting: 0 });
  });
});

describe("hoursForSize", () => {
  it("keeps the booking's own hours while its size stays, else takes the new size's", () => {
    expect(hoursForSize({ estimated_hours: 5, property_size: "2_bedroom" }, "2_bedroom")).toBe(5);
    expect(hoursForSize({ estimated_hours: 5, property_size: "2_bedroom" }, undefined)).toBe(5);
    expect(hoursForSize({ estimated_hours: 5, property_size: "2_bedroom" }, "4_bedroom")).toBe(10);
    expect(hoursForSize({ estimated_hours: null, property_size: null }, "studio")).toBe(3);
  });
});
