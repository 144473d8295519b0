import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createClient, type SupabaseClient, type User } from "@supabase/supabase-js";
import { MIN_PASSWORD_HASH_COST } from "../auth/passwords.ts";
import { LIFTED_AUTH_RATE_LIMITS } from "../config.ts";
import { createSupabaseEmulator, type EmulatorOptions, type OutboxEmail, type SupabaseEmulator } from "../index.ts";

/** True when the tests run against a hosted Supabase project (SUPABASE_TEST_URL and keys set).
 *  Synchronous, so tests can write `it.skipIf(usingHostedBackend)("…needs sql()…")`. */
export const usingHostedBackend = Boolean(process.env.SUPABASE_TEST_URL);

export interface TestClientOptions {
  /** Which API key the client sends; default "anon". */
  key?: "anon" | "service_role";
  /** Sends this access token as the bearer token instead of the key (as a signed-in user would). */
  accessToken?: string;
}

export interface TestBackend {
  mode: "emulator" | "hosted";
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The fetch supabase-js must use: the emulator in-process, or the network for a hosted project. */
  fetch: typeof fetch;
  /** The emulator itself; undefined against a hosted project. */
  emulator?: SupabaseEmulator;
  /** A real supabase-js client; sessions are kept in memory only, never refreshed in the background. */
  createClient(options?: TestClientOptions): SupabaseClient;
  /** Creates a confirmed email user through the admin API (service_role key). */
  adminCreateUser(email: string, password: string, metadata?: Record<string, unknown>): Promise<User>;
  /** Emails sent by the auth service, newest last. Emulator only. */
  readOutbox(): readonly OutboxEmail[];
  /** Runs SQL as the superuser. Emulator only. */
  sql<Row = Record<string, unknown>>(query: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** A fresh address per call, so tests never collide, also on a shared hosted project. */
export function uniqueEmail(label = "user"): string {
  const domain = process.env.SUPABASE_TEST_EMAIL_DOMAIN ?? "example.com";
  return `${label}-${randomUUID().slice(0, 8)}@${domain}`;
}

/** Migrated databases the test emulators start from (one per set of migrations), kept between runs. */
export const TEST_TEMPLATE_CACHE_DIR = fileURLToPath(new URL("../../../node_modules/.cache/supabase-emulator-templates", import.meta.url));

/** An in-memory emulator with the project's migrations, or the hosted project named by SUPABASE_TEST_*.
 *  Start one per test file: it starts from a copy of a migrated database (about a second). GoTrue's
 *  per-address limits of /token, /signup and /recover are lifted unless `authRateLimits` is given,
 *  and passwords are hashed at bcrypt's lowest cost unless `passwordHashCost` is given. */
export async function startTestBackend(emulatorOptions: Partial<EmulatorOptions> = {}): Promise<TestBackend> {
  if (usingHostedBackend) return hostedBackend();
  const emulator = await createSupabaseEmulator({
    url: "http://localhost:54321",
    authRateLimits: LIFTED_AUTH_RATE_LIMITS,
    passwordHashCost: MIN_PASSWORD_HASH_COST,
    templateCacheDir: TEST_TEMPLATE_CACHE_DIR,
    ...emulatorOptions,
  });
  return backendOver({
    mode: "emulator",
    url: emulator.url,
    anonKey: emulator.anonKey,
    serviceRoleKey: emulator.serviceRoleKey,
    fetch: emulator.fetch,
    emulator,
  });
}

function hostedBackend(): TestBackend {
  const url = process.env.SUPABASE_TEST_URL;
  const anonKey = process.env.SUPABASE_TEST_ANON_KEY;
  const serviceRoleKey = process.env.SUPABASE_TEST_SERVICE_ROLE_KEY;
  if (!url || !anonKey || !serviceRoleKey) {
    throw new Error("SUPABASE_TEST_URL needs SUPABASE_TEST_ANON_KEY and SUPABASE_TEST_SERVICE_ROLE_KEY as well");
  }
  return backendOver({ mode: "hosted", url: url.replace(/\/+$/, ""), anonKey, serviceRoleKey, fetch: globalThis.fetch });
}

function backendOver(base: Pick<TestBackend, "mode" | "url" | "anonKey" | "serviceRoleKey" | "fetch" | "emulator">): TestBackend {
  const { emulator } = base;

  function makeClient(options: TestClientOptions = {}): SupabaseClient {
    const key = options.key === "service_role" ? base.serviceRoleKey : base.anonKey;
    return createClient(base.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        fetch: base.fetch,
        headers: options.accessToken ? { Authorization: `Bearer ${options.accessToken}` } : {},
      },
    });
  }

  return {
    ...base,
    createClient: makeClient,
    async adminCreateUser(email, password, metadata = {}) {
      const { data, error } = await makeClient({ key: "service_role" }).auth.admin.createUser({
        email,
        password,
        email_confirm: true,
        user_metadata: metadata,
      });
      if (error) throw error;
      return data.user;
    },
    readOutbox() {
      if (!emulator) throw new Error("readOutbox() needs the embedded emulator; a hosted project sends real emails");
      return emulator.outbox.emails;
    },
    async sql<Row>(query: string, params: unknown[] = []) {
      if (!emulator) throw new Error("sql() needs the embedded emulator; a hosted project has no SQL over HTTP");
      return (await emulator.db.pg.query<Row>(query, params)).rows;
    },
    close: async () => {
      await emulator?.close();
    },
  };
}
