import path from "node:path";
import type { RequestHandler } from "express";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { AppOptions, AppServer, SupabaseConnection } from "./app-server.ts";
import type { Database } from "../supabase/types.ts";
import { mailDestination, type ServerConfig } from "./config.ts";
import { EMBEDDED_DATABASE_TEMPLATES_DIR } from "./embedded-database-templates.ts";
import { sendFetchResponse, toFetchRequest } from "./fetch-adapter.ts";
import type { Logger } from "./logger.ts";
import type { MemoryReporter } from "./memory-report.ts";

export interface SupabaseBackend {
  mode: "embedded" | "hosted";
  connection: SupabaseConnection;
  serviceRoleKey: string;
  /**
   * How access tokens are verified locally (the analytics beacon's signed-in user): the JWT secret
   * (embedded, or SUPABASE_JWT_SECRET), else the hosted project's published signing keys.
   */
  accessTokenKey: { secret: string } | { jwksUrl: string };
  /**
   * The embedded emulator's HTTP API (/auth/v1, /rest/v1, /storage/v1) on this server's port, as a
   * hosted project exposes its own: browsers load public file URLs from it, and the end-to-end
   * tests seed data through it with supabase-js. Row level security applies as on Supabase.
   * Undefined when hosted.
   */
  httpApi?: { paths: string[]; handler: RequestHandler };
  /** The size of the embedded database's WebAssembly memory, in bytes; undefined when hosted. */
  databaseWasmMemory?: () => number;
  close(): Promise<void>;
}

export interface StripeBackend {
  mode: "embedded" | "hosted";
  secretKey: string;
  webhookSecret: string;
  /** The embedded emulator's API, called in-process by the SDK; undefined when hosted. */
  fetch?: typeof fetch;
  /** The embedded emulator's hosted checkout page on this server's port; it sends its own security headers. */
  pages?: { paths: string[]; handler: RequestHandler };
  close(): Promise<void>;
}

export type Mailer = AppOptions["mail"];

export interface MailBackend {
  /** `smtp`: SMTP_URL's server; `embedded`: the mail catcher this server started. */
  mode: "embedded" | "smtp";
  /** The one pooled sender of this process: the app's messages and the embedded auth emails. */
  mailer: Mailer;
  /** What the embedded mail catcher received, for the admin area's mailbox; undefined otherwise. */
  mailbox?: NonNullable<AppOptions["mailbox"]>;
  close(): Promise<void>;
}

/**
 * The services the app talks to, each hosted or embedded, in the same shape. `httpApis` are the
 * embedded emulators' HTTP APIs to mount on this server's port; `pages` are mounted before the
 * app's own security headers, since they send their own.
 */
export interface Backends {
  supabase: SupabaseBackend;
  stripe: StripeBackend;
  mail: MailBackend;
  httpApis: Array<{ paths: string[]; handler: RequestHandler }>;
  pages: Array<{ paths: string[]; handler: RequestHandler }>;
  close(): Promise<void>;
}

/** `createMailer` comes from the app's build, so that the app and the auth emails share one sender. */
export async function startBackends(
  config: ServerConfig,
  logger: Logger,
  options: { businessName: string; createMailer: AppServer["createMailer"]; measure?: MemoryReporter["measure"] },
): Promise<Backends> {
  const measure = options.measure ?? ((_part, start) => start());
  const mail = await measure(config.mail.mode === "smtp" ? "SMTP mailer" : "embedded mail catcher", () =>
    startMailBackend(config, logger, options.createMailer),
  );
  const supabase = await measure(config.supabase.mode === "hosted" ? "hosted Supabase" : "embedded Supabase", () =>
    startSupabaseBackend(config, logger, mail.mailer),
  ).catch(async (error: unknown) => {
    await mail.close();
    throw error;
  });
  const stripe = await measure(config.stripe.mode === "hosted" ? "hosted Stripe" : "embedded Stripe", () =>
    startStripeBackend(config, logger, options.businessName),
  ).catch(async (error: unknown) => {
    await supabase.close();
    await mail.close();
    throw error;
  });
  return {
    supabase,
    stripe,
    mail,
    httpApis: supabase.httpApi ? [supabase.httpApi] : [],
    pages: stripe.pages ? [stripe.pages] : [],
    close: async () => {
      await stripe.close();
      await supabase.close();
      await mail.close();
    },
  };
}

/**
 * SMTP_URL's server when set; otherwise the embedded mail catcher, which receives over real SMTP on
 * a free loopback port and keeps what it receives under DATA_DIR/mail.
 */
async function startMailBackend(config: ServerConfig, logger: Logger, createMailer: AppServer["createMailer"]): Promise<MailBackend> {
  if (config.mail.mode === "smtp") {
    const mailer = createMailer({ smtpUrl: config.mail.url, from: config.mail.from });
    logger.info({ to: mailDestination(config.mail) }, "sending mail over SMTP");
    return { mode: "smtp", mailer, close: async () => mailer.close() };
  }
  const { createMailCatcher } = await import("../emulators/mail/index.ts");
  const catcher = await createMailCatcher({ dataDir: config.dataDir });
  const mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: config.mail.from });
  logger.info({ smtpUrl: catcher.smtpUrl }, "embedded mail catcher started; mail lives in DATA_DIR/mail");
  return {
    mode: "embedded",
    mailer,
    mailbox: catcher,
    close: async () => {
      mailer.close();
      await catcher.close();
    },
  };
}

/** A "." or ".." path segment, also percent-encoded ("%2e%2e", "..%2f"), which URL parsing would resolve. */
const DOT_SEGMENT = /(?:^|\/|%2f)(?:\.|%2e){1,2}(?:\/|%2f|\?|#|$)/i;

/**
 * An Express handler for an emulator's Fetch-API handler. A path with dot segments is refused (404)
 * before it is parsed: resolved, it could leave the mounted prefix.
 */
function mountFetchHandler(publicUrl: string, handle: (request: Request) => Promise<Response>): RequestHandler {
  return async (request, response, next) => {
    if (DOT_SEGMENT.test(request.originalUrl.split("?")[0]!)) {
      response.status(404).type("text/plain").send("Not found\n");
      return;
    }
    try {
      const forwarded = toFetchRequest(request, publicUrl);
      // Emulators limit some endpoints per client address: they get the address Express trusts,
      // never one a caller wrote into a header. Sb-Forwarded-For is for this server's own calls (hosted
      // Supabase honours it only with a secret key, which no browser holds).
      forwarded.headers.set("x-forwarded-for", request.ip ?? "unknown");
      forwarded.headers.delete("sb-forwarded-for");
      await sendFetchResponse(response, await handle(forwarded));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Hosted Stripe when STRIPE_SECRET_KEY is set; otherwise the embedded emulator, reached by the SDK
 * in-process, with its checkout page on this server and its signed events delivered to this
 * server's webhook over loopback. Sessions and the webhook secret persist in DATA_DIR.
 */
async function startStripeBackend(config: ServerConfig, logger: Logger, businessName: string): Promise<StripeBackend> {
  if (config.stripe.mode === "hosted") {
    logger.info("using hosted Stripe");
    return { mode: "hosted", secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret, close: async () => {} };
  }
  const { createStripeEmulator } = await import("../emulators/stripe/index.ts");
  const loopbackHost = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  const emulator = await createStripeEmulator({
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    webhookUrl: `http://${loopbackHost.includes(":") ? `[${loopbackHost}]` : loopbackHost}:${config.port}/api/stripe/webhook`,
    businessName,
    log: (level, message, fields) => logger[level](fields, message),
  });
  logger.info("embedded Stripe started; sessions live in DATA_DIR");
  return {
    mode: "embedded",
    secretKey: emulator.secretKey,
    webhookSecret: emulator.webhookSecret,
    fetch: emulator.fetch,
    pages: { paths: emulator.pagePaths, handler: mountFetchHandler(config.publicUrl, (request) => emulator.handlePage(request)) },
    close: () => emulator.close(),
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
async function startSupabaseBackend(config: ServerConfig, logger: Logger, mailer: Mailer): Promise<SupabaseBackend> {
  if (config.supabase.mode === "hosted") {
    logger.info({ url: config.supabase.url }, "using hosted Supabase");
    return {
      mode: "hosted",
      connection: { url: config.supabase.url, anonKey: config.supabase.anonKey, fetch: globalThis.fetch },
      serviceRoleKey: config.supabase.serviceRoleKey,
      accessTokenKey: config.supabase.jwtSecret ? { secret: config.supabase.jwtSecret } : { jwksUrl: `${config.supabase.url}/auth/v1/.well-known/jwks.json` },
      close: async () => {},
    };
  }

  const { createSupabaseEmulator, readCliProjectSettings, authEmailContent, GOTRUE_AUTH_RATE_LIMITS, LIFTED_AUTH_RATE_LIMITS } =
    await import("../emulators/supabase/index.ts");
  // The Supabase CLI's project file decides, as it does for `supabase start`; EMBEDDED_EMAIL_CONFIRMATIONS overrides it.
  let emailConfirmations = config.embeddedEmailConfirmations;
  if (emailConfirmations === undefined) {
    const projectFile = path.resolve(CLI_PROJECT_FILE);
    const project = readCliProjectSettings(projectFile);
    if (!project) logger.warn({ file: projectFile }, "no Supabase CLI project file: the embedded Supabase keeps email confirmations off");
    emailConfirmations = project?.emailConfirmations ?? false;
  }
  const emulator = await createSupabaseEmulator({
    authRateLimits: config.embeddedAuthRateLimits === "lifted" ? LIFTED_AUTH_RATE_LIMITS : GOTRUE_AUTH_RATE_LIMITS,
    url: config.publicUrl,
    dataDir: config.dataDir,
    migrationsDir: path.resolve("supabase/migrations"),
    seedFile: path.resolve("supabase/seed.sql"),
    templateCacheDir: path.resolve(EMBEDDED_DATABASE_TEMPLATES_DIR),
    accessTokenLifetimeSeconds: config.embeddedAccessTokenSeconds,
    passwordHashCost: config.embeddedPasswordHashCost,
    confirmSignupLinkTemplate: emailConfirmations ? CONFIRM_SIGNUP_LINK : undefined,
  });
  logger.info({ dataDir: config.dataDir, emailConfirmations }, "embedded Supabase started; data lives in DATA_DIR");
  emulator.outbox.subscribe((email) => {
    // Sent as the hosted auth service sends it, over SMTP. The link is logged too: with no mailbox to
    // open (mail sent to another server), the log is a demo's way in.
    logger.info({ to: email.to, type: email.type, link: email.link }, "auth email sent (embedded Supabase)");
    void mailer.sendMail({ to: email.to, ...authEmailContent(email) }).then((outcome) => {
      if (outcome.kind !== "sent") logger.warn({ to: email.to, type: email.type, outcome }, "the embedded Supabase's auth email was not delivered");
    });
  });
  return {
    mode: "embedded",
    // The app's own calls name the client they are for, so the auth service's limits count per client.
    connection: { url: emulator.url, anonKey: emulator.anonKey, fetch: emulator.fetch, forwardClientAddress: true },
    serviceRoleKey: emulator.serviceRoleKey,
    accessTokenKey: { secret: emulator.config.jwtSecret },
    httpApi: { paths: ["/auth/v1", "/rest/v1", "/storage/v1"], handler: mountFetchHandler(config.publicUrl, (request) => emulator.handle(request)) },
    databaseWasmMemory: () => emulator.db.pg.Module.wasmMemory.buffer.byteLength,
    close: () => emulator.close(),
  };
}

/** The "Confirm signup" email template's link docs/deploying.md asks ops to set on a hosted project. */
const CONFIRM_SIGNUP_LINK = "{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=signup";

/** The Supabase CLI's project file, which `supabase start` reads too. */
const CLI_PROJECT_FILE = "supabase/config.toml";
