import { parseCookieHeader } from "@supabase/ssr";
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { sessionCookieName } from "./supabase.server";

/** How access tokens are checked without asking the auth server: the project's JWT secret (HS256), or its published signing keys. */
export type AccessTokenKey = { secret: string } | { jwksUrl: string };

export interface SessionUserIds {
  /** The signed-in user's id from the request's session cookie, or null; never a network call per request. */
  of(cookieHeader: string | undefined): Promise<string | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the user id from the session cookie that @supabase/ssr writes (`sb-<ref>-auth-token`,
 * possibly split into `.0`, `.1`… chunks, possibly `base64-` encoded) by verifying its access token
 * locally: signature and expiry with the JWT secret, or with the project's signing keys (fetched
 * once and cached by jose). An expired, forged or unreadable token counts as no user.
 */
export function createSessionUserIds({ supabaseUrl, key }: { supabaseUrl: string; key: AccessTokenKey }): SessionUserIds {
  const cookieName = sessionCookieName(supabaseUrl);
  const verifyKey: Uint8Array | JWTVerifyGetKey = "secret" in key ? new TextEncoder().encode(key.secret) : createRemoteJWKSet(new URL(key.jwksUrl));

  return {
    async of(cookieHeader) {
      if (!cookieHeader || !cookieHeader.includes(cookieName)) return null;
      const token = accessTokenOf(sessionCookieValue(cookieHeader, cookieName));
      if (!token) return null;
      try {
        const { payload } =
          verifyKey instanceof Uint8Array
            ? await jwtVerify(token, verifyKey, { algorithms: ["HS256"] })
            : await jwtVerify(token, verifyKey, { algorithms: ["RS256", "ES256"] });
        return payload.role === "authenticated" && typeof payload.sub === "string" && UUID.test(payload.sub) ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

/** The session cookie's value, its chunks joined in order. */
function sessionCookieValue(cookieHeader: string, name: string): string | null {
  const cookies = new Map(parseCookieHeader(cookieHeader).map(({ name, value }) => [name, value ?? ""]));
  const whole = cookies.get(name);
  if (whole) return whole;
  let joined = "";
  for (let chunk = 0; cookies.has(`${name}.${chunk}`); chunk++) joined += cookies.get(`${name}.${chunk}`);
  return joined || null;
}

function accessTokenOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const json = value.startsWith("base64-") ? Buffer.from(value.slice("base64-".length), "base64url").toString("utf8") : value;
    const session = JSON.parse(json) as { access_token?: unknown };
    return typeof session.access_token === "string" ? session.access_token : null;
  } catch {
    return null;
  }
}
