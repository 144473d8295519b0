import { describe, expect, it } from "vitest";
import {
  bookingHours,
  ADDON_PRICES_CENTS,
  ADVERTISED_ONLY_SERVICES,
  BASE_HOURLY_CENTS,
  DEPOSIT_CENTS,
  LANDING_ADDON_CARDS,
  LUXURY_MULTIPLIER,
  PROPERTY_SIZES,
  SERVICE_TYPES,
  TIME_SLOTS,
  TRUCK_FEE_CENTS,
  estimateBooking,
  estimatedHours,
  hourlyRateCents,
  type BookingChoices,
  type ServiceType,
} from "./pricing";
import { formatCents } from "./money";

const noAddons: BookingChoices = {
  teamType: "elite",
  serviceType: "local",
  propertySize: "2_bedroom",
  packingService: false,
  storageService: false,
  cleaningService: false,
  extraMovers: 0,
  tvMounting: 0,
  deepCleaningBedrooms: 0,
};

const addonAmount = (choices: Partial<BookingChoices>, id: string) =>
  estimateBooking({ ...noAddons, ...choices }).lines.find((line) => line.id === id)?.amountCents;

describe("hourly rates", () => {
  it("charges the elite base rate per service type: $150, $300, $400", () => {
    expect(hourlyRateCents("elite", "local")).toBe(15_000);
    expect(hourlyRateCents("elite", "long_distance")).toBe(30_000);
    expect(hourlyRateCents("elite", "commercial")).toBe(40_000);
  });

  it("charges the advertised luxury rates: $175, $350, $468", () => {
    expect(hourlyRateCents("luxury", "local")).toBe(17_500);
    expect(hourlyRateCents("luxury", "long_distance")).toBe(35_000);
    expect(hourlyRateCents("luxury", "commercial")).toBe(46_800);
  });

  it("keeps each luxury rate within a dollar of base × 1.17", () => {
    for (const service of SERVICE_TYPES) {
      const computed = BASE_HOURLY_CENTS[service] * LUXURY_MULTIPLIER;
      expect(Math.abs(hourlyRateCents("luxury", service) - computed)).toBeLessThanOrEqual(100);
    }
  });
});

describe("estimated hours", () => {
  it("follows the property size table", () => {
    expect(PROPERTY_SIZES.map((size) => estimatedHours(size))).toEqual([3, 4, 6, 8, 10, 12]);
  });

  it("defaults to 4 hours without a size", () => {
    expect(estimatedHours(undefined)).toBe(4);
  });

  it("of a saved booking are those estimated for it, else its home's, else the default", () => {
    expect(bookingHours({ estimated_hours: 7, property_size: "studio" })).toBe(7);
    expect(bookingHours({ estimated_hours: null, property_size: "3_bedroom" })).toBe(8);
    expect(bookingHours({ estimated_hours: null, property_size: "castle" })).toBe(4);
    expect(bookingHours({ estimated_hours: null, property_size: null })).toBe(4);
  });
});

describe("estimateBooking", () => {
  it("is labour plus the $100 truck fee with no add-ons", () => {
    const estimate = estimateBooking(noAddons);
    expect(estimate.hours).toBe(6);
    expect(estimate.lines.map((line) => line.id)).toEqual(["labor", "truck-fee"]);
    expect(estimate.totalCents).toBe(6 * 15_000 + 10_000);
    expect(TRUCK_FEE_CENTS).toBe(10_000);
  });

  it("says what the truck fee covers for each service: a long-distance move's travel is in its hourly rate", () => {
    const truckLine = (serviceType: ServiceType) => estimateBooking({ ...noAddons, serviceType }).lines.find((line) => line.id === "truck-fee")?.label;
    expect(truckLine("local")).toBe("Truck and travel fee (up to 25 miles)");
    expect(truckLine("commercial")).toBe("Truck and travel fee (up to 25 miles)");
    expect(truckLine("long_distance")).toBe("Truck fee (the distance is in the long-distance hourly rate)");
  });

  it("prices the flat add-ons: packing $120, storage $80, basic cleaning $120", () => {
    expect(addonAmount({ packingService: true }, "packing")).toBe(12_000);
    expect(addonAmount({ storageService: true }, "storage")).toBe(8_000);
    expect(addonAmount({ cleaningService: true }, "cleaning")).toBe(12_000);
  });

  it("prices extra movers at $35 each", () => {
    expect(addonAmount({ extraMovers: 1 }, "extra-movers")).toBe(3_500);
    expect(addonAmount({ extraMovers: 6 }, "extra-movers")).toBe(21_000);
  });

  it("prices TV mounting at $120 for the first and $20 for each additional", () => {
    expect(addonAmount({ tvMounting: 1 }, "tv-mounting")).toBe(12_000);
    expect(addonAmount({ tvMounting: 3 }, "tv-mounting")).toBe(16_000);
  });

  it("prices deep cleaning at $150 for the first bedroom and $50 for each additional", () => {
    expect(addonAmount({ deepCleaningBedrooms: 1 }, "deep-cleaning")).toBe(15_000);
    expect(addonAmount({ deepCleaningBedrooms: 5 }, "deep-cleaning")).toBe(35_000);
  });

  it("adds everything up for a luxury long-distance 3 bedroom move with every add-on", () => {
    const estimate = estimateBooking({
      teamType: "luxury",
      serviceType: "long_distance",
      propertySize: "3_bedroom",
      packingService: true,
      storageService: true,
      cleaningService: true,
      extraMovers: 2,
      tvMounting: 2,
      deepCleaningBedrooms: 3,
    });
    // 8 h × $350 + 120 + 80 + 120 + 2 × 35 + (120 + 20) + (150 + 2 × 50) + 100
    expect(estimate.totalCents).toBe(280_000 + 12_000 + 8_000 + 12_000 + 7_000 + 14_000 + 25_000 + 10_000);
    expect(estimate.depositCents).toBe(5_000);
    expect(estimate.balanceCents).toBe(estimate.totalCents - 5_000);
  });

  it("refuses counts outside the spec's ranges", () => {
    expect(() => estimateBooking({ ...noAddons, extraMovers: 7 })).toThrow(RangeError);
    expect(() => estimateBooking({ ...noAddons, tvMounting: -1 })).toThrow(RangeError);
    expect(() => estimateBooking({ ...noAddons, deepCleaningBedrooms: 6 })).toThrow(RangeError);
    expect(() => estimateBooking({ ...noAddons, extraMovers: 1.5 })).toThrow(RangeError);
  });
});

describe("constants", () => {
  it("takes a $50 deposit", () => {
    expect(DEPOSIT_CENTS).toBe(5_000);
  });

  it("offers the five time slots", () => {
    expect(TIME_SLOTS).toEqual(["08:00", "10:00", "12:00", "14:00", "16:00"]);
  });
});

describe("landing add-on cards", () => {
  const card = (name: string) => {
    const found = LANDING_ADDON_CARDS.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no card named ${name}`);
    return found;
  };

  it("lists the five add-on services in the advertised order", () => {
    expect(LANDING_ADDON_CARDS.map((addon) => addon.name)).toEqual(["Extra Movers", "Deep Cleaning", "TV Mounting", "Furniture Assembly", "Junk Removal"]);
  });

  it("shows extra movers at the $35 per mover the wizard charges", () => {
    expect(card("Extra Movers").price).toBe("$35 per mover");
    expect(card("Extra Movers").bookingCounter).toBe("extraMovers");
    expect(ADDON_PRICES_CENTS.extraMover).toBe(3_500);
    expect(addonAmount({ extraMovers: 1 }, "extra-movers")).toBe(3_500);
    expect(addonAmount({ extraMovers: 2 }, "extra-movers")).toBe(7_000);
  });

  it("shows deep cleaning at the $150 first bedroom and $50 each after the wizard charges", () => {
    expect(card("Deep Cleaning").price).toBe("$150 first bedroom, $50 each after");
    expect(card("Deep Cleaning").bookingCounter).toBe("deepCleaningBedrooms");
    expect(ADDON_PRICES_CENTS.deepCleaningFirstBedroom).toBe(15_000);
    expect(ADDON_PRICES_CENTS.deepCleaningAdditionalBedroom).toBe(5_000);
    expect(addonAmount({ deepCleaningBedrooms: 1 }, "deep-cleaning")).toBe(15_000);
    expect(addonAmount({ deepCleaningBedrooms: 2 }, "deep-cleaning")).toBe(20_000);
  });

  it("shows TV mounting at the $120 first TV and $20 each after the wizard charges", () => {
    expect(card("TV Mounting").price).toBe("$120 first TV, $20 each after");
    expect(card("TV Mounting").bookingCounter).toBe("tvMounting");
    expect(ADDON_PRICES_CENTS.tvMountingFirst).toBe(12_000);
    expect(ADDON_PRICES_CENTS.tvMountingAdditional).toBe(2_000);
    expect(addonAmount({ tvMounting: 1 }, "tv-mounting")).toBe(12_000);
    expect(addonAmount({ tvMounting: 2 }, "tv-mounting")).toBe(14_000);
  });

  it("shows every figure of a bookable card as the wizard charges it for one unit and for each one after", () => {
    for (const addon of LANDING_ADDON_CARDS) {
      if (!addon.bookingCounter) continue;
      const one = estimateBooking({ ...noAddons, [addon.bookingCounter]: 1 }).totalCents - estimateBooking(noAddons).totalCents;
      const two = estimateBooking({ ...noAddons, [addon.bookingCounter]: 2 }).totalCents - estimateBooking(noAddons).totalCents;
      const figures = addon.price.match(/\$[\d,]+/g);
      expect(figures?.[0]).toBe(formatCents(one));
      if (two - one !== one) expect(figures?.[1]).toBe(formatCents(two - one));
      else expect(figures).toHaveLength(1);
    }
  });

  it("keeps the advertised prices of furniture assembly ($65 per hour) and junk removal ($95+), which are not booked online", () => {
    expect(ADVERTISED_ONLY_SERVICES.map((service) => [service.name, formatCents(service.priceCents)])).toEqual([
      ["Furniture Assembly", "$65"],
      ["Junk Removal", "$95"],
    ]);
    expect(card("Furniture Assembly").price).toBe("$65 per hour");
    expect(card("Junk Removal").price).toBe("$95+");
    expect(card("Furniture Assembly").bookingCounter).toBeNull();
    expect(card("Junk Removal").bookingCounter).toBeNull();
  });
});

describe("formatCents", () => {
  it("shows whole dollars without decimals and keeps cents when present", () => {
    expect(formatCents(46_800)).toBe("$468");
    expect(formatCents(123_450)).toBe("$1,234.50");
    expect(formatCents(0)).toBe("$0");
  });
});
