import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as AppServerModule from "./app.ts";

/** What the server build (server/app.ts, built by Vite with the app) exports. */
export type AppServer = typeof AppServerModule;
export type AppOptions = AppServerModule.AppOptions;
/** Where the app reaches Supabase: the URL, the anon key and, embedded, the in-process fetch. */
export type SupabaseConnection = AppOptions["supabase"];
export type AppServices = ReturnType<AppServer["createAppServices"]>;

// Every export, and what it must be: a build of something else, or an older one, fails here by name.
const EXPORTS: Record<keyof AppServer, "function" | "object"> = {
  build: "object",
  createRequestHandler: "function",
  createAppServices: "function",
  createRequestContext: "function",
  DEFAULT_COMPANY_SETTINGS: "object",
  ensureAppSettings: "function",
  createAnalyticsIngest: "function",
  createBeaconRateLimit: "function",
  analyticsBeacon: "function",
  documentViewRecorder: "function",
  startHousekeeping: "function",
  startMessageSending: "function",
  createMailer: "function",
  imageLibraryMemory: "function",
};

/** A loaded module as the server build, once it has every export the server uses. */
export function asAppServer(module: Record<string, unknown>, source: string): AppServer {
  const wrong = Object.entries(EXPORTS).filter(([name, kind]) => typeof module[name] !== kind || module[name] === null);
  if (wrong.length > 0) {
    throw new Error(`${source} is not this server's build (missing or wrong: ${wrong.map(([name]) => name).join(", ")}): run npm run build`);
  }
  return module as unknown as AppServer;
}

/** The production server build, `<buildDirectory>/server/index.js`. */
export async function importAppServer(buildDirectory: string): Promise<AppServer> {
  const file = path.join(path.resolve(buildDirectory), "server/index.js");
  return asAppServer((await import(pathToFileURL(file).href)) as Record<string, unknown>, file);
}
