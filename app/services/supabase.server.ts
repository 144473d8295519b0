import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../../supabase/types";

/** A supabase-js client that knows the schema's tables, columns and functions. */
export type AppSupabaseClient = SupabaseClient<Database>;

/** How this server reaches Supabase: a hosted project, or the embedded emulator through an in-process fetch. */
export interface SupabaseConnection {
  url: string;
  anonKey: string;
  fetch: typeof fetch;
  /**
   * The auth service counts its per-address limits by the client address each server-side call names
   * in `Sb-Forwarded-For` (Supabase's IP address forwarding): the embedded emulator always; a hosted
   * project only with a secret API key and the setting on, so it is off there. Unset: every call the
   * server makes counts against the server's own address.
   */
  forwardClientAddress?: boolean;
}

/** Supabase's header for the end user's address on a call a server makes for them. */
const CLIENT_ADDRESS_HEADER = "sb-forwarded-for";

/**
 * The headers of a server-side client acting for one visitor: their address as the server trusts it
 * (Express's `req.ip` under TRUST_PROXY), never a header the browser wrote.
 */
function clientHeaders(connection: SupabaseConnection, clientIp: string): Record<string, string> {
  return connection.forwardClientAddress ? { [CLIENT_ADDRESS_HEADER]: clientIp } : {};
}

const NO_SESSION = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/**
 * The service-role client: bypasses row level security. Only for work with no signed-in user
 * (webhooks, analytics ingest, guest bookings), never with a user's input as the filter.
 */
export function createServiceRoleClient(connection: SupabaseConnection, serviceRoleKey: string): AppSupabaseClient {
  return createClient<Database>(connection.url, serviceRoleKey, { auth: NO_SESSION, global: { fetch: connection.fetch } });
}

/**
 * An anonymous client that keeps no session: for calls whose session must not become the visitor's
 * (sign-up is followed by the login view, not by a signed-in page).
 */
export function createStatelessAnonClient(connection: SupabaseConnection, clientIp: string): AppSupabaseClient {
  return createClient<Database>(connection.url, connection.anonKey, {
    auth: NO_SESSION,
    global: { fetch: connection.fetch, headers: clientHeaders(connection, clientIp) },
  });
}

/**
 * The visitor's client for one request (@supabase/ssr): the session lives in HttpOnly cookies, and
 * every cookie it writes (sign-in, refresh, sign-out) goes into `responseHeaders`.
 */
/**
 * The cookie @supabase/ssr keeps a session in (split into `.0`, `.1`… when long; the PKCE verifier in
 * `…-code-verifier`): named after the project's reference, the first label of its host.
 */
export function sessionCookieName(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;
}

export function createVisitorClient(
  request: Request,
  connection: SupabaseConnection,
  options: { secureCookies: boolean; responseHeaders: Headers; clientIp: string },
): AppSupabaseClient {
  return createServerClient<Database>(connection.url, connection.anonKey, {
    cookies: {
      getAll: () => parseCookieHeader(request.headers.get("Cookie") ?? "").map(({ name, value }) => ({ name, value: value ?? "" })),
      setAll: (cookiesToSet, headers) => {
        for (const { name, value, options: cookieOptions } of cookiesToSet) {
          queueCookie(options.responseHeaders, name, serializeCookieHeader(name, value, cookieOptions));
        }
        for (const [name, value] of Object.entries(headers)) options.responseHeaders.set(name, value);
      },
    },
    cookieOptions: { httpOnly: true, sameSite: "lax", secure: options.secureCookies, path: "/" },
    global: { fetch: connection.fetch, headers: clientHeaders(connection, options.clientIp) },
  });
}

/**
 * Queues a cookie on the response. A cookie written again during the same request (a session
 * refreshed by several calls of a long request) is sent once, with its last value.
 */
export function queueCookie(headers: Headers, name: string, serialized: string): void {
  const others = headers.getSetCookie().filter((cookie) => cookie.slice(0, cookie.indexOf("=")) !== name);
  headers.delete("Set-Cookie");
  for (const cookie of others) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", serialized);
}
