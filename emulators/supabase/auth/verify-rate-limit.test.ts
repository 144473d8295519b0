import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../testing/index.ts";

// POST /verify checks a recovery link (token_hash) or six-digit code. Without a limit the 10^6 codes behind
// an email could be tried within the hour a code lives. As on hosted Supabase, each client address gets
// 30 verifications per 5 minutes; failed verifications are capped per address and per email the code was
// tried for (a link matching no email counts for its address only), never for all callers together: a
// few addresses must not stop everyone's genuine links. These tests lower the limits, except the last.

const UNKNOWN_TOKEN_HASH = "0".repeat(56);

/** POST /auth/v1/verify as a browser behind the gateway would send it (legacy error shape: no API version). */
function verify(backend: TestBackend, body: Record<string, string>, forwardedFor?: string): Promise<Response> {
  return backend.fetch(`${backend.url}/auth/v1/verify`, {
    method: "POST",
    headers: {
      apikey: backend.anonKey,
      "content-type": "application/json",
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    body: JSON.stringify(body),
  });
}

const guess = (backend: TestBackend, forwardedFor?: string) => verify(backend, { type: "recovery", token_hash: UNKNOWN_TOKEN_HASH }, forwardedFor);

const RATE_LIMITED = { code: 429, error_code: "over_request_rate_limit", msg: "Request rate limit reached" };

/** A user with a fresh recovery email; returns its token_hash. */
async function recoveryLinkFor(backend: TestBackend): Promise<string> {
  const email = uniqueEmail("verify-limit");
  await backend.adminCreateUser(email, "correct-horse-42");
  await backend.createClient().auth.resetPasswordForEmail(email);
  const sent = backend.readOutbox().findLast((message) => message.to === email);
  if (!sent) throw new Error(`no email was sent to ${email}`);
  return sent.tokenHash;
}

describe.skipIf(usingHostedBackend)("rate limits of POST /verify", () => {
  let perAddress: TestBackend;
  let failures: TestBackend;
  let defaults: TestBackend;

  beforeAll(async () => {
    const generous = { limit: 1000, windowSeconds: 300 };
    [perAddress, failures, defaults] = await Promise.all([
      startTestBackend({ verifyRateLimits: { perAddress: { limit: 3, windowSeconds: 3600 }, failures: generous } }),
      startTestBackend({ verifyRateLimits: { perAddress: generous, failures: { limit: 3, windowSeconds: 3600 } } }),
      startTestBackend(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([perAddress?.close(), failures?.close(), defaults?.close()]);
  });

  it("counts the verifications of each client address, by the first X-Forwarded-For entry", async () => {
    for (let attempt = 0; attempt < 3; attempt++) expect((await guess(perAddress, "203.0.113.7")).status).toBe(403);
    const refused = await guess(perAddress, "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(RATE_LIMITED);
    expect((await guess(perAddress, "203.0.113.7, 10.0.0.2")).status).toBe(429);

    expect((await guess(perAddress, "198.51.100.4")).status).toBe(403);
    expect((await guess(perAddress, "198.51.100.5, 203.0.113.7")).status).toBe(403);
  });

  it("counts calls without X-Forwarded-For (the app's own) as one address", async () => {
    for (let attempt = 0; attempt < 3; attempt++) expect((await guess(perAddress)).status).toBe(403);
    expect((await guess(perAddress)).status).toBe(429);
    const { error } = await perAddress.createClient().auth.verifyOtp({ type: "recovery", token_hash: UNKNOWN_TOKEN_HASH });
    expect(error).toMatchObject({ status: 429, code: "over_request_rate_limit", message: "Request rate limit reached" });
  });

  it("counts failed verifications per address, never of everyone: guesses from three addresses leave another's genuine link working", async () => {
    const tokenHash = await recoveryLinkFor(failures);
    // A verification that succeeds, or is refused for its form, is no guess and does not count.
    expect((await verify(failures, { type: "recovery", token_hash: await recoveryLinkFor(failures) }, "192.0.2.1")).status).toBe(200);
    for (let attempt = 0; attempt < 3; attempt++) expect((await verify(failures, { type: "recovery" }, "192.0.2.1")).status).toBe(400);
    expect((await guess(failures, "192.0.2.1")).status).toBe(403);

    for (const address of ["192.0.2.2", "192.0.2.3", "192.0.2.4"]) {
      for (let attempt = 0; attempt < 3; attempt++) expect((await guess(failures, address)).status).toBe(403);
    }
    const refused = await guess(failures, "192.0.2.2");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(RATE_LIMITED);
    expect((await verify(failures, { type: "recovery", token_hash: tokenHash }, "192.0.2.6")).status).toBe(200);
  });

  it("counts wrong codes tried for an email against that email, from any address", async () => {
    const email = uniqueEmail("verify-code");
    await failures.adminCreateUser(email, "correct-horse-42");
    await failures.createClient().auth.resetPasswordForEmail(email);
    const code = failures.readOutbox().findLast((message) => message.to === email)!.token;
    const wrongCode = code === "000000" ? "000001" : "000000";
    for (const address of ["198.51.100.11", "198.51.100.12", "198.51.100.13"]) {
      expect((await verify(failures, { type: "recovery", email, token: wrongCode }, address)).status).toBe(403);
    }
    expect((await verify(failures, { type: "recovery", email: email.toUpperCase(), token: code }, "198.51.100.14")).status).toBe(429);
    // Another email's codes are not held by it.
    const other = uniqueEmail("verify-code-other");
    await failures.adminCreateUser(other, "correct-horse-42");
    await failures.createClient().auth.resetPasswordForEmail(other);
    const otherCode = failures.readOutbox().findLast((message) => message.to === other)!.token;
    expect((await verify(failures, { type: "recovery", email: other, token: otherCode }, "198.51.100.14")).status).toBe(200);
  });

  it("by default allows each address a burst of 30 failed verifications, then refuses it alone", async () => {
    for (let attempt = 0; attempt < 30; attempt++) expect((await guess(defaults, "203.0.113.1")).status).toBe(403);
    expect((await guess(defaults, "203.0.113.1")).status).toBe(429);
    for (let attempt = 0; attempt < 30; attempt++) expect((await guess(defaults, "203.0.113.2")).status).toBe(403);
    expect((await guess(defaults, "203.0.113.3")).status).toBe(403);
  });
});
