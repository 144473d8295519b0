import { createServerClient } from "@supabase/ssr";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../testing/index.ts";

// @supabase/ssr as the app's server uses it: sessions live in cookies, and every request builds a
// client from the request's cookies. Access tokens here live 60 s, inside auth-js's 90 s refresh margin.
let backend: TestBackend;
const PASSWORD = "correct-horse-42";

beforeAll(async () => {
  backend = await startTestBackend({ accessTokenLifetimeSeconds: 60 });
});
afterAll(async () => {
  await backend?.close();
});

type CookieJar = Map<string, string>;

/** One server request's client over a cookie jar standing in for the browser. */
function serverClient(jar: CookieJar) {
  return createServerClient(backend.url, backend.anonKey, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => {
        for (const { name, value, options } of cookies) {
          if (value === "" || options.maxAge === 0) jar.delete(name);
          else jar.set(name, value);
        }
      },
    },
    global: { fetch: backend.fetch },
  });
}

const cookieName = () => `sb-${new URL(backend.url).hostname.split(".")[0]}-auth-token`;

/** The session stored in the auth cookie, joined from its chunks (name.0, name.1, …) when split. */
function sessionInJar(jar: CookieJar): { access_token: string; refresh_token: string } {
  const name = cookieName();
  const chunks = jar.has(name)
    ? [jar.get(name)!]
    : [...jar.keys()]
        .filter((key) => key.startsWith(`${name}.`))
        .sort((a, b) => Number(a.split(".").pop()) - Number(b.split(".").pop()))
        .map((key) => jar.get(key)!);
  const value = chunks.join("");
  expect(value.startsWith("base64-")).toBe(true);
  return JSON.parse(Buffer.from(value.slice("base64-".length), "base64url").toString("utf8"));
}

async function signedInJar(): Promise<{ jar: CookieJar; email: string }> {
  const email = uniqueEmail("ssr");
  const { error } = await backend.createClient().auth.signUp({ email, password: PASSWORD });
  if (error) throw error;
  const jar: CookieJar = new Map();
  const signIn = await serverClient(jar).auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return { jar, email };
}

describe("@supabase/ssr against the auth service", () => {
  it("signInWithPassword stores the session in the sb-<host>-auth-token cookie, base64-encoded", async () => {
    const { jar, email } = await signedInJar();
    const names = [...jar.keys()];
    expect(names.some((name) => name === cookieName() || name.startsWith(`${cookieName()}.`))).toBe(true);
    const session = sessionInJar(jar);
    expect(decodeJwt(session.access_token).email).toBe(email);
    expect(session.refresh_token).toEqual(expect.any(String));
  });

  it("a later request's getUser() works from those cookies alone", async () => {
    const { jar, email } = await signedInJar();
    const { data, error } = await serverClient(jar).auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it.skipIf(usingHostedBackend)("getUser() refreshes a token that expires within 90 s and writes the new cookie", async () => {
    const { jar, email } = await signedInJar();
    const before = sessionInJar(jar);
    const { data, error } = await serverClient(jar).auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    const after = sessionInJar(jar);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(decodeJwt(after.access_token).session_id).toBe(decodeJwt(before.access_token).session_id);

    const rotatedAway = await backend.createClient().auth.refreshSession({ refresh_token: before.refresh_token });
    expect(rotatedAway.data.session?.refresh_token).toBe(after.refresh_token);
  });

  it("signOut() clears the cookie and ends the session", async () => {
    const { jar } = await signedInJar();
    const { refresh_token } = sessionInJar(jar);
    expect((await serverClient(jar).auth.signOut()).error).toBeNull();
    expect([...jar.keys()].filter((name) => name.startsWith(cookieName()))).toEqual([]);
    const { error } = await backend.createClient().auth.refreshSession({ refresh_token });
    expect(error?.code).toBe("refresh_token_not_found");
  });
});
