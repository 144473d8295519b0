import { describe, expect, it } from "vitest";
import {
  BOOKINGS_PAGE_SIZE,
  bookingsPagePath,
  clampPage,
  customerBookingView,
  formatCreatedDate,
  pageCount,
  pageRange,
  requestedPage,
  type CustomerBookingListRow,
} from "./customer-bookings";

const row = (overrides: Partial<CustomerBookingListRow> = {}): CustomerBookingListRow => ({
  id: "6f1c2a9e-0000-4000-8000-000000000001",
  service_type: "long_distance",
  status: "pending",
  moving_date: "2027-03-01",
  moving_time: "10:00:00",
  estimated_hours: 6,
  moving_from: "12 Oak St, Atlanta",
  moving_to: "98 Pine Ave, Decatur",
  estimated_cost_cents: 123_456,
  deposit_status: "unpaid",
  refund_due_at: null,
  created_at: "2026-11-23T15:00:00+00:00",
  ...overrides,
});

describe("customerBookingView", () => {
  it("words every value of a row as the lists show it", () => {
    expect(customerBookingView(row(), "America/New_York")).toEqual({
      id: "6f1c2a9e-0000-4000-8000-000000000001",
      serviceType: "Long distance",
      moveName: "long-distance move",
      status: "pending",
      depositStatus: "unpaid",
      moveDate: "Monday, March 1, 2027",
      from: "12 Oak St, Atlanta",
      to: "98 Pine Ave, Decatur",
      estimatedCost: "$1,234.56",
      createdDate: "Nov 23, 2026",
      depositLabel: "Deposit unpaid",
      canPayDeposit: true,
      canBookAgain: false,
    });
  });

  it("shows TBD for a move not priced yet, and whole dollars without cents", () => {
    expect(customerBookingView(row({ estimated_cost_cents: null }), "America/New_York").estimatedCost).toBe("TBD");
    expect(customerBookingView(row({ estimated_cost_cents: 100_000 }), "America/New_York").estimatedCost).toBe("$1,000");
  });

  it("offers Pay deposit only on a booking ahead whose deposit is not paid", () => {
    expect(customerBookingView(row({ status: "confirmed", deposit_status: "failed" }), "America/New_York").canPayDeposit).toBe(true);
    expect(customerBookingView(row({ status: "pending", deposit_status: "expired" }), "America/New_York").canPayDeposit).toBe(true);
    expect(customerBookingView(row({ status: "pending", deposit_status: "paid" }), "America/New_York").canPayDeposit).toBe(false);
    expect(customerBookingView(row({ status: "completed", deposit_status: "unpaid" }), "America/New_York").canPayDeposit).toBe(false);
    expect(customerBookingView(row({ status: "cancelled", deposit_status: "failed" }), "America/New_York").canPayDeposit).toBe(false);
  });

  it("offers Book Again on completed moves only", () => {
    expect(customerBookingView(row({ status: "completed", deposit_status: "paid" }), "America/New_York").canBookAgain).toBe(true);
    for (const status of ["pending", "confirmed", "in_progress", "cancelled"]) {
      expect(customerBookingView(row({ status }), "America/New_York").canBookAgain).toBe(false);
    }
  });

  it("names each deposit state", () => {
    expect(customerBookingView(row({ deposit_status: "paid" }), "America/New_York").depositLabel).toBe("Deposit paid");
    expect(customerBookingView(row({ deposit_status: "failed" }), "America/New_York").depositLabel).toBe("Deposit payment failed");
    expect(customerBookingView(row({ deposit_status: "expired" }), "America/New_York").depositLabel).toBe("Deposit checkout expired");
    expect(
      customerBookingView(row({ status: "cancelled", deposit_status: "paid", refund_due_at: "2026-11-25T10:00:00+00:00" }), "America/New_York").depositLabel,
    ).toBe("Refund due");
  });
});

describe("formatCreatedDate", () => {
  it("gives the day in the company's time zone", () => {
    // 02:00 UTC on the 24th is still the 23rd in Atlanta.
    expect(formatCreatedDate("2026-11-24T02:00:00Z", "America/New_York")).toBe("Nov 23, 2026");
  });

  it("shows an unreadable timestamp as stored", () => {
    expect(formatCreatedDate("yesterday", "America/New_York")).toBe("yesterday");
  });
});

describe("requestedPage", () => {
  it("reads whole page numbers", () => {
    expect(requestedPage("1")).toBe(1);
    expect(requestedPage("3")).toBe(3);
    expect(requestedPage(" 2 ")).toBe(2);
  });

  it("takes anything else as page 1", () => {
    for (const value of [null, undefined, "", "0", "-2", "1.5", "abc", "2e3", "0x10", "9".repeat(40)]) {
      expect(requestedPage(value)).toBe(1);
    }
  });
});

describe("pages", () => {
  it("has 10 bookings a page", () => {
    expect(BOOKINGS_PAGE_SIZE).toBe(10);
  });

  it("counts pages, with one page for an empty list", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(25)).toBe(3);
  });

  it("brings a page within range", () => {
    expect(clampPage(5, 12)).toBe(2);
    expect(clampPage(0, 12)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(2, 12)).toBe(2);
  });

  it("gives each page's rows", () => {
    expect(pageRange(1)).toEqual({ from: 0, to: 9 });
    expect(pageRange(3)).toEqual({ from: 20, to: 29 });
  });

  it("links page 1 with the bare path", () => {
    expect(bookingsPagePath(1)).toBe("/dashboard/bookings");
    expect(bookingsPagePath(2)).toBe("/dashboard/bookings?page=2");
  });
});
