import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../testing/index.ts";

// GoTrue limits token refreshes and sign-ins (POST /token: 150 per 5 minutes per client address, in
// bursts of 30; the emulator keeps the two grants in separate buckets), sign-ups (POST /signup: 30 per
// 5 minutes), recovery emails (POST /recover: 30 per 5 minutes) and resent confirmations (POST /resend:
// 30 per 5 minutes), answering 429 over_request_rate_limit. Test backends lift these limits (suites sign in
// many users from one address); these tests set small ones (GoTrue's own are checked in rate-limit.test.ts).

const PASSWORD = "correct-horse-42";
const RATE_LIMITED = { code: 429, error_code: "over_request_rate_limit", msg: "Request rate limit reached" };

/** POST /auth/v1/<path> as a browser behind the gateway sends it (legacy error shape: no API version). */
function post(backend: TestBackend, path: string, body: Record<string, unknown>, forwardedFor?: string): Promise<Response> {
  return backend.fetch(`${backend.url}/auth/v1/${path}`, {
    method: "POST",
    headers: { apikey: backend.anonKey, "content-type": "application/json", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    body: JSON.stringify(body),
  });
}

describe.skipIf(usingHostedBackend)("rate limits of POST /token, /signup, /recover and /resend", () => {
  let small: TestBackend;

  beforeAll(async () => {
    const three = { limit: 3, windowSeconds: 3600 };
    small = await startTestBackend({ authRateLimits: { tokenRefresh: three, signIn: three, signup: three, recover: three, resend: three } });
  });
  afterAll(async () => {
    await small?.close();
  });

  it("counts token requests at once from one address, refused ones too, then answers 429", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => post(small, "token?grant_type=refresh_token", { refresh_token: "not-a-real-refresh-token" }, "203.0.113.9")),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([400, 400, 400, 429, 429]);
    expect(await attempts.find((response) => response.status === 429)!.json()).toEqual(RATE_LIMITED);
    // Another address is not held back.
    const email = uniqueEmail("token-limit");
    await small.adminCreateUser(email, PASSWORD);
    expect((await post(small, "token?grant_type=password", { email, password: PASSWORD }, "198.51.100.9")).status).toBe(200);
  });

  it("gives refreshes a budget of their own: failed sign-ins of an address leave its sessions refreshing", async () => {
    const email = uniqueEmail("refresh-limit");
    await small.adminCreateUser(email, PASSWORD);
    const signedIn = await post(small, "token?grant_type=password", { email, password: PASSWORD }, "203.0.113.12");
    expect(signedIn.status).toBe(200);
    const { refresh_token: refreshToken } = (await signedIn.json()) as { refresh_token: string };
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await post(small, "token?grant_type=password", { email, password: "wrong-horse-42" }, "203.0.113.12")).status).toBe(400);
    }
    const limited = await post(small, "token?grant_type=password", { email, password: PASSWORD }, "203.0.113.12");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(RATE_LIMITED);

    const refreshed = await post(small, "token?grant_type=refresh_token", { refresh_token: refreshToken }, "203.0.113.12");
    expect(refreshed.status).toBe(200);
  });

  it("counts a server's calls by the Sb-Forwarded-For address it names, and answers supabase-js as GoTrue does", async () => {
    const email = uniqueEmail("forwarded-limit");
    await small.adminCreateUser(email, PASSWORD);
    const forClient = (address: string) =>
      createClient(small.url, small.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { fetch: small.fetch, headers: { "sb-forwarded-for": address } },
      }).auth.signInWithPassword({ email, password: PASSWORD });
    for (let attempt = 0; attempt < 3; attempt++) expect((await forClient("192.0.2.60")).error).toBeNull();
    expect((await forClient("192.0.2.60")).error).toMatchObject({ status: 429, code: "over_request_rate_limit", message: "Request rate limit reached" });
    expect((await forClient("192.0.2.61")).error).toBeNull();
  });

  it("limits sign-ups per address", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await post(small, "signup", { email: uniqueEmail("signup-limit"), password: PASSWORD }, "203.0.113.20")).status).toBe(200);
    }
    const address = uniqueEmail("signup-limit");
    const refused = await post(small, "signup", { email: address, password: PASSWORD }, "203.0.113.20");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(RATE_LIMITED);
    expect(await small.sql("select 1 from auth.users where email = $1", [address])).toEqual([]);
    expect((await post(small, "signup", { email: uniqueEmail("signup-limit"), password: PASSWORD }, "203.0.113.21")).status).toBe(200);
  });

  it("limits recovery emails per address, and sends none once refused", async () => {
    const email = uniqueEmail("recover-limit");
    await small.adminCreateUser(email, PASSWORD);
    for (let attempt = 0; attempt < 3; attempt++) expect((await post(small, "recover", { email }, "203.0.113.30")).status).toBe(200);
    const sent = small.readOutbox().filter((message) => message.to === email).length;
    const refused = await post(small, "recover", { email }, "203.0.113.30");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(RATE_LIMITED);
    expect(small.readOutbox().filter((message) => message.to === email)).toHaveLength(sent);
  });

  it("limits resent confirmations per address, unknown addresses' too, and sends none once refused", async () => {
    // Confirmations are off here: an account an admin left unconfirmed still gets the email.
    const unconfirmed = uniqueEmail("resend-limit");
    const { error } = await small.createClient({ key: "service_role" }).auth.admin.createUser({ email: unconfirmed, password: PASSWORD });
    expect(error).toBeNull();
    expect((await post(small, "resend", { type: "signup", email: uniqueEmail("resend-unknown") }, "203.0.113.40")).status).toBe(200);
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await post(small, "resend", { type: "signup", email: unconfirmed }, "203.0.113.40")).status).toBe(200);
    const emailsSent = () => small.readOutbox().filter((message) => message.to === unconfirmed).length;
    expect(emailsSent()).toBe(2);
    const refused = await post(small, "resend", { type: "signup", email: unconfirmed }, "203.0.113.40");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(RATE_LIMITED);
    expect(emailsSent()).toBe(2);
    expect((await post(small, "resend", { type: "signup", email: unconfirmed }, "203.0.113.41")).status).toBe(200);
    expect(emailsSent()).toBe(3);
  });
});
