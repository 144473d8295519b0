import { appendFileSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { SupabaseConnection } from "../app/load-context.ts";
import type { Database } from "../supabase/types.ts";
import type { ServerConfig } from "./config.ts";
import { sendFetchResponse, toFetchRequest } from "./fetch-adapter.ts";
import type { Logger } from "./logger.ts";

export interface SupabaseBackend {
  mode: "embedded" | "hosted";
  connection: SupabaseConnection;
  serviceRoleKey: string;
  /**
   * The embedded emulator's HTTP API (/auth/v1, /rest/v1, /storage/v1) on this server's port, as a
   * hosted project exposes its own: browsers load public file URLs from it, and the end-to-end
   * tests seed data through it with supabase-js. Row level security applies as on Supabase.
   * Undefined when hosted.
   */
  httpApi?: { paths: string[]; handler: RequestHandler };
  close(): Promise<void>;
}

/**
 * The services the app talks to, each hosted or embedded: Supabase now, Stripe joins in the same
 * shape. `httpApis` are the embedded emulators' HTTP APIs to mount on this server's port.
 */
export interface Backends {
  supabase: SupabaseBackend;
  httpApis: Array<{ paths: string[]; handler: RequestHandler }>;
  /** True when every backend answers. */
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

export async function startBackends(config: ServerConfig, logger: Logger): Promise<Backends> {
  const supabase = await startSupabaseBackend(config, logger);
  return {
    supabase,
    httpApis: supabase.httpApi ? [supabase.httpApi] : [],
    isHealthy: () => isSupabaseHealthy(supabase.connection),
    close: () => supabase.close(),
  };
}

/** A client with the service-role key for start-up work (seeding); bypasses row level security. */
export function startupServiceClient(backend: SupabaseBackend): SupabaseClient<Database> {
  return createClient<Database>(backend.connection.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: backend.connection.fetch },
  });
}

/**
 * Hosted Supabase when SUPABASE_URL is set; otherwise the embedded emulator over PGlite in DATA_DIR,
 * reached by supabase-js through an in-process fetch. The emulator is imported only when used.
 */
async function startSupabaseBackend(config: ServerConfig, logger: Logger): Promise<SupabaseBackend> {
  if (config.supabase.mode === "hosted") {
    logger.info({ url: config.supabase.url }, "using hosted Supabase");
    return {
      mode: "hosted",
      connection: { url: config.supabase.url, anonKey: config.supabase.anonKey, fetch: globalThis.fetch },
      serviceRoleKey: config.supabase.serviceRoleKey,
      close: async () => {},
    };
  }

  const { createSupabaseEmulator } = await import("../emulators/supabase/index.ts");
  const emulator = await createSupabaseEmulator({
    url: config.publicUrl,
    dataDir: config.dataDir,
    migrationsDir: path.resolve("supabase/migrations"),
    seedFile: path.resolve("supabase/seed.sql"),
    accessTokenLifetimeSeconds: config.embeddedAccessTokenSeconds,
  });
  logger.info({ dataDir: config.dataDir }, "embedded Supabase started; data lives in DATA_DIR");
  const outboxFile = path.join(config.dataDir, "outbox.jsonl");
  emulator.outbox.subscribe((email) => {
    // No mail server in embedded mode: the log and DATA_DIR/outbox.jsonl are where the link is read.
    logger.info({ to: email.to, type: email.type, link: email.link }, "email sent (embedded outbox)");
    appendFileSync(outboxFile, `${JSON.stringify({ to: email.to, type: email.type, link: email.link, sentAt: email.sentAt })}\n`, { mode: 0o600 });
  });
  return {
    mode: "embedded",
    connection: { url: emulator.url, anonKey: emulator.anonKey, fetch: emulator.fetch },
    serviceRoleKey: emulator.serviceRoleKey,
    httpApi: {
      paths: ["/auth/v1", "/rest/v1", "/storage/v1"],
      handler: async (request, response, next) => {
        try {
          const forwarded = toFetchRequest(request, config.publicUrl);
          // The emulator limits some endpoints per client address, as Supabase's gateway does: it gets
          // the address Express trusts, never one a caller wrote into the header.
          forwarded.headers.set("x-forwarded-for", request.ip ?? "unknown");
          await sendFetchResponse(response, await emulator.handle(forwarded));
        } catch (error) {
          next(error);
        }
      },
    },
    close: () => emulator.close(),
  };
}

/** True when Supabase answers a trivial anonymous query within two seconds. */
async function isSupabaseHealthy(connection: SupabaseConnection): Promise<boolean> {
  try {
    const response = await connection.fetch(`${connection.url}/rest/v1/app_settings?select=id&limit=1`, {
      headers: { apikey: connection.anonKey, authorization: `Bearer ${connection.anonKey}` },
      signal: AbortSignal.timeout(2_000),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
