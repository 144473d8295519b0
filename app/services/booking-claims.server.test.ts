import { describe, expect, it } from "vitest";
import { bookingClaimToken, readBookingClaim } from "./booking-claims.server";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const BOOKING = "6f1c2a9e-0000-4000-8000-000000000001";
const NOW = Date.parse("2026-11-24T12:00:00Z");

describe("booking claims", () => {
  it("name their booking for an hour", () => {
    const token = bookingClaimToken(SECRET, BOOKING, NOW);
    expect(readBookingClaim(SECRET, token, NOW)).toBe(BOOKING);
    expect(readBookingClaim(SECRET, token, NOW + 59 * 60_000)).toBe(BOOKING);
    expect(readBookingClaim(SECRET, token, NOW + 60 * 60_000)).toBeNull();
  });

  it("are refused when forged: another booking or expiry under the same signature, another secret, or garbage", () => {
    const token = bookingClaimToken(SECRET, BOOKING, NOW);
    const [, expiry, signature] = token.split(".");
    expect(readBookingClaim(SECRET, `6f1c2a9e-0000-4000-8000-000000000002.${expiry}.${signature}`, NOW)).toBeNull();
    expect(readBookingClaim(SECRET, `${BOOKING}.${Number(expiry) + 86_400_000}.${signature}`, NOW)).toBeNull();
    expect(readBookingClaim("another-secret-of-at-least-thirty-two-chars", token, NOW)).toBeNull();
    for (const garbage of ["", "abc", `${token}x`, null, 42, ["a"]]) expect(readBookingClaim(SECRET, garbage, NOW)).toBeNull();
  });
});
