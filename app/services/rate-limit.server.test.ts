import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { limitAuthAttempt } from "./rate-limit.server";

const contextFor = (clientIp: string, perMinute: number) =>
  ({ clientIp, limits: { authAttemptsPerMinute: perMinute } }) as unknown as AppLoadContext;

describe("limitAuthAttempt", () => {
  it("lets the allowed attempts through, then asks to wait up to a minute", async () => {
    const context = contextFor("203.0.113.1", 3);
    for (let attempt = 0; attempt < 3; attempt++) expect(await limitAuthAttempt(context, "login", "a@example.com")).toBeNull();
    const wait = await limitAuthAttempt(context, "login", "a@example.com");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it("limits per email across addresses", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await limitAuthAttempt(contextFor(`198.51.100.${attempt}`, 3), "login", "target@example.com")).toBeNull();
    }
    expect(await limitAuthAttempt(contextFor("198.51.100.99", 3), "login", "TARGET@example.com")).not.toBeNull();
  });

  it("limits per address across emails, and keeps actions apart", async () => {
    const context = contextFor("192.0.2.7", 2);
    expect(await limitAuthAttempt(context, "signup", "one@example.com")).toBeNull();
    expect(await limitAuthAttempt(context, "signup", "two@example.com")).toBeNull();
    expect(await limitAuthAttempt(context, "signup", "three@example.com")).not.toBeNull();
    expect(await limitAuthAttempt(context, "password-reset", "one@example.com")).toBeNull();
  });
});
