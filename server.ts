import path from "node:path";
import express from "express";
import { appRequestHandler } from "./server/app-handler.ts";
import { asAppServer, importAppServer, type AppServer } from "./server/app-server.ts";
import { startBackends, startupServiceClient } from "./server/backends.ts";
import { ConfigError, readConfig } from "./server/config.ts";
import { refuseCrossSiteWrites } from "./server/csrf.ts";
import { assignCspNonce, securityHeaders } from "./server/http-security.ts";
import { createLogger } from "./server/logger.ts";
import { createMemoryReporter } from "./server/memory-report.ts";
import { secretInDataDir } from "./server/secrets.ts";
import { ensureAdminAccount } from "./server/seed-admin.ts";
import { requestLogger } from "./server/request-log.ts";
import { keepServingAfterStrayErrors } from "./server/process-guard.ts";
import { listenWithGracefulShutdown } from "./server/shutdown.ts";
import { createReadinessCheck, livenessProbe, readinessProbe } from "./server/health.ts";
import { expectedMigrationVersion } from "./server/migration-version.ts";
import { printStartupBanner } from "./server/startup-banner.ts";
import { collectStartUpGarbage } from "./server/start-up-garbage.ts";
import { compressResponses } from "./server/response-compression.ts";
import { trackRequestsInFlight } from "./server/requests-in-flight.ts";
import { clientBuildFiles } from "./server/static-assets.ts";

let config;
try {
  config = readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const logger = createLogger(config.logLevel);
// Off unless MEMORY_REPORT_FILE is set (`npm run bench:memory` sets it).
const memory = createMemoryReporter(config.memoryReportFile);
if (config.embeddedDemo) {
  logger.warn(
    { dataDir: config.dataDir },
    `EMBEDDED=1: a demo on the embedded Supabase and Stripe. Every account, booking and upload lives in ${config.dataDir}: mount a volume there, or they go with the container`,
  );
}

function exitOnStartupError(error: unknown, message: string): never {
  logger.fatal({ err: error }, message);
  process.exit(1);
}

// The app and the parts of this server that run its code: built by Vite (server/app.ts), or in
// development served by Vite, which reloads them on change.
let loadApp: () => Promise<AppServer>;
let closeDevServer = async () => {};
let viteMiddleware: express.RequestHandler | undefined;
if (!config.usesViteDevServer) {
  const appServer = await memory
    .measure("app build (React, routes)", () => importAppServer("build"))
    .catch((error: unknown) => exitOnStartupError(error, "could not load the build"));
  loadApp = async () => appServer;
} else {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  viteMiddleware = devServer.middlewares;
  loadApp = async () => asAppServer(await devServer.ssrLoadModule("/server/app.ts"), "server/app.ts");
  closeDevServer = () => devServer.close();
}
const {
  DEFAULT_COMPANY_SETTINGS,
  ensureAppSettings,
  createAnalyticsIngest,
  createBeaconRateLimit,
  analyticsBeacon,
  documentViewRecorder,
  startHousekeeping,
  startMessageSending,
  createMailer,
  imageLibraryMemory,
} = await loadApp();

const backends = await startBackends(config, logger, { businessName: DEFAULT_COMPANY_SETTINGS.companyName, createMailer, measure: memory.measure }).catch(
  (error: unknown) => exitOnStartupError(error, "could not start the backends"),
);
const { supabase } = backends;
memory.reportOnSignal(() => ({ databaseWasmMemory: supabase.databaseWasmMemory?.() ?? null, imageLibrary: imageLibraryMemory() }));
const startupClient = startupServiceClient(supabase);
await ensureAppSettings(startupClient, DEFAULT_COMPANY_SETTINGS, logger).catch((error: unknown) =>
  exitOnStartupError(error, "could not prepare the company settings (is Supabase reachable and migrated?)"),
);
const adminCreated = await ensureAdminAccount(startupClient, config.admin, logger).catch((error: unknown) =>
  exitOnStartupError(error, "could not prepare the admin account (is Supabase reachable and migrated?)"),
);

const cookieSecret = config.sessionSecret ?? secretInDataDir(config.dataDir, "session-secret");

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const analytics = createAnalyticsIngest({
  supabase: supabase.connection,
  serviceRoleKey: supabase.serviceRoleKey,
  accessTokenKey: supabase.accessTokenKey,
  publicUrl: config.publicUrl,
  logger,
});
// Old drafts, orphaned files, old Stripe event ids and analytics past their retention: at start and daily, once across instances.
const housekeeping = startHousekeeping(startupClient, logger);
// The requests being answered: the message sender gives way to them.
const requestsInFlight = trackRequestsInFlight();
// Due messages from the outbox, every few seconds, each claimed by one instance.
const messages = startMessageSending({
  serviceRole: startupClient,
  mailer: backends.mail.mailer,
  logger,
  publicUrl: config.publicUrl,
  linkSecret: cookieSecret,
  giveWay: () => requestsInFlight.giveWay(),
});

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config.trustProxy);

// Before the request log: probes every few seconds would drown it. /healthz: the process answers
// (liveness); /readyz: the backends answer, the migrations are applied and no stop has begun (readiness).
let stopping = false;
app.get("/healthz", livenessProbe());
app.get(
  "/readyz",
  readinessProbe({
    check: createReadinessCheck({ connection: supabase.connection, serviceRoleKey: supabase.serviceRoleKey, expectedMigration: expectedMigrationVersion() }),
    isStopping: () => stopping,
  }),
);

// Before the request log and the app: thousands a second, each answered 204 at once.
app.post(
  "/api/analytics",
  analyticsBeacon({
    ingest: analytics,
    limit: createBeaconRateLimit({ eventsPerMinute: config.analyticsEventsPerMinute, counters: { serviceRole: startupClient } }),
  }),
);

app.use(requestsInFlight.middleware);
app.use(compressResponses());
app.use(requestLogger(logger));
// Methods no page or API here answers (TRACE, CONNECT, …) stop before any of them.
app.use((request, response, next) => {
  if (ALLOWED_METHODS.has(request.method)) return next();
  response
    .status(405)
    .set("Allow", [...ALLOWED_METHODS].join(", "))
    .type("text/plain")
    .send("Method not allowed.");
});
// The embedded Stripe's checkout page stands for checkout.stripe.com: its own headers, not the app's.
for (const page of backends.pages) app.use(page.paths, page.handler);
app.use(
  assignCspNonce,
  securityHeaders({
    enforce: !config.usesViteDevServer,
    isProduction: config.isProduction,
    imageOrigins: supabase.mode === "hosted" ? [new URL(supabase.connection.url).origin] : [],
  }),
);
for (const api of backends.httpApis) app.use(api.paths, api.handler);
app.use(refuseCrossSiteWrites(config.publicUrl));

// Sent as the build precompressed them; hashed /assets cached for a year, a missing one a 404.
if (viteMiddleware) app.use(viteMiddleware);
else app.use(clientBuildFiles(path.resolve("build/client")));

app.use(
  appRequestHandler({
    loadApp,
    mode: config.nodeEnv,
    publicUrl: config.publicUrl,
    afterResponse: documentViewRecorder(analytics),
    app: {
      publicUrl: config.publicUrl,
      supabase: supabase.connection,
      serviceRoleKey: supabase.serviceRoleKey,
      accessTokenKey: supabase.accessTokenKey,
      cookieSecret,
      secureCookies: config.secureCookies,
      authAttemptsPerMinute: config.authAttemptsPerMinute,
      bookingActionsPerMinute: config.bookingActionsPerMinute,
      stripe: { secretKey: backends.stripe.secretKey, webhookSecret: backends.stripe.webhookSecret, fetch: backends.stripe.fetch },
      mail: backends.mail.mailer,
      mailbox: backends.mail.mailbox,
    },
  }),
);

/**
 * The start-up's background work has ended (so the banner is the output's last lines), or 30 s have
 * passed: on a busy machine the first housekeeping can take several seconds, and a database that
 * does not answer must not keep the banner back for ever.
 */
function startupSettled(work: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 30_000).unref();
    void work.finally(resolve);
  });
}

// Only once started: a failed start still stops the process.
keepServingAfterStrayErrors(logger);
listenWithGracefulShutdown(app, {
  host: config.host,
  port: config.port,
  logger,
  drainSeconds: config.shutdownDrainSeconds,
  // After the start-up's own log lines (the first housekeeping's included, waited for a few seconds at
  // most), so that the output ends with where to go and how the admin signs in.
  onListening: () =>
    void startupSettled(housekeeping.firstLook).then(() => {
      printStartupBanner(config.publicUrl, adminCreated);
      collectStartUpGarbage();
    }),
  onStopping: () => (stopping = true),
  onClose: async () => {
    await closeDevServer();
    // Every event accepted before the server stopped is written before the database closes.
    await analytics.close();
    await housekeeping.stop();
    await messages.stop();
    await backends.close();
  },
});
