import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { createAnalyticsIngest, type AnalyticsIngest } from "../../../app/services/analytics-ingest.server.ts";
import { createBeaconRateLimit } from "../../../app/services/rate-limit.server.ts";
import type { TestBackend } from "../../../emulators/supabase/testing/index.ts";
import { analyticsBeacon, documentViewRecorder } from "../../../server/analytics-http.ts";
import { TEST_PUBLIC_URL } from "./app-harness.ts";

export interface AnalyticsTestServer {
  origin: string;
  ingest: AnalyticsIngest;
  /** Stops listening and writes what is queued, as the server's graceful shutdown does. */
  close(): Promise<void>;
}

/**
 * The beacon endpoint and the document page-view hook mounted as server.ts mounts them, on a
 * loopback port, writing to the test backend. `page` answers GET /page/* (and /admin, /dashboard,
 * /payment-success) with a small HTML document, for the document page views.
 */
export async function startAnalyticsServer(
  backend: TestBackend,
  { jwtSecret, eventsPerMinute = 10_000, flushEveryMs = 50 }: { jwtSecret: string; eventsPerMinute?: number; flushEveryMs?: number },
): Promise<AnalyticsTestServer> {
  const ingest = createAnalyticsIngest({
    supabase: { url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch },
    serviceRoleKey: backend.serviceRoleKey,
    accessTokenKey: { secret: jwtSecret },
    publicUrl: TEST_PUBLIC_URL,
    logger: pino({ level: "silent" }),
    writer: { flushEveryMs },
  });
  const app = express();
  app.set("trust proxy", true);
  app.post("/api/analytics", analyticsBeacon({ ingest, limit: createBeaconRateLimit({ eventsPerMinute }) }));
  const recordView = documentViewRecorder(ingest);
  app.use((request, response) => {
    const html = request.path.startsWith("/page") || request.path.startsWith("/admin") || request.path === "/dashboard" || request.path === "/payment-success";
    if (html) response.type("html").send("<!doctype html><title>page</title>");
    else response.type("application/json").send("{}");
    recordView(request, response);
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ingest,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await ingest.close();
    },
  };
}
