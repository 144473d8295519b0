import { parseCookieHeader } from "@supabase/ssr";
import type { AccessTokenCheck } from "./access-tokens.server";
import { sessionCookieName } from "./supabase.server";

export interface SessionUserIds {
  /** The signed-in user's id from the request's session cookie, or null; never a network call per request. */
  of(cookieHeader: string | undefined): Promise<string | null>;
}

/**
 * Reads the user id from the session cookie that @supabase/ssr writes (`sb-<ref>-auth-token`,
 * possibly split into `.0`, `.1`… chunks, possibly `base64-` encoded) by checking its access token
 * locally. An expired, forged or unreadable token counts as no user.
 */
export function createSessionUserIds({ supabaseUrl, checkAccessToken }: { supabaseUrl: string; checkAccessToken: AccessTokenCheck }): SessionUserIds {
  const cookieName = sessionCookieName(supabaseUrl);

  return {
    async of(cookieHeader) {
      if (!cookieHeader || !cookieHeader.includes(cookieName)) return null;
      const token = accessTokenOf(sessionCookieValue(cookieHeader, cookieName));
      if (!token) return null;
      // A token no key here can check counts as no user: a beacon never waits on the auth server.
      const verdict = await checkAccessToken(token);
      return verdict.kind === "user" ? verdict.user.id : null;
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
