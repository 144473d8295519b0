import type { BookingRequest } from "../../../app/domain/booking.ts";

/** A complete wizard request (an elite local 1-bedroom move), for tests that save bookings. */
export function sampleBookingRequest(overrides: Partial<BookingRequest> = {}): BookingRequest {
  return {
    fullName: "Pat Payer",
    email: "pat@example.com",
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
