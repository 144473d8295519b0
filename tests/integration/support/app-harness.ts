import { createClient, type User } from "@supabase/supabase-js";
import { pino, type Logger } from "pino";
import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext, sessionContext, userContext, type Session } from "../../../app/context.ts";
import type { AppRole } from "../../../app/domain/roles.ts";
import { toastSchema, type Toast } from "../../../app/domain/toast.ts";
import { createAppServices, createRequestContext, type AppOptions, type AppServices } from "../../../app/load-context.ts";
import type { AppSupabaseClient } from "../../../app/services/supabase.server.ts";
import { uniqueEmail, type TestBackend } from "../../../emulators/supabase/testing/index.ts";

// What integration tests need to call the app's loaders and actions the way React Router does:
// signed-in customers with their own Supabase client (so row level security applies), the app's
// options against the test backend, and the request context as the server and its middleware leave
// it. Each test keeps its own data and assertions; only this scaffolding is shared.

/** Where the app is reached in tests: request URLs and the links it writes start with it. */
export const TEST_PUBLIC_URL = "http://localhost:3000";
export const TEST_PASSWORD = "Correct-Horse-9";

export interface SignedInCustomer {
  user: User;
  /** Signed in with a password; the session is kept in memory, as the visitor's client keeps it in cookies. */
  client: AppSupabaseClient;
}

/**
 * Creates a confirmed customer named `fullName` and signs them in. `fetch` stands in for the
 * client's network, for tests where the database or storage must fail.
 */
export async function signInCustomer(
  backend: TestBackend,
  label: string,
  fullName = `${label} Customer`,
  { fetch }: { fetch?: typeof globalThis.fetch } = {},
): Promise<SignedInCustomer> {
  const email = uniqueEmail(label);
  await backend.adminCreateUser(email, TEST_PASSWORD, { full_name: fullName });
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetch ?? backend.fetch },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error) throw error;
  return { user: data.user, client: client as unknown as AppSupabaseClient };
}

/** A confirmed user holding a staff role (granted with the service role, as an admin's grant would be), signed in. */
export async function signInStaff(backend: TestBackend, role: AppRole, label: string, fullName: string): Promise<SignedInCustomer> {
  const staff = await signInCustomer(backend, label, fullName);
  const { error } = await backend.createClient({ key: "service_role" }).from("user_roles").insert({ user_id: staff.user.id, role });
  if (error) throw error;
  return staff;
}

/** The options the Express server would hand the app, against the test backend; `overrides` replace whole fields. */
export function testAppOptions(backend: Pick<TestBackend, "url" | "anonKey" | "serviceRoleKey" | "fetch">, overrides: Partial<AppOptions> = {}): AppOptions {
  return {
    publicUrl: TEST_PUBLIC_URL,
    supabase: { url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch },
    serviceRoleKey: backend.serviceRoleKey,
    cookieSecret: "a-cookie-secret-of-at-least-32-characters",
    secureCookies: false,
    authAttemptsPerMinute: 1000,
    bookingActionsPerMinute: 1000,
    // Each test app counts from zero, as a new server's memory did: tests of a limit make their own app.
    // The shared counters are tested in rate-limit-counters.test.ts and two-instances.test.ts.
    rateLimitCounters: "memory",
    stripe: { secretKey: "sk_test_integration", webhookSecret: "whsec_test_integration" },
    ...overrides,
  };
}

interface ContextOptions {
  /** Where the request's logs go; silent unless a test reads them. */
  logger?: Logger;
  /** The services of a running server, for requests that must share them (rate limits); new ones unless given. */
  services?: AppServices;
}

/** The context one request starts with, before the root middleware adds the session. */
export function testRequestContext(options: AppOptions, { logger = pino({ level: "silent" }), services }: ContextOptions = {}): RouterContextProvider {
  return createRequestContext(services ?? createAppServices(options), { logger, cspNonce: "nonce", clientIp: "127.0.0.1" });
}

/** The context after the root middleware: the visitor's session (no user for a guest). */
export function visitorContext(options: AppOptions, session: Pick<Session, "supabase" | "user">, contextOptions: ContextOptions = {}): RouterContextProvider {
  const context = testRequestContext(options, contextOptions);
  context.set(sessionContext, { ...session, roles: async () => new Set() });
  return context;
}

/**
 * The context as the dashboard layout's guard leaves it for this customer. `supabase` replaces the
 * customer's own client, for tests where it must fail or race.
 */
export function signedInContext(
  options: AppOptions,
  who: SignedInCustomer,
  { supabase = who.client, ...contextOptions }: ContextOptions & { supabase?: AppSupabaseClient } = {},
): RouterContextProvider {
  const context = visitorContext(options, { supabase, user: who.user }, contextOptions);
  context.set(userContext, who.user);
  return context;
}

/** The flash toast the request set in a cookie for the next page, or null when it set none. */
export async function flashedToast(context: RouterContextProvider): Promise<Toast | null> {
  const { toastCookie } = context.get(servicesContext);
  const cookie = context
    .get(requestContext)
    .responseHeaders.getSetCookie()
    .find((value) => value.startsWith(`${toastCookie.name}=`));
  return cookie ? toastSchema.parse(await toastCookie.parse(cookie.split(";")[0]!)) : null;
}
