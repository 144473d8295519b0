import { randomUUID } from "node:crypto";
import type { BookingRequest } from "../../../app/domain/booking.ts";

/**
 * A complete wizard request (an elite local 1-bedroom move), for tests that save bookings. Each is
 * another customer's, with an email of its own (one email holds one unpaid crew at a time).
 */
export function sampleBookingRequest(overrides: Partial<BookingRequest> = {}): BookingRequest {
  return {
    fullName: "Pat Payer",
    email: `pat.${randomUUID().slice(0, 8)}@example.com`,
    phone: "404-555-0142",
    date: "2027-04-12",
    time: "08:00",
    fromAddress: "10 Peachtree St, Atlanta",
    toAddress: "20 Ponce de Leon Ave, Atlanta",
    propertySize: "1_bedroom",
    teamType: "elite",
    serviceType: "local",
    packingService: false,
    storageService: false,
    cleaningService: false,
    extraMovers: 0,
    tvMounting: 0,
    deepCleaningBedrooms: 0,
    specialInstructions: null,
    ...overrides,
  };
}
