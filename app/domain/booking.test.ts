import { describe, expect, it } from "vitest";
import { bookingInsertRow, bookingSummaryFromRow, formatCompanyDateTime, shortBookingId, type BookingRequest, type BookingRow } from "./booking";
import { DEPOSIT_CENTS, estimateBooking } from "./pricing";

const request: BookingRequest = {
  fullName: "Alice Anders",
  email: "alice@example.com",
  phone: "404-555-0100",
  date: "2027-03-01",
  time: "10:00",
  fromAddress: "1 Peachtree St, Atlanta",
  toAddress: "2 Ponce de Leon Ave, Atlanta",
  propertySize: "2_bedroom",
  teamType: "luxury",
  serviceType: "long_distance",
  packingService: true,
  storageService: false,
  cleaningService: true,
  extraMovers: 2,
  tvMounting: 1,
  deepCleaningBedrooms: 3,
  specialInstructions: "Piano on the second floor",
};

const BOOKING_ID = "3f2c9a1e-7b4d-4c8e-9f00-123456789abc";

/** A row as the database returns it for the request above. */
function storedRow(overrides: Partial<BookingRow> = {}): BookingRow {
  return {
    id: BOOKING_ID,
    user_id: "9d7e1f7a-0000-4000-8000-000000000001",
    draft_id: "5b1a2c3d-0000-4000-8000-000000000002",
    full_name: "Alice Anders",
    email: "alice@example.com",
    phone: "404-555-0100",
    moving_from: "1 Peachtree St, Atlanta",
    moving_to: "2 Ponce de Leon Ave, Atlanta",
    moving_date: "2027-03-01",
    moving_time: "10:00:00",
    property_size: "2_bedroom",
    team_type: "luxury",
    service_type: "long_distance",
    packing_service: true,
    storage_service: false,
    cleaning_service: true,
    extra_movers: 2,
    tv_mounting: 1,
    deep_cleaning_bedrooms: 3,
    special_instructions: "Piano on the second floor",
    estimated_hours: 6,
    estimated_cost_cents: 264_000,
    final_cost_cents: null,
    deposit_amount_cents: 5000,
    deposit_status: "unpaid",
    deposit_paid_at: null,
    stripe_checkout_session_id: null,
    stripe_payment_intent_id: null,
    checkout_expires_at: null,
    hold_expires_at: null,
    hold_browser: null,
    hold_address: null,
    refund_due_at: null,
    quote: null,
    status: "pending",
    version: 1,
    version_at: "2026-11-20T12:00:00.000Z",
    online_reschedules: 0,
    new_date_requested_at: null,
    balance_due_cents: null,
    billed_at: null,
    created_at: "2026-11-24T09:00:00+00:00",
    updated_at: "2026-11-24T09:00:00+00:00",
    ...overrides,
  };
}

describe("bookingInsertRow", () => {
  it("stores every answer of the wizard in its column, priced by the estimate, pending with the deposit unpaid", () => {
    const estimate = estimateBooking(request);
    const row = bookingInsertRow(request, { userId: "user-1", draftId: "draft-1", estimate });
    expect(row).toEqual({
      user_id: "user-1",
      draft_id: "draft-1",
      full_name: "Alice Anders",
      email: "alice@example.com",
      phone: "404-555-0100",
      moving_from: "1 Peachtree St, Atlanta",
      moving_to: "2 Ponce de Leon Ave, Atlanta",
      moving_date: "2027-03-01",
      moving_time: "10:00",
      property_size: "2_bedroom",
      team_type: "luxury",
      service_type: "long_distance",
      packing_service: true,
      storage_service: false,
      cleaning_service: true,
      extra_movers: 2,
      tv_mounting: 1,
      deep_cleaning_bedrooms: 3,
      special_instructions: "Piano on the second floor",
      estimated_hours: 6,
      estimated_cost_cents: estimate.totalCents,
      quote: {
        lines: estimate.lines.map((line) => ({ label: line.label, cents: line.amountCents })),
        total_cents: estimate.totalCents,
        hourly_rate_cents: estimate.hourlyRateCents,
      },
      deposit_amount_cents: DEPOSIT_CENTS,
      deposit_status: "unpaid",
      status: "pending",
    });
  });

  it("stores the estimate in cents: luxury long distance, 6 hours, with add-ons", () => {
    // 6 h × $350 + packing $120 + cleaning $120 + 2 movers × $35 + 1 TV $120 + deep cleaning $150 + 2 × $50 + truck $100
    const row = bookingInsertRow(request, { userId: null, draftId: "draft-1", estimate: estimateBooking(request) });
    expect(row.estimated_cost_cents).toBe(288_000);
    expect(row.deposit_amount_cents).toBe(5_000);
  });

  it("keeps a guest's booking without an owner, and no time or instructions as null", () => {
    const bare = { ...request, time: null, specialInstructions: "   " };
    const row = bookingInsertRow(bare, { userId: null, draftId: "draft-2", estimate: estimateBooking(bare) });
    expect(row).toMatchObject({ user_id: null, moving_time: null, special_instructions: null });
  });
});

describe("bookingSummaryFromRow", () => {
  it("names the booking by the first 8 characters of its id and shows the time as HH:MM", () => {
    expect(bookingSummaryFromRow(storedRow())).toEqual({
      id: BOOKING_ID,
      shortId: "3f2c9a1e",
      fullName: "Alice Anders",
      movingDate: "2027-03-01",
      movingTime: "10:00",
      serviceType: "long_distance",
      estimatedCostCents: 264_000,
      depositStatus: "unpaid",
      status: "pending",
    });
  });

  it("shows no time when none was picked, and the deposit and status as stored", () => {
    expect(bookingSummaryFromRow(storedRow({ moving_time: null, deposit_status: "paid", status: "confirmed" }))).toMatchObject({
      movingTime: null,
      depositStatus: "paid",
      status: "confirmed",
    });
  });

  it("shows a status it does not know as pending", () => {
    expect(bookingSummaryFromRow(storedRow({ status: "on_hold" })).status).toBe("pending");
  });
});

describe("labels", () => {
  it("shortens ids to 8 characters", () => {
    expect(shortBookingId(BOOKING_ID)).toBe("3f2c9a1e");
  });
});

describe("formatCompanyDateTime", () => {
  it("shows a moment on the company's clock, standard or daylight time", () => {
    expect(formatCompanyDateTime("2026-11-23T20:05:00Z", "America/New_York").replace(/\s/g, " ")).toBe("Nov 23, 2026, 3:05 PM EST");
    expect(formatCompanyDateTime("2027-06-15T14:00:00+00:00", "America/New_York").replace(/\s/g, " ")).toBe("Jun 15, 2027, 10:00 AM EDT");
  });
});
