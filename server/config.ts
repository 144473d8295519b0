import path from "node:path";
import { z } from "zod";
import { MAX_DRAIN_SECONDS } from "./shutdown.ts";

/** What the image's default, EMBEDDED=0, cannot start without. */
const EMBEDDED_0_REQUIRES = [
  "SUPABASE_URL",
  "SUPABASE_ANON_KEY",
  "SUPABASE_SERVICE_ROLE_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "SESSION_SECRET",
  "SMTP_URL",
  "MAIL_FROM",
] as const;

/** An smtp:// or smtps:// URL naming a host, with an optional user:password and port, nothing else. */
function isSmtpUrl(value: string): boolean {
  if (!/^smtps?:\/\/[^/?#]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== "" && (url.pathname === "" || url.pathname === "/") && url.search === "" && url.hash === "";
  } catch {
    return false;
  }
}

const EMAIL = z.email();

/** `office@example.com` or `Name <office@example.com>` (the name may be quoted); one address only. */
function isMailbox(value: string): boolean {
  const named = /^(?:"[^"]*"|[^<>",]+)\s*<([^<>\s]+)>$/.exec(value.trim());
  return EMAIL.safeParse(named ? named[1] : value.trim()).success;
}

const port = z.coerce.number().int().min(1).max(65_535);

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: port.default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default("./.data"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    EMBEDDED: z.enum(["0", "1"]).optional(),
    SUPABASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    SUPABASE_ANON_KEY: z.string().min(20).optional(),
    SUPABASE_SERVICE_ROLE_KEY: z.string().min(20).optional(),
    SUPABASE_JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, "must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, "must be a webhook signing secret (whsec_…)")
      .optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).max(72).optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    TRUST_PROXY: z.string().min(1).optional(),
    AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).optional(),
    BOOKING_ACTIONS_PER_MINUTE: z.coerce.number().int().min(1).optional(),
    ANALYTICS_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).optional(),
    EMBEDDED_ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(1).max(604_800).optional(),
    EMBEDDED_AUTH_RATE_LIMITS: z.enum(["gotrue", "lifted"]).optional(),
    EMBEDDED_PASSWORD_HASH_COST: z.coerce.number().int().min(4).max(31).optional(),
    EMBEDDED_EMAIL_CONFIRMATIONS: z.enum(["0", "1"]).optional(),
    SMTP_URL: z.string().refine(isSmtpUrl, "must be an smtp:// or smtps:// URL: smtp://user:password@host:port").optional(),
    MAIL_FROM: z.string().refine(isMailbox, "must be an address (office@example.com) or Name <office@example.com>").optional(),
    MEMORY_REPORT_FILE: z.string().min(1).optional(),
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number()
      .min(0)
      .max(MAX_DRAIN_SECONDS, `at most ${MAX_DRAIN_SECONDS}: the whole stop must end within 10 s of SIGTERM`)
      .optional(),
  })
  .superRefine((env, context) => {
    const problem = (variable: string, message: string) => context.addIssue({ code: "custom", path: [variable], message });
    const missing = (variable: string, message: string) => context.addIssue({ code: "custom", path: [variable], message, params: { missing: true } });
    if (env.EMBEDDED === "1" && env.SUPABASE_URL) problem("EMBEDDED", "EMBEDDED=1 conflicts with SUPABASE_URL: unset one of them");
    if (env.EMBEDDED === "1" && env.STRIPE_SECRET_KEY) problem("EMBEDDED", "EMBEDDED=1 conflicts with STRIPE_SECRET_KEY: unset one of them");
    if (env.EMBEDDED === "0") {
      // Production: hosted Supabase and Stripe, and one cookie-signing secret that every instance shares.
      for (const variable of EMBEDDED_0_REQUIRES) if (!env[variable]) missing(variable, "required when EMBEDDED=0");
      return;
    }
    if (env.SUPABASE_URL) {
      if (!env.SUPABASE_ANON_KEY) missing("SUPABASE_ANON_KEY", "required when SUPABASE_URL is set");
      if (!env.SUPABASE_SERVICE_ROLE_KEY) missing("SUPABASE_SERVICE_ROLE_KEY", "required when SUPABASE_URL is set");
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) missing("STRIPE_WEBHOOK_SECRET", "required when STRIPE_SECRET_KEY is set");
    if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_SECRET_KEY) missing("STRIPE_SECRET_KEY", "required when STRIPE_WEBHOOK_SECRET is set");
  });

export type ServerConfig = ReturnType<typeof readConfig>;

export type SupabaseSettings = { mode: "embedded" } | { mode: "hosted"; url: string; anonKey: string; serviceRoleKey: string; jwtSecret?: string };

/** Where mail goes: an SMTP server, or the embedded mail catcher the server starts itself. */
export type MailSettings = { mode: "embedded"; from: string } | { mode: "smtp"; url: string; from: string };

/** Where mail goes, for a log line: the SMTP URL without its password. */
export function mailDestination(mail: MailSettings): string {
  if (mail.mode === "embedded") return "the embedded mail catcher";
  const url = new URL(mail.url);
  url.password = "";
  return url.href.replace(/\/$/, "");
}

export type StripeSettings = { mode: "embedded" } | { mode: "hosted"; secretKey: string; webhookSecret: string };

/**
 * Reads and validates the environment once at start. A wrong value stops start-up with a
 * message that names the variable, instead of failing later in a request.
 */
export function readConfig(environment: NodeJS.ProcessEnv = process.env) {
  // An empty value (`TRUST_PROXY=` in a compose file) means unset, as it does to most tools.
  const setValues = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ""));
  const result = environmentSchema.safeParse(setValues);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    const missing = result.error.issues.filter((issue) => issue.code === "custom" && issue.params?.missing).map((issue) => issue.path.join("."));
    const summary = missing.length > 0 ? `Missing: ${missing.join(", ")}\n` : "";
    throw new ConfigError(`Invalid configuration:\n${summary}${problems.join("\n")}`);
  }
  const env = result.data;
  const supabase: SupabaseSettings = env.SUPABASE_URL
    ? {
        mode: "hosted",
        url: env.SUPABASE_URL.replace(/\/+$/, ""),
        anonKey: env.SUPABASE_ANON_KEY!,
        serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY!,
        jwtSecret: env.SUPABASE_JWT_SECRET,
      }
    : { mode: "embedded" };
  const stripe: StripeSettings =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? { mode: "hosted", secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
      : { mode: "embedded" };
  const mailFrom = env.MAIL_FROM?.trim() ?? "no-reply@example.com";
  const mail: MailSettings = env.SMTP_URL ? { mode: "smtp", url: env.SMTP_URL, from: mailFrom } : { mode: "embedded", from: mailFrom };
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    /** Development serves the app through Vite with HMR; production and test serve the build. */
    usesViteDevServer: env.NODE_ENV === "development",
    host: env.HOST,
    port: env.PORT,
    /** Where browsers reach this server; the embedded Supabase builds public file URLs from it. */
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    /** EMBEDDED=1: the whole product on the embedded emulators, a demo whose data lives only in DATA_DIR. */
    embeddedDemo: env.EMBEDDED === "1",
    supabase,
    /** Stripe's API with these keys, or the embedded emulator when both are unset. */
    stripe,
    /** SMTP_URL's server (a provider, or Mailpit in development), else the embedded mail catcher; MAIL_FROM sends. */
    mail,
    embeddedAccessTokenSeconds: env.EMBEDDED_ACCESS_TOKEN_SECONDS,
    /** The embedded Supabase's per-address limits of sign-in, sign-up and recovery: GoTrue's, or lifted for test suites. */
    embeddedAuthRateLimits: env.EMBEDDED_AUTH_RATE_LIMITS ?? (env.NODE_ENV === "test" ? "lifted" : "gotrue"),
    /** Overrides supabase/config.toml's `[auth.email] enable_confirmations` for the embedded Supabase; undefined: the file decides. */
    /** The embedded Supabase's bcrypt cost: GoTrue's 10, or bcrypt's lowest (4) for test suites. */
    embeddedPasswordHashCost: env.EMBEDDED_PASSWORD_HASH_COST ?? (env.NODE_ENV === "test" ? 4 : 10),
    embeddedEmailConfirmations: env.EMBEDDED_EMAIL_CONFIRMATIONS === undefined ? undefined : env.EMBEDDED_EMAIL_CONFIRMATIONS === "1",
    admin: { email: env.ADMIN_EMAIL ?? "admin@example.com", password: env.ADMIN_PASSWORD },
    /** Signs the toast, draft and known-device cookies and guest booking claims; unset: a random secret kept in DATA_DIR (one instance only). */
    sessionSecret: env.SESSION_SECRET,
    /** Express "trust proxy": how many proxies (or which addresses) may set X-Forwarded-For. */
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    /** Sign-in, sign-up and reset attempts per minute, per client address and per email. */
    authAttemptsPerMinute: env.AUTH_ATTEMPTS_PER_MINUTE ?? (env.NODE_ENV === "test" ? 1_000 : 10),
    /** New booking drafts and Pay presses per minute, per client address and per user (photo upload posts: 3× per address, 2× per user). */
    bookingActionsPerMinute: env.BOOKING_ACTIONS_PER_MINUTE ?? (env.NODE_ENV === "test" ? 1_000 : 10),
    /** Analytics beacons per minute and client address. */
    analyticsEventsPerMinute: env.ANALYTICS_EVENTS_PER_MINUTE ?? (env.NODE_ENV === "test" ? 100_000 : 300),
    /**
     * After SIGTERM, how long /readyz answers 503 while the server still serves, before it stops accepting.
     * None in development: `npm run dev` restarts the server with SIGTERM on every change.
     */
    shutdownDrainSeconds: env.SHUTDOWN_DRAIN_SECONDS ?? (env.NODE_ENV === "development" ? 0 : 5),
    /** Where a memory report is written on SIGUSR2 (a diagnostic for benchmarks); unset: none. */
    memoryReportFile: env.MEMORY_REPORT_FILE === undefined ? undefined : path.resolve(env.MEMORY_REPORT_FILE),
    /** Cookies get Secure when browsers reach us over https. */
    secureCookies: (env.PUBLIC_URL ?? "").startsWith("https:"),
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export class ConfigError extends Error {}
