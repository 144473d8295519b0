import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDraftCookie } from "../../app/services/drafts.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type * as AppHandlerModule from "../../server/app-handler.ts";
import { asAppServer } from "../../server/app-server.ts";
import { assignCspNonce } from "../../server/http-security.ts";
import { requestLogger } from "../../server/request-log.ts";
import { TEST_PUBLIC_URL, testAppOptions } from "./support/app-harness.ts";

// A loader that throws, through the app's real request handler and request log: the wizard's loader
// reads the visitor's draft, and the database answers that read with an error.

let backend: TestBackend;
let devServer: ViteDevServer;
let server: Server;
let origin: string;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  backend = await startTestBackend();
  const draftsDown: typeof fetch = async (input, init) => {
    const path = new URL(new Request(input, init).url).pathname;
    if (path === "/rest/v1/booking_drafts") {
      return new Response(JSON.stringify({ code: "57P01", message: "terminating connection due to administrator command" }), {
        status: 500,
        headers: { "content-type": "application/json" },
      });
    }
    return backend.fetch(input, init);
  };
  const logs = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  devServer = await createViteServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: "custom", logLevel: "silent" });
  const { appRequestHandler } = (await devServer.ssrLoadModule("/server/app-handler.ts")) as typeof AppHandlerModule;
  const app = express();
  app.use(requestLogger(pino({ level: "info" }, logs)), assignCspNonce);
  app.use(
    appRequestHandler({
      loadApp: async () => asAppServer(await devServer.ssrLoadModule("/server/app.ts"), "server/app.ts"),
      mode: "test",
      publicUrl: TEST_PUBLIC_URL,
      app: testAppOptions(backend, { supabase: { url: backend.url, anonKey: backend.anonKey, fetch: draftsDown } }),
    }),
  );
  // Compiled before the test's request, which then waits for the app alone.
  await devServer.ssrLoadModule("/server/app.ts");
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await devServer?.close();
  await backend?.close();
});

it("logs a loader's error through the request's logger, with the request's id, method and URL", async () => {
  const draftCookie = createDraftCookie({ secret: testAppOptions(backend).cookieSecret, secure: false });
  const cookie = (await draftCookie.serialize(randomUUID())).split(";")[0]!;
  const page = await fetch(`${origin}/book`, { headers: { cookie, accept: "text/html" } });
  expect(page.status).toBe(500);
  await page.text();

  const completed = logLines.find(
    (line) => (line.req as { url?: string } | undefined)?.url === "/book" && (line.res as { statusCode?: number } | undefined)?.statusCode === 500,
  );
  expect(completed).toBeDefined();
  const requestId = (completed!.req as { id?: unknown }).id;
  expect(requestId).toEqual(expect.any(String));
  const failure = logLines.find(
    (line) => line.level === 50 && (line.err as { message?: string } | undefined)?.message?.includes("could not read the booking draft"),
  );
  expect(failure).toMatchObject({ req: { id: requestId, method: "GET", url: "/book" }, err: { type: "Error" } });
});
