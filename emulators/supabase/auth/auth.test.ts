import { AuthApiError, AuthSessionMissingError, AuthWeakPasswordError, type Session } from "@supabase/supabase-js";
import { SignJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../testing/index.ts";

// Contract tests of /auth/v1 through the real supabase-js client. What they assert is what GoTrue does,
// so they also pass against a hosted project (SUPABASE_TEST_URL and keys).

let backend: TestBackend;
const PASSWORD = "correct-horse-42";

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});

async function signUpUser(data: Record<string, unknown> = {}): Promise<{ email: string; session: Session }> {
  const email = uniqueEmail("auth");
  const { data: result, error } = await backend.createClient().auth.signUp({ email, password: PASSWORD, options: { data } });
  if (error || !result.session) throw error ?? new Error("sign-up returned no session");
  return { email, session: result.session };
}

async function signIn(email: string, password = PASSWORD): Promise<Session> {
  const { data, error } = await backend.createClient().auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data.session;
}

/** A raw call to /auth/v1, for what supabase-js cannot send (bad JSON, no bearer token, odd scopes). */
function rawAuthRequest(path: string, init: { method?: string; body?: string; bearer?: string; versioned?: boolean } = {}) {
  const headers: Record<string, string> = { apikey: backend.anonKey, "content-type": "application/json" };
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  if (init.versioned ?? true) headers["x-supabase-api-version"] = "2024-01-01";
  return backend.fetch(`${backend.url}/auth/v1${path}`, { method: init.method ?? "POST", headers, body: init.body });
}

/** Lets revoked refresh tokens age past the 10 s reuse window. */
async function ageRefreshTokensPastReuseWindow(): Promise<void> {
  if (usingHostedBackend) {
    await new Promise((resolve) => setTimeout(resolve, 11_000));
  } else {
    await backend.sql("update auth.refresh_tokens set updated_at = updated_at - interval '1 minute'");
  }
}

describe("sign-up", () => {
  it("confirms the user, signs them in and keeps the sign-up data as user_metadata", async () => {
    const email = uniqueEmail("Signup");
    const { data, error } = await backend.createClient().auth.signUp({ email, password: PASSWORD, options: { data: { full_name: "Ann Smith" } } });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(session).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    expect(session?.refresh_token).toEqual(expect.any(String));
    expect(user).toMatchObject({
      aud: "authenticated",
      role: "authenticated",
      email: email.toLowerCase(),
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { full_name: "Ann Smith", email_verified: true },
      is_anonymous: false,
    });
    expect(user?.email_confirmed_at).toEqual(expect.any(String));
    expect(user?.identities?.[0]).toMatchObject({ provider: "email", user_id: user?.id });
  });

  it("issues an HS256 access token with exactly Supabase's claims", async () => {
    const { session } = await signUpUser({ full_name: "Claims Check" });
    const header = JSON.parse(Buffer.from(session.access_token.split(".")[0]!, "base64url").toString());
    expect(header.alg).toBe("HS256");
    const claims = decodeJwt(session.access_token);
    expect(Object.keys(claims).sort()).toEqual(
      ["aal", "amr", "app_metadata", "aud", "email", "exp", "iat", "is_anonymous", "iss", "phone", "role", "session_id", "sub", "user_metadata"].sort(),
    );
    expect(claims).toMatchObject({
      iss: `${backend.url}/auth/v1`,
      sub: session.user.id,
      aud: "authenticated",
      role: "authenticated",
      email: session.user.email,
      phone: "",
      aal: "aal1",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { full_name: "Claims Check" },
      is_anonymous: false,
    });
    expect(claims.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(session.expires_at).toBe(claims.exp);
  });

  it.skipIf(usingHostedBackend)("inserts into auth.users, so the migrations' trigger creates the profile", async () => {
    const { session } = await signUpUser({ full_name: "Trigger Person" });
    const profiles = await backend.sql<{ full_name: string }>("select full_name from public.profiles where user_id = $1", [session.user.id]);
    expect(profiles).toEqual([{ full_name: "Trigger Person" }]);
  });

  it("refuses an email that is already registered, whatever its case (422 user_already_exists)", async () => {
    const { email } = await signUpUser();
    const { data, error } = await backend.createClient().auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: "user_already_exists", message: "User already registered" });
    expect(data.session).toBeNull();
  });

  it("refuses a password under 6 characters with AuthWeakPasswordError", async () => {
    const { error } = await backend.createClient().auth.signUp({ email: uniqueEmail(), password: "abc12" });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({
      status: 422,
      code: "weak_password",
      message: "Password should be at least 6 characters.",
      reasons: ["length"],
    });
  });

  it("refuses a password over 72 bytes (400 validation_failed)", async () => {
    const { error } = await backend.createClient().auth.signUp({ email: uniqueEmail(), password: "é".repeat(37) });
    expect(error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Password cannot be longer than 72 characters",
    });
  });

  it("refuses a malformed email address (400 validation_failed)", async () => {
    const { error } = await backend.createClient().auth.signUp({ email: "not-an-email", password: PASSWORD });
    expect(error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Unable to validate email address: invalid format",
    });
  });
});

describe("request format", () => {
  it("answers unparsable JSON with 400 bad_json and the API version header", async () => {
    const { session } = await signUpUser();
    const requests = [
      { path: "/signup" },
      { path: "/token?grant_type=password" },
      { path: "/token?grant_type=refresh_token" },
      { path: "/recover" },
      { path: "/verify" },
      { path: "/user", method: "PUT", bearer: session.access_token },
      { path: "/admin/users", bearer: backend.serviceRoleKey },
    ];
    for (const { path, method, bearer } of requests) {
      const response = await rawAuthRequest(path, { method, bearer, body: "{not json" });
      expect(response.status).toBe(400);
      expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
      const body = await response.json();
      expect(body.code).toBe("bad_json");
      expect(body.message).toMatch(/^Could not parse request body as JSON: /);
    }
  });

  it("answers a field of the wrong type with 400 bad_json", async () => {
    const response = await rawAuthRequest("/signup", { body: JSON.stringify({ email: 42, password: PASSWORD }) });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("bad_json");
  });

  it("uses the legacy error body for clients that send no API version", async () => {
    const response = await rawAuthRequest("/token?grant_type=password", {
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD }),
      versioned: false,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-supabase-api-version")).toBeNull();
    expect(await response.json()).toMatchObject({ code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" });
  });
});

describe("password sign-in", () => {
  it("returns a session for the right password", async () => {
    const { email, session: first } = await signUpUser();
    const session = await signIn(email);
    expect(session.user.id).toBe(first.user.id);
    expect(decodeJwt(session.access_token).session_id).not.toBe(decodeJwt(first.access_token).session_id);
  });

  it("refuses a wrong password and an unknown email alike (400 invalid_credentials)", async () => {
    const { email } = await signUpUser();
    for (const credentials of [
      { email, password: "wrong-password" },
      { email: uniqueEmail("nobody"), password: PASSWORD },
    ]) {
      const { data, error } = await backend.createClient().auth.signInWithPassword(credentials);
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
      expect(data.session).toBeNull();
    }
  });
});

describe("refresh tokens", () => {
  it("rotate: each refresh returns a new refresh token in the same session", async () => {
    const { session } = await signUpUser();
    const { data, error } = await backend.createClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
  });

  it("hand back the active token when its parent is presented again (a lost response)", async () => {
    const { session } = await signUpUser();
    const client = backend.createClient();
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    const again = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(first.data.session?.refresh_token);
  });

  it("reused after the 10 s window: 400 refresh_token_already_used and the whole family is revoked", async () => {
    const { session } = await signUpUser();
    const client = backend.createClient();
    const second = (await client.auth.refreshSession({ refresh_token: session.refresh_token })).data.session!;
    const third = (await client.auth.refreshSession({ refresh_token: second.refresh_token })).data.session!;
    await ageRefreshTokensPastReuseWindow();

    const reuse = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toMatchObject({ status: 400, code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used" });

    const latest = await client.auth.refreshSession({ refresh_token: third.refresh_token });
    expect(latest.error).toMatchObject({ status: 400, code: "refresh_token_already_used" });
  });

  it("are unknown after logout (400 refresh_token_not_found)", async () => {
    const { session } = await signUpUser();
    const client = backend.createClient();
    await client.auth.setSession(session);
    expect((await client.auth.signOut()).error).toBeNull();
    const { error } = await backend.createClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toMatchObject({
      status: 400,
      code: "refresh_token_not_found",
      message: "Invalid Refresh Token: Refresh Token Not Found",
    });
  });
});

describe("logout", () => {
  it("answers 204 and ends every session of the user by default (global)", async () => {
    const { email, session: first } = await signUpUser();
    const second = await signIn(email);
    const response = await rawAuthRequest("/logout", { bearer: first.access_token });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    for (const session of [first, second]) {
      const { error } = await backend.createClient().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(error?.code).toBe("refresh_token_not_found");
    }
  });

  it("with scope local ends only the current session", async () => {
    const { email, session: current } = await signUpUser();
    const other = await signIn(email);
    expect((await backend.createClient().auth.admin.signOut(current.access_token, "local")).error).toBeNull();
    const client = backend.createClient();
    expect((await client.auth.refreshSession({ refresh_token: current.refresh_token })).error?.code).toBe("refresh_token_not_found");
    expect((await client.auth.refreshSession({ refresh_token: other.refresh_token })).error).toBeNull();
  });

  it("with scope others keeps only the current session", async () => {
    const { email, session: current } = await signUpUser();
    const other = await signIn(email);
    expect((await backend.createClient().auth.admin.signOut(current.access_token, "others")).error).toBeNull();
    const client = backend.createClient();
    expect((await client.auth.refreshSession({ refresh_token: other.refresh_token })).error?.code).toBe("refresh_token_not_found");
    expect((await client.auth.refreshSession({ refresh_token: current.refresh_token })).error).toBeNull();
  });

  it("refuses an unknown scope (400 validation_failed)", async () => {
    const { session } = await signUpUser();
    const response = await rawAuthRequest("/logout?scope=everywhere", { bearer: session.access_token });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "validation_failed", message: 'Unsupported logout scope "everywhere"' });
  });

  it("leaves the access token naming a session that no longer exists (403 session_not_found)", async () => {
    const { session } = await signUpUser();
    await backend.createClient().auth.admin.signOut(session.access_token);
    const { data, error } = await backend.createClient().auth.getUser(session.access_token);
    expect(data.user).toBeNull();
    expect(error).toBeInstanceOf(AuthSessionMissingError);
    const response = await rawAuthRequest("/user", { method: "GET", bearer: session.access_token });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: "session_not_found",
      message: "Session from session_id claim in JWT does not exist",
    });
  });
});

describe("GET /user", () => {
  it("returns the user of the access token", async () => {
    const { email, session } = await signUpUser({ full_name: "Reader" });
    const { data, error } = await backend.createClient().auth.getUser(session.access_token);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: session.user.id, email, user_metadata: { full_name: "Reader" } });
  });

  it("requires a bearer token (401 no_authorization)", async () => {
    const response = await rawAuthRequest("/user", { method: "GET" });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe("no_authorization");
  });

  it("refuses the anon key and forged tokens (403 bad_jwt)", async () => {
    const forged = await new SignJWT({ sub: crypto.randomUUID(), role: "authenticated", aud: "authenticated" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-the-project-secret-not-the-project-secret"));
    for (const token of [backend.anonKey, forged]) {
      const { error } = await backend.createClient().auth.getUser(token);
      expect(error).toMatchObject({ status: 403, code: "bad_jwt" });
    }
  });

  it.skipIf(usingHostedBackend)("refuses an expired access token (403 bad_jwt)", async () => {
    const { session } = await signUpUser();
    const claims = decodeJwt(session.access_token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(backend.emulator!.config.jwtSecret));
    const { error } = await backend.createClient().auth.getUser(expired);
    expect(error).toMatchObject({ status: 403, code: "bad_jwt" });
    expect(error?.message).toMatch(/^invalid JWT: .*token is expired/);
  });
});

describe("PUT /user", () => {
  it("merges data key by key; null deletes a key", async () => {
    const { session } = await signUpUser({ full_name: "Old Name", phone: "555-0100", city: "Austin" });
    const client = backend.createClient();
    await client.auth.setSession(session);
    const { data, error } = await client.auth.updateUser({ data: { full_name: "New Name", city: null } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: "New Name", phone: "555-0100" });
    expect(data.user?.user_metadata).not.toHaveProperty("city");
  });

  it("changes the password and ends the user's other sessions, not the current one", async () => {
    const { email, session } = await signUpUser();
    const other = await signIn(email);
    const client = backend.createClient();
    await client.auth.setSession(session);
    expect((await client.auth.updateUser({ password: "a-brand-new-secret" })).error).toBeNull();

    const refresher = backend.createClient();
    expect((await refresher.auth.refreshSession({ refresh_token: other.refresh_token })).error?.code).toBe("refresh_token_not_found");
    expect((await client.auth.getUser()).error).toBeNull();
    await expect(signIn(email)).rejects.toMatchObject({ code: "invalid_credentials" });
    expect((await signIn(email, "a-brand-new-secret")).user.email).toBe(email);
  });

  it("refuses the current password as the new one (422 same_password) and weak passwords", async () => {
    const { session } = await signUpUser();
    const client = backend.createClient();
    await client.auth.setSession(session);
    expect((await client.auth.updateUser({ password: PASSWORD })).error).toMatchObject({ status: 422, code: "same_password" });
    expect((await client.auth.updateUser({ password: "123" })).error).toBeInstanceOf(AuthWeakPasswordError);
  });
});
