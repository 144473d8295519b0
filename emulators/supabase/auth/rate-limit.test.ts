import { describe, expect, it } from "vitest";
import { GOTRUE_AUTH_RATE_LIMITS } from "../config.ts";
import { clientAddress, RateLimiter } from "./rate-limit.ts";

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (seconds: number) => void (now += seconds * 1000) };
}

describe("RateLimiter (token buckets)", () => {
  it("allows a burst of `limit`, then refills at limit per window", () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 30, windowSeconds: 300 }, time.now);
    for (let request = 0; request < 30; request++) expect(limiter.take("203.0.113.1")).toBe(true);
    expect(limiter.take("203.0.113.1")).toBe(false);
    expect(limiter.take("203.0.113.2")).toBe(true);

    time.advance(9);
    expect(limiter.take("203.0.113.1")).toBe(false);
    time.advance(1);
    expect(limiter.take("203.0.113.1")).toBe(true);
    expect(limiter.take("203.0.113.1")).toBe(false);

    time.advance(3600);
    for (let request = 0; request < 30; request++) expect(limiter.take("203.0.113.1")).toBe(true);
    expect(limiter.take("203.0.113.1")).toBe(false);
  });

  it.each(["tokenRefresh", "signIn"] as const)(
    "has GoTrue's limits of /token for %s (bursts of 30, then 150 per 5 minutes) and of /signup, /recover and /resend (30 per 5 minutes)",
    (grant) => {
      const time = clock();
      const token = new RateLimiter(GOTRUE_AUTH_RATE_LIMITS[grant], time.now);
      for (let request = 0; request < 30; request++) expect(token.take("203.0.113.1")).toBe(true);
      expect(token.take("203.0.113.1")).toBe(false);
      time.advance(2);
      expect(token.take("203.0.113.1")).toBe(true);
      expect(token.take("203.0.113.1")).toBe(false);
      time.advance(3600);
      for (let request = 0; request < 30; request++) expect(token.take("203.0.113.1")).toBe(true);
      expect(token.take("203.0.113.1")).toBe(false);

      for (const rate of [GOTRUE_AUTH_RATE_LIMITS.signup, GOTRUE_AUTH_RATE_LIMITS.recover, GOTRUE_AUTH_RATE_LIMITS.resend]) {
        const limiter = new RateLimiter(rate, time.now);
        for (let request = 0; request < 30; request++) expect(limiter.take("203.0.113.1")).toBe(true);
        expect(limiter.take("203.0.113.1")).toBe(false);
        time.advance(9);
        expect(limiter.take("203.0.113.1")).toBe(false);
        time.advance(1);
        expect(limiter.take("203.0.113.1")).toBe(true);
      }
    },
  );

  it("takes back a request given back, never beyond a full bucket", () => {
    const limiter = new RateLimiter({ limit: 2, windowSeconds: 300 }, clock().now);
    limiter.giveBack("everyone");
    expect(limiter.take("everyone")).toBe(true);
    expect(limiter.take("everyone")).toBe(true);
    expect(limiter.take("everyone")).toBe(false);
    limiter.giveBack("everyone");
    expect(limiter.take("everyone")).toBe(true);
    expect(limiter.take("everyone")).toBe(false);
  });

  it("keeps counting a limited address while it forgets the full buckets of many others", () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 1, windowSeconds: 10 }, time.now);
    const address = (index: number) => `10.0.${index >> 8}.${index & 255}`;
    for (let index = 0; index < 2000; index++) expect(limiter.take(address(index))).toBe(true);
    time.advance(10);
    expect(limiter.take("203.0.113.7")).toBe(true);
    // These reach the size at which full buckets (the 2000 refilled ones) are forgotten.
    for (let index = 2000; index < 2100; index++) expect(limiter.take(address(index))).toBe(true);
    expect(limiter.take("203.0.113.7")).toBe(false);
    expect(limiter.take(address(0))).toBe(true);
    expect(limiter.take(address(0))).toBe(false);
  });
});

describe("clientAddress", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/auth/v1/verify", { headers });

  it("is the first Sb-Forwarded-For entry (a server's call for its client), else the first X-Forwarded-For entry", () => {
    expect(clientAddress(request({ "sb-forwarded-for": "198.51.100.7", "x-forwarded-for": "10.0.0.1" }))).toBe("198.51.100.7");
    expect(clientAddress(request({ "sb-forwarded-for": " 198.51.100.7, 10.0.0.2", "x-forwarded-for": "10.0.0.1" }))).toBe("198.51.100.7");
    expect(clientAddress(request({ "sb-forwarded-for": "", "x-forwarded-for": "10.0.0.1" }))).toBe("10.0.0.1");
  });

  it("is the first X-Forwarded-For entry, else one key for calls without it", () => {
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientAddress(request({ "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" }))).toBe("203.0.113.7");
    expect(clientAddress(request({}))).toBe("in-process");
    expect(clientAddress(request({ "x-forwarded-for": " , 10.0.0.1" }))).toBe("in-process");
  });
});
