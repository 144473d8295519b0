import { createClient, type User } from "@supabase/supabase-js";
import type { AppRole } from "../../../app/domain/roles.ts";
import type { AppOptions } from "../../../app/load-context.ts";
import type { AppSupabaseClient } from "../../../app/services/supabase.server.ts";
import { uniqueEmail, type TestBackend } from "../../../emulators/supabase/testing/index.ts";

// What integration tests share besides the request harness (app-client.ts): signed-in users with
// their own Supabase client, for checks the database makes itself (row level security, grants), and
// the app's options against the test backend.

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
export function testAppOptions(
  backend: Pick<TestBackend, "url" | "anonKey" | "fetch" | "serviceRoleKey" | "emulator">,
  overrides: Partial<AppOptions> = {},
): AppOptions {
  return {
    publicUrl: TEST_PUBLIC_URL,
    supabase: { url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch },
    serviceRoleKey: backend.serviceRoleKey,
    // The emulator signs with its JWT secret; a hosted project publishes its signing keys.
    accessTokenKey: backend.emulator ? { secret: backend.emulator.config.jwtSecret } : { jwksUrl: `${backend.url}/auth/v1/.well-known/jwks.json` },
    cookieSecret: "a-cookie-secret-of-at-least-32-characters",
    secureCookies: false,
    authAttemptsPerMinute: 1000,
    bookingActionsPerMinute: 1000,
    // Each test app counts from zero, as a new server's memory did: tests of a limit make their own app.
    // The shared counters are tested in rate-limit-counters.test.ts and two-instances.test.ts.
    rateLimitCounters: "memory",
    stripe: { secretKey: "sk_test_integration", webhookSecret: "whsec_test_integration" },
    // No mail server unless a test gives one (a mail catcher's): every email is unreachable.
    mail: { sendMail: async () => ({ kind: "unreachable", error: "no mail server in this test" }), close: () => {} },
    ...overrides,
  };
}
