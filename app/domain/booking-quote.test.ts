import { describe, expect, it } from "vitest";
import { bookingBalance, quoteFromEstimate, storedQuote } from "./booking-quote";
import { estimateBooking } from "./pricing";

const estimate = estimateBooking({
  teamType: "elite",
  serviceType: "local",
  propertySize: "studio",
  packingService: true,
  storageService: false,
  cleaningService: false,
  extraMovers: 1,
  tvMounting: 0,
  deepCleaningBedrooms: 0,
});

describe("quoteFromEstimate", () => {
  it("keeps the wizard's lines, their total and the hourly rate, in cents", () => {
    expect(quoteFromEstimate(estimate)).toEqual({
      lines: [
        { label: "Moving team, 3 hours", cents: 45_000 },
        { label: "Packing service", cents: 12_000 },
        { label: "Extra movers × 1", cents: 3_500 },
        { label: "Truck and travel fee (up to 25 miles)", cents: 10_000 },
      ],
      total_cents: 70_500,
      hourly_rate_cents: 15_000,
    });
  });
});

describe("storedQuote", () => {
  it("reads a stored quote, and nothing from a booking without one or anything else", () => {
    const quote = quoteFromEstimate(estimate);
    expect(storedQuote(JSON.parse(JSON.stringify(quote)))).toEqual(quote);
    for (const value of [
      null,
      "70500",
      [],
      { lines: "x", total_cents: 1, hourly_rate_cents: 1 },
      { ...quote, total_cents: -1 },
      { ...quote, lines: [{ label: 1, cents: 1 }] },
    ]) {
      expect(storedQuote(value), JSON.stringify(value)).toBeNull();
    }
  });
});

describe("bookingBalance", () => {
  const row = { final_cost_cents: null, estimated_cost_cents: 70_500, deposit_status: "unpaid", deposit_amount_cents: 5_000 };

  it("is the estimate minus the deposit once paid", () => {
    expect(bookingBalance(row)).toEqual({ totalCents: 70_500, totalIsFinal: false, depositPaidCents: 0, balanceCents: 70_500 });
    expect(bookingBalance({ ...row, deposit_status: "paid" })).toEqual({
      totalCents: 70_500,
      totalIsFinal: false,
      depositPaidCents: 5_000,
      balanceCents: 65_500,
    });
  });

  it("is the final cost minus the deposit once the move is billed", () => {
    expect(bookingBalance({ ...row, final_cost_cents: 80_000, deposit_status: "paid" })).toEqual({
      totalCents: 80_000,
      totalIsFinal: true,
      depositPaidCents: 5_000,
      balanceCents: 75_000,
    });
  });

  it("is unknown while the move is not priced", () => {
    expect(bookingBalance({ ...row, estimated_cost_cents: null }).balanceCents).toBeNull();
  });
});
