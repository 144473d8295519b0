import { createAuthService } from "./auth/service.ts";
import { resolveConfig, type EmulatorConfig, type EmulatorOptions } from "./config.ts";
import { openDatabase, type EmulatorDatabase } from "./database.ts";
import { createApiKeys } from "./jwt.ts";
import { createOutbox, type Outbox } from "./outbox.ts";
import { createRestService } from "./rest/service.ts";
import type { Service, ServiceDeps } from "./service.ts";
import { createStorageService } from "./storage/service.ts";

export type { AuthRateLimits, EmulatorConfig, EmulatorOptions, RateLimit } from "./config.ts";
export { GOTRUE_AUTH_RATE_LIMITS, LIFTED_AUTH_RATE_LIMITS } from "./config.ts";
export { GOTRUE_PASSWORD_HASH_COST, MIN_PASSWORD_HASH_COST } from "./auth/passwords.ts";
export type { EmulatorDatabase, RequestClaims, RequestContext } from "./database.ts";
export type { Outbox, OutboxEmail } from "./outbox.ts";
export { AUTH_EMAIL_SUBJECTS, authEmailContent } from "./auth-email.ts";
/** The anon and service_role keys of a JWT secret, as the emulator (and the Supabase CLI) derive them. */
export { createApiKeys } from "./jwt.ts";
/** The settings the embedded Supabase takes from the Supabase CLI's project file (supabase/config.toml). */
export { CliConfigError, readCliProjectSettings, type CliProjectSettings } from "./cli-config.ts";

export interface SupabaseEmulator {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The settings in force, defaults filled in. */
  config: EmulatorConfig;
  /** Handles /auth/v1/*, /rest/v1/*, /storage/v1/*; anything else 404. Also answers CORS preflight. */
  handle(request: Request): Promise<Response>;
  /** A fetch function for supabase-js (`global.fetch`) that calls handle() in-process. */
  fetch: typeof fetch;
  /** Emails "sent" (recovery links), newest last. */
  outbox: Outbox;
  /** The database: superuser SQL and request transactions, for tests and benchmarks. */
  db: EmulatorDatabase;
  close(): Promise<void>;
}

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "Content-Range, X-Supabase-Api-Version, Content-Profile, Preference-Applied",
};

export async function createSupabaseEmulator(options: EmulatorOptions): Promise<SupabaseEmulator> {
  const config = resolveConfig(options);
  const db = await openDatabase(config);
  const { anonKey, serviceRoleKey } = await createApiKeys(config.jwtSecret);
  const deps: ServiceDeps = { db, config, outbox: createOutbox() };
  const services: Array<[prefix: string, service: Service]> = [
    ["/auth/v1", createAuthService(deps)],
    ["/rest/v1", createRestService(deps)],
    ["/storage/v1", createStorageService(deps)],
  ];

  async function handle(request: Request): Promise<Response> {
    if (request.method === "OPTIONS") return preflight(request);
    const url = new URL(request.url);
    const { pathname } = url;
    const found = services.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
    if (!found) {
      return withCors(Response.json({ message: "no Route matched with those values" }, { status: 404 }));
    }
    const refusal = checkApiKey(request, url, [anonKey, serviceRoleKey]);
    if (refusal) return withCors(refusal);
    const [prefix, serve] = found;
    try {
      return withCors(await serve(request, pathname.slice(prefix.length) || "/"));
    } catch (error) {
      console.error(`Supabase emulator: ${request.method} ${pathname} failed`, error);
      return withCors(Response.json({ message: "An unexpected error occurred" }, { status: 500 }));
    }
  }

  const inProcessFetch: typeof fetch = async (input, init) => handle(toRequest(input, init));

  return {
    url: config.url,
    anonKey,
    serviceRoleKey,
    config,
    handle,
    fetch: inProcessFetch,
    outbox: deps.outbox,
    db,
    close: () => db.close(),
  };
}

/** Public and signed file URLs are opened by browsers (img tags) and carry no key, as on Supabase. */
const KEYLESS_PATHS = /^\/storage\/v1\/object\/(public|sign)\//;

/**
 * Supabase's API gateway answers 401 before any service sees a request without one of the project's
 * API keys (header or ?apikey=). Without this, anyone who can reach the port could skip the app's
 * own limits and talk to auth and the database directly.
 */
function checkApiKey(request: Request, url: URL, validKeys: string[]): Response | null {
  if ((request.method === "GET" || request.method === "HEAD") && KEYLESS_PATHS.test(url.pathname)) return null;
  const key = request.headers.get("apikey") ?? url.searchParams.get("apikey");
  if (!key) {
    return Response.json({ message: "No API key found in request", hint: "No `apikey` request header or url param was found." }, { status: 401 });
  }
  if (!validKeys.includes(key)) {
    return Response.json({ message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." }, { status: 401 });
  }
  return null;
}

function preflight(request: Request): Response {
  return new Response(null, {
    status: 200,
    headers: {
      ...CORS_HEADERS,
      "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
      "access-control-allow-headers":
        request.headers.get("access-control-request-headers") ??
        "authorization, x-client-info, apikey, content-type, prefer, range, x-upsert, x-supabase-api-version",
      "access-control-max-age": "3600",
    },
  });
}

/** Copies the response so headers can be added even when the service's headers are immutable. */
function withCors(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(CORS_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Builds a Request the way fetch would; a streamed body needs duplex "half" in Node's Request. */
function toRequest(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]): Request {
  if (init?.body instanceof ReadableStream) {
    return new Request(input, { ...init, duplex: "half" } as RequestInit);
  }
  return new Request(input, init);
}
