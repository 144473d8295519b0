// The server build's entry (vite.config.ts: Vite builds it with the app into build/server/index.js).
// Every part of the Express server that runs app code is reached from here, so each app module is
// bundled once and the request-context keys the server sets are the very ones the routes read.
// server.ts, compiled apart, imports none of it: it loads this module through server/app-server.ts.
import * as build from "virtual:react-router/server-build";

/** React Router's build of the app: routes, entry and assets. */
export { build };
/**
 * React Router's request handler from the very module instance the build runs on: it accepts only a
 * request context made by that instance's RouterContextProvider.
 */
export { createRequestHandler } from "react-router";
/** Each build's services, made once; each request's context, made from them. */
export { createAppServices, createRequestContext, type AppOptions } from "../app/load-context.ts";
/** The settings row written at start, from the defaults the app falls back to. */
export { DEFAULT_COMPANY_SETTINGS } from "../app/domain/company-settings.ts";
export { ensureAppSettings } from "./seed-settings.ts";
/** The analytics intake: one per process, beside the app. */
export { createAnalyticsIngest } from "../app/services/analytics-ingest.server.ts";
export { createBeaconRateLimit } from "../app/services/rate-limit.server.ts";
export { analyticsBeacon, documentViewRecorder } from "./analytics-http.ts";
/** The one way mail is sent, made once per process: the app's messages and the embedded auth emails. */
export { createMailer } from "../app/services/mailer.server.ts";
/** libvips' memory, for the server's memory report. */
export { imageLibraryMemory } from "../app/services/image-processing.server.ts";
/** The daily housekeeping, once across instances. */
export { startHousekeeping } from "./housekeeping.ts";
/** Each instance's sender of due messages from the outbox. */
export { startMessageSending } from "./message-sending.ts";
