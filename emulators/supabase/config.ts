import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface EmulatorConfig {
  /** Public base URL the emulator is reached at, e.g. "http://localhost:3000" (no trailing slash).
   *  JWT iss = `${url}/auth/v1`; storage public URLs are built by clients from it. */
  url: string;
  /** Directory for PGlite data and stored files; undefined = everything in memory (tests). */
  dataDir?: string;
  /** HS256 secret; anon and service_role keys are JWTs signed with it. */
  jwtSecret: string;
  /** Lifetime of access tokens, 3600 like the Supabase CLI. */
  accessTokenLifetimeSeconds: number;
  /** Defaults to <repo>/supabase/migrations. */
  migrationsDir: string;
  /** Defaults to <repo>/supabase/seed.sql; skipped when the file does not exist. */
  seedFile?: string;
}

/** What createSupabaseEmulator takes: the URL, and any setting to override. */
export type EmulatorOptions = Partial<EmulatorConfig> & { url: string };

const repositoryRoot = fileURLToPath(new URL("../../", import.meta.url));

const DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

/** Fills in defaults. Without an explicit secret, an in-memory emulator gets a random one and a persisted
 *  one keeps its secret in the data directory, so sessions (cookies) survive a restart. */
export function resolveConfig(options: EmulatorOptions): EmulatorConfig {
  return {
    url: options.url.replace(/\/+$/, ""),
    dataDir: options.dataDir,
    jwtSecret: options.jwtSecret ?? (options.dataDir ? persistedSecret(options.dataDir) : newSecret()),
    accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS,
    migrationsDir: options.migrationsDir ?? `${repositoryRoot}supabase/migrations`,
    seedFile: "seedFile" in options ? options.seedFile : `${repositoryRoot}supabase/seed.sql`,
  };
}

function newSecret(): string {
  return randomBytes(32).toString("hex");
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = newSecret();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
