import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../app/services/mailer.server.ts";
import { startBackends, type Backends } from "../../server/backends.ts";
import { readConfig } from "../../server/config.ts";

// The embedded Stripe's checkout pages are mounted on the app's port, as server.ts mounts them. Only
// those pages may be reached there: the emulator's API (/v1/…) is for the server's own SDK, in-process.
// Requests are sent raw (node:http), since a URL class would resolve their dot segments before sending.

let dataDir: string;
let backends: Backends;
let server: Server;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "stripe-pages-"));
  const config = readConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PORT: "3999", HOST: "127.0.0.1", LOG_LEVEL: "silent" });
  backends = await startBackends(config, pino({ level: "silent" }), { businessName: "Metro Movers", createMailer });
  const app = express();
  for (const page of backends.pages) app.use(page.paths, page.handler);
  app.use((_request, response) => void response.status(418).type("text/plain").send("the app"));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await backends?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Sends the path exactly as written, with the emulator's secret key, as a caller who had it would. */
function rawGet(rawPath: string): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port, path: rawPath, method: "GET", headers: { authorization: `Bearer ${backends.stripe.secretKey}` } },
      (incoming) => {
        let body = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => (body += chunk));
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, contentType: String(incoming.headers["content-type"] ?? ""), body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("the embedded Stripe's pages on the app's port", () => {
  it("serve the checkout page's own paths", async () => {
    const unknown = await rawGet("/_stripe/checkout/cs_test_unknown");
    expect(unknown.status).toBe(404);
    expect(unknown.contentType).toMatch(/^text\/html/);
    expect(unknown.body).toContain("This checkout link is not valid.");
  });

  it("never reach the emulator's API, whatever dot segments the path carries", async () => {
    for (const rawPath of [
      "/_stripe/%2e%2e/v1/checkout/sessions",
      "/_stripe/%2E%2E/v1/checkout/sessions",
      "/_stripe/.%2e/v1/checkout/sessions",
      "/_stripe/%2e%2e%2fv1/checkout/sessions",
      "/_stripe/checkout/%2e%2e/%2e%2e/v1/checkout/sessions",
      "/_stripe/../v1/checkout/sessions",
      "/_stripe/v1/checkout/sessions",
    ]) {
      const answer = await rawGet(rawPath);
      expect({ rawPath, status: answer.status }).toEqual({ rawPath, status: 404 });
      expect(answer.body).not.toContain('"object"');
      expect(answer.contentType).not.toMatch(/json/);
    }
  });
});
