import { afterAll, beforeAll, expect, it } from "vitest";
import { signJwt, startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { signIn, startTestApp, type TestApp, type Visitor } from "./support/app-client.ts";

// A signed-in request trusts its session's access token once the token's signature and expiry are
// checked here, with no call to the auth server; a token about to expire is refreshed first.

let backend: TestBackend;
let app: TestApp;
/** The auth server's paths the app asked for, in order. */
const authCalls: string[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
  const counting: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith("/auth/v1/")) authCalls.push(url.pathname);
    return backend.fetch(input, init);
  };
  app = await startTestApp(backend, { supabase: { url: backend.url, anonKey: backend.anonKey, fetch: counting } });
});
afterAll(async () => {
  await backend?.close();
});

interface StoredSession {
  access_token: string;
  expires_at: number;
  [field: string]: unknown;
}

/** The session @supabase/ssr keeps in the visitor's cookie (`base64-` JSON, whole or in chunks). */
function sessionOf(visitor: Visitor): StoredSession {
  const name = app.services.sessionCookieName;
  const cookies = visitor.cookies();
  let value = cookies.get(name) ?? "";
  for (let chunk = 0; cookies.has(`${name}.${chunk}`); chunk++) value += cookies.get(`${name}.${chunk}`);
  return JSON.parse(Buffer.from(decodeURIComponent(value).slice("base64-".length), "base64url").toString("utf8")) as StoredSession;
}

/** A document request carrying `session` as the only session cookie, as a browser holding it would send. */
function pageWithSession(path: string, session: StoredSession): Request {
  const value = `base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
  return new Request(new URL(path, TEST_PUBLIC_URL), { headers: { Cookie: `${app.services.sessionCookieName}=${value}` } });
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;

it("shows a signed-in page without asking the auth server who the visitor is", async () => {
  const { visitor, user } = await signIn(app, "customer", { label: "local-check", fullName: "Lena Local" });
  authCalls.length = 0;
  const page = await visitor.get("/dashboard");
  expect(page.status).toBe(200);
  expect(page.text).toContain("Lena Local");
  expect(page.text).toContain(user.email);
  expect(authCalls).toEqual([]);
});

it("treats a token signed with another key, or expired, as no session", async () => {
  const { visitor } = await signIn(app, "customer", { label: "forged-check" });
  const session = sessionOf(visitor);
  const claims = claimsOf(session.access_token);
  const now = Math.floor(Date.now() / 1000);
  const forged = await signJwt({ ...claims, iat: now, exp: now + 3600 }, "not-the-project-secret-but-long-enough");
  const expired = await signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, backend.emulator!.config.jwtSecret);

  const forgedAnswer = await app.handle(pageWithSession("/dashboard", { ...session, access_token: forged }));
  expect(forgedAnswer.status).toBe(302);
  expect(forgedAnswer.headers.get("Location")).toBe("/?auth=login&redirectTo=%2Fdashboard");

  // The cookie says the token is still good for an hour, so it is not refreshed: its own expiry decides.
  const expiredAnswer = await app.handle(pageWithSession("/dashboard", { ...session, access_token: expired, expires_at: now + 3600 }));
  expect(expiredAnswer.status).toBe(302);
  expect(expiredAnswer.headers.get("Location")).toBe("/?auth=login&redirectTo=%2Fdashboard");
});

it("ends a session ended elsewhere at once, although its token is still signed and unexpired", async () => {
  const { visitor, user } = await signIn(app, "customer", { label: "ended-check" });
  expect((await visitor.get("/dashboard")).status).toBe(200);
  // As signing out everywhere, or a password reset from another device, leaves it.
  await backend.sql("delete from auth.sessions where user_id = $1", [user.id]);
  const page = await visitor.get("/dashboard");
  expect(page.status).toBe(302);
  expect(page.location).toBe("/?auth=login&redirectTo=%2Fdashboard");
});

it("refreshes a token about to expire once, and sends the new session with the page", async () => {
  const { visitor } = await signIn(app, "customer", { label: "refresh-check", fullName: "Rita Refresh" });
  const session = sessionOf(visitor);
  authCalls.length = 0;
  const answer = await app.handle(pageWithSession("/dashboard", { ...session, expires_at: Math.floor(Date.now() / 1000) + 30 }));
  expect(answer.status).toBe(200);
  expect(await answer.text()).toContain("Rita Refresh");
  expect(authCalls).toEqual(["/auth/v1/token"]);
  const renewed = answer.headers.getSetCookie().filter((cookie) => cookie.startsWith(app.services.sessionCookieName));
  expect(renewed.length).toBeGreaterThan(0);
});

it("asks the auth server about a token no key here can check: a project's legacy secret the server was not given", async () => {
  // Only published signing keys are known, and the emulator signs with its secret (HS256).
  const withoutSecret = await startTestApp(backend, {
    supabase: app.options.supabase,
    accessTokenKey: { jwksUrl: `${backend.url}/auth/v1/.well-known/jwks.json` },
  });
  const { visitor } = await signIn(withoutSecret, "customer", { label: "no-key-check", fullName: "Nora Nokey" });
  authCalls.length = 0;
  const page = await visitor.get("/dashboard");
  expect(page.status).toBe(200);
  expect(page.text).toContain("Nora Nokey");
  expect(authCalls).toEqual(["/auth/v1/user"]);
});
