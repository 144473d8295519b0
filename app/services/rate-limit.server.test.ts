import { describe, expect, it } from "vitest";
import { createAuthRateLimits, createBookingRateLimits, createUploadsInFlight } from "./rate-limit.server";

describe("sign-in limits", () => {
  it("holds one address guessing one account after the allowed attempts", async () => {
    const limits = createAuthRateLimits({ attemptsPerMinute: 3 });
    for (let attempt = 0; attempt < 3; attempt++) expect(await limits.beforeSignIn("203.0.113.1", "a@example.com", false)).toBeNull();
    const wait = await limits.beforeSignIn("203.0.113.1", "A@example.com", false);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it("does not lock the owner out when someone else fails on purpose", async () => {
    const limits = createAuthRateLimits({ attemptsPerMinute: 10 });
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(await limits.beforeSignIn("198.51.100.7", "victim@example.com", false)).toBeNull();
      await limits.signInFailed("victim@example.com");
    }
    expect(await limits.beforeSignIn("198.51.100.7", "victim@example.com", false)).not.toBeNull();
    // The owner, from another address, is not refused: ten failures only start the back-off.
    expect(await limits.beforeSignIn("192.0.2.55", "victim@example.com", false)).toBeNull();
    // Further failures make every browser that never signed in to the account wait, a little longer each time…
    await limits.signInFailed("victim@example.com");
    await limits.signInFailed("victim@example.com");
    const pause = await limits.beforeSignIn("192.0.2.99", "victim@example.com", false);
    expect(pause).toBeGreaterThan(0);
    expect(pause).toBeLessThanOrEqual(60);
    // …but a browser that has signed in to it before is not held.
    expect(await limits.beforeSignIn("192.0.2.55", "victim@example.com", true)).toBeNull();
  });

  it("caps the pause at a minute however many failures", async () => {
    const limits = createAuthRateLimits({ attemptsPerMinute: 1 });
    for (let failure = 0; failure < 40; failure++) await limits.signInFailed("target@example.com");
    const pause = await limits.beforeSignIn("192.0.2.1", "target@example.com", false);
    expect(pause).toBeGreaterThan(30);
    expect(pause).toBeLessThanOrEqual(60);
  });

  it("stops one address sweeping many accounts", async () => {
    const limits = createAuthRateLimits({ attemptsPerMinute: 2 });
    const results = [];
    for (let account = 0; account < 11; account++) results.push(await limits.beforeSignIn("192.0.2.7", `user${account}@example.com`, false));
    expect(results.slice(0, 10).every((wait) => wait === null)).toBe(true);
    expect(results[10]).not.toBeNull();
  });
});

describe("sign-up, reset-link and confirmation-link limits", () => {
  it("limits per address across emails, and keeps the two apart", async () => {
    const limits = createAuthRateLimits({ attemptsPerMinute: 2 });
    expect(await limits.beforeRequest("signup", "192.0.2.7", "one@example.com")).toBeNull();
    expect(await limits.beforeRequest("signup", "192.0.2.7", "two@example.com")).toBeNull();
    expect(await limits.beforeRequest("signup", "192.0.2.7", "three@example.com")).not.toBeNull();
    expect(await limits.beforeRequest("password-reset", "192.0.2.7", "one@example.com")).toBeNull();
  });

  it("limits new confirmation links per address and per email, apart from sign-ups", async () => {
    const limits = createAuthRateLimits({ attemptsPerMinute: 2 });
    expect(await limits.beforeRequest("signup", "192.0.2.8", "new@example.com")).toBeNull();
    expect(await limits.beforeRequest("signup", "192.0.2.8", "new@example.com")).toBeNull();
    expect(await limits.beforeRequest("confirmation-resend", "192.0.2.8", "new@example.com")).toBeNull();
    expect(await limits.beforeRequest("confirmation-resend", "192.0.2.9", "New@example.com")).toBeNull();
    expect(await limits.beforeRequest("confirmation-resend", "192.0.2.10", "new@example.com")).not.toBeNull();
    expect(await limits.beforeRequest("confirmation-resend", "192.0.2.8", "other@example.com")).toBeNull();
    expect(await limits.beforeRequest("confirmation-resend", "192.0.2.8", "third@example.com")).not.toBeNull();
  });
});

describe("recovery token verification", () => {
  it("holds an address once too many of its verifications have failed, and not the others", async () => {
    const limits = createAuthRateLimits({ attemptsPerMinute: 100, verificationFailuresPer10Minutes: 5 });
    for (let attempt = 0; attempt < 5; attempt++) {
      for (const clientIp of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
        expect(await limits.beforeVerification(clientIp)).toBeNull();
        await limits.verificationFailed(clientIp);
      }
    }
    const wait = await limits.beforeVerification("198.51.100.1");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    expect(await limits.beforeVerification("203.0.113.200")).toBeNull();
  });

  it("limits one address", async () => {
    const limits = createAuthRateLimits({ attemptsPerMinute: 2 });
    expect(await limits.beforeVerification("192.0.2.1")).toBeNull();
    expect(await limits.beforeVerification("192.0.2.1")).toBeNull();
    expect(await limits.beforeVerification("192.0.2.1")).not.toBeNull();
  });
});

describe("booking flow limits", () => {
  it("holds one address after its allowance of new drafts, and not another address", async () => {
    const limits = createBookingRateLimits({ actionsPerMinute: 2 });
    expect(await limits.before("draft", "203.0.113.5", null)).toBeNull();
    expect(await limits.before("draft", "203.0.113.5", null)).toBeNull();
    const wait = await limits.before("draft", "203.0.113.5", null);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limits.before("draft", "203.0.113.6", null)).toBeNull();
  });

  it("holds one signed-in user across addresses, and counts each action apart", async () => {
    const limits = createBookingRateLimits({ actionsPerMinute: 2 });
    expect(await limits.before("pay", "203.0.113.7", "user-1")).toBeNull();
    expect(await limits.before("pay", "203.0.113.8", "user-1")).toBeNull();
    expect(await limits.before("pay", "203.0.113.9", "user-1")).not.toBeNull();
    expect(await limits.before("draft", "203.0.113.9", "user-1")).toBeNull();
  });

  it("allows upload posts and photos a multiple of the allowance, counted apart: photos come one a post from the page's script", async () => {
    const limits = createBookingRateLimits({ actionsPerMinute: 2 });
    // Two actions a minute: eight photos and twelve upload posts per user.
    for (let photo = 0; photo < 8; photo++) expect(await limits.before("photo", "203.0.113.10", "user-2")).toBeNull();
    expect(await limits.before("photo", "203.0.113.10", "user-2")).not.toBeNull();
    for (let post = 0; post < 12; post++) expect(await limits.before("upload", "203.0.113.10", "user-2")).toBeNull();
    expect(await limits.before("upload", "203.0.113.10", "user-2")).not.toBeNull();
  });

  it("gives the production allowance room for a full gallery and a booking's photos in a minute", async () => {
    const limits = createBookingRateLimits({ actionsPerMinute: 10 });
    for (let photo = 0; photo < 20 + 10; photo++) expect(await limits.before("photo", "203.0.113.11", "user-3")).toBeNull();
  });
});

describe("uploads in flight", () => {
  it("lets one customer have two uploads at a time, and an address four, until one gives its place back", () => {
    const inFlight = createUploadsInFlight();
    const first = inFlight.enter("203.0.113.20", "user-a");
    expect(first).not.toBeNull();
    expect(inFlight.enter("203.0.113.21", "user-a")).not.toBeNull();
    expect(inFlight.enter("203.0.113.22", "user-a")).toBeNull();
    first!();
    first!();
    expect(inFlight.enter("203.0.113.22", "user-a")).not.toBeNull();
    expect(inFlight.enter("203.0.113.22", "user-a")).toBeNull();

    expect(inFlight.enter("203.0.113.30", "user-b")).not.toBeNull();
    expect(inFlight.enter("203.0.113.30", "user-b")).not.toBeNull();
    expect(inFlight.enter("203.0.113.30", "user-c")).not.toBeNull();
    expect(inFlight.enter("203.0.113.30", "user-c")).not.toBeNull();
    expect(inFlight.enter("203.0.113.30", "user-d")).toBeNull();
  });
});
