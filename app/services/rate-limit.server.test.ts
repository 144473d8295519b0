import { describe, expect, it } from "vitest";
import { createAuthRateLimits } from "./rate-limit.server";

describe("createAuthRateLimits", () => {
  it("lets the allowed attempts through, then asks to wait up to a minute", async () => {
    const limits = createAuthRateLimits(3);
    for (let attempt = 0; attempt < 3; attempt++) expect(await limits.consume("login", "203.0.113.1", "a@example.com")).toBeNull();
    const wait = await limits.consume("login", "203.0.113.1", "a@example.com");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it("limits per email across addresses", async () => {
    const limits = createAuthRateLimits(3);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await limits.consume("login", `198.51.100.${attempt}`, "target@example.com")).toBeNull();
    }
    expect(await limits.consume("login", "198.51.100.99", "TARGET@example.com")).not.toBeNull();
  });

  it("limits per address across emails, and keeps actions apart", async () => {
    const limits = createAuthRateLimits(2);
    expect(await limits.consume("signup", "192.0.2.7", "one@example.com")).toBeNull();
    expect(await limits.consume("signup", "192.0.2.7", "two@example.com")).toBeNull();
    expect(await limits.consume("signup", "192.0.2.7", "three@example.com")).not.toBeNull();
    expect(await limits.consume("password-reset", "192.0.2.7", "one@example.com")).toBeNull();
  });
});
