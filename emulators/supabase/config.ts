import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { GOTRUE_PASSWORD_HASH_COST } from "./auth/passwords.ts";

export interface EmulatorConfig {
  /** Public base URL the emulator is reached at, e.g. "http://localhost:3000" (no trailing slash).
   *  JWT iss = `${url}/auth/v1`; storage public URLs are built by clients from it. */
  url: string;
  /** Directory for PGlite data and stored files; undefined = everything in memory (tests). */
  dataDir?: string;
  /** HS256 secret; anon and service_role keys are JWTs signed with it. */
  jwtSecret: string;
  /** bcrypt's cost for stored passwords: GoTrue's 10 unless a test suite lowers it. */
  passwordHashCost: number;
  /** Lifetime of access tokens, 3600 like the Supabase CLI. */
  accessTokenLifetimeSeconds: number;
  /** Defaults to <repo>/supabase/migrations. */
  migrationsDir: string;
  /** Defaults to <repo>/supabase/seed.sql; skipped when the file does not exist. */
  seedFile?: string;
  /** Redirects allowed besides the site URL (GoTrue's URI allow list, "additional redirect URLs"):
   *  glob patterns, `*` within a host label or path segment, `**` across them. */
  additionalRedirectUrls: string[];
  /** Limits of POST /auth/v1/verify; the defaults are hosted Supabase's per address, plus a cap on failed
   *  verifications of all callers together. Tests lower them. */
  verifyRateLimits: VerifyRateLimits;
  /** Limits of POST /token, /signup and /recover per client address; the defaults are GoTrue's. */
  authRateLimits: AuthRateLimits;
  /** A directory of migrated databases to start from: creating a cluster and migrating it takes
   *  seconds and, while it runs, twice the memory. An in-memory emulator loads a copy of its `.tar`
   *  (saving one when it had to build it); a data directory that holds no database yet starts as a
   *  copy of its data-directory template, when one was built (see `dataDirectoryTemplate`). */
  templateCacheDir?: string;
  /** Email confirmations on (config.toml's `[auth.email] enable_confirmations`, a hosted project's
   *  default): sign-up answers the user without a session and emails a link made from this template,
   *  the project's "Confirm signup" email template, in which `{{ .SiteURL }}`, `{{ .TokenHash }}`,
   *  `{{ .Token }}`, `{{ .RedirectTo }}` and `{{ .Email }}` are filled in; POST /resend sends it again.
   *  Unset: confirmations off, as in the CLI's default (sign-up confirms the address at once and signs
   *  the user in). */
  confirmSignupLinkTemplate?: string;
}

/** A token bucket: it holds at most `burst` requests (default `limit`) and refills at `limit` per
 *  `windowSeconds`, so a full bucket allows a burst, then one request every windowSeconds / limit seconds. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
  burst?: number;
}

/** The auth endpoints GoTrue limits per client address, answering 429 over_request_rate_limit. */
export interface AuthRateLimits {
  /** POST /token with grant_type=refresh_token (config.toml `[auth.rate_limit] token_refresh`, GoTrue's
   *  RATE_LIMIT_TOKEN_REFRESH). */
  tokenRefresh: RateLimit;
  /** POST /token with grant_type=password. GoTrue counts these in the token_refresh bucket too; here they
   *  have a bucket of their own, of the same size, so failed sign-ins never stop sessions refreshing. */
  signIn: RateLimit;
  /** POST /signup with an email (`sign_in_sign_ups`, GoTrue's RATE_LIMIT_OTP). */
  signup: RateLimit;
  /** POST /recover (`sign_in_sign_ups`, GoTrue's RATE_LIMIT_OTP). */
  recover: RateLimit;
  /** POST /resend (`sign_in_sign_ups`, GoTrue's RATE_LIMIT_OTP). */
  resend: RateLimit;
}

/** GoTrue's defaults, also hosted Supabase's: 150 token requests per 5 minutes in bursts of 30 (token_refresh);
 *  30 sign-ups, 30 recoveries and 30 resent confirmations per 5 minutes (sign_in_sign_ups). */
export const GOTRUE_AUTH_RATE_LIMITS: AuthRateLimits = Object.freeze({
  tokenRefresh: { limit: 150, windowSeconds: 300, burst: 30 },
  signIn: { limit: 150, windowSeconds: 300, burst: 30 },
  signup: { limit: 30, windowSeconds: 300 },
  recover: { limit: 30, windowSeconds: 300 },
  resend: { limit: 30, windowSeconds: 300 },
});

/** The limits of POST /verify, where a recovery link or code is checked. */
export interface VerifyRateLimits {
  /** Per client address, as GoTrue's RATE_LIMIT_VERIFY (`token_verifications`). */
  perAddress: RateLimit;
  /** Failed verifications (wrong or expired link or code), counted per client address and per email a
   *  code was tried for ({type, email, token}); a link (token_hash) matching no email counts for its
   *  address only. Never for all callers together: a few addresses must not stop everyone's links. */
  failures: RateLimit;
}

const DEFAULT_VERIFY_RATE_LIMITS: VerifyRateLimits = {
  // GoTrue's default and hosted Supabase's: 30 per 5 minutes with bursts of 30 (360 an hour).
  perAddress: { limit: 30, windowSeconds: 300 },
  // Per email at most 390 wrong codes within a code's hour (a full bucket of 30, then 360), whatever
  // the addresses: a chance under 1 in 2,500 of hitting one of its 10^6 values.
  failures: { limit: 30, windowSeconds: 300 },
};

const LIFTED: RateLimit = { limit: 100_000, windowSeconds: 300 };
/** Limits high enough for test suites, which sign in and sign up many users from one address. */
export const LIFTED_AUTH_RATE_LIMITS: AuthRateLimits = Object.freeze({
  tokenRefresh: LIFTED,
  signIn: LIFTED,
  signup: LIFTED,
  recover: LIFTED,
  resend: LIFTED,
});

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
    passwordHashCost: options.passwordHashCost ?? GOTRUE_PASSWORD_HASH_COST,
    accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS,
    migrationsDir: options.migrationsDir ?? `${repositoryRoot}supabase/migrations`,
    seedFile: "seedFile" in options ? options.seedFile : `${repositoryRoot}supabase/seed.sql`,
    additionalRedirectUrls: options.additionalRedirectUrls ?? [],
    verifyRateLimits: options.verifyRateLimits ?? DEFAULT_VERIFY_RATE_LIMITS,
    authRateLimits: options.authRateLimits ?? GOTRUE_AUTH_RATE_LIMITS,
    templateCacheDir: options.templateCacheDir,
    confirmSignupLinkTemplate: options.confirmSignupLinkTemplate,
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
