import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "./testing/raw-http.ts";
import { compressResponses } from "./response-compression.ts";

const page = `<!DOCTYPE html><html><body>${"<p>Two movers and a 26 ft truck, from $129 an hour.</p>".repeat(60)}</body></html>`;
const smallJson = JSON.stringify({ status: "ok", supabase: "ok" });
const events = "data: one booking paid\n\n".repeat(200);

describe("compressResponses", () => {
  let server: Server;
  let origin: URL;

  const send = (pathname: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(origin, pathname, headers, method);

  beforeAll(async () => {
    const app = express();
    app.use(compressResponses());
    app.get("/page", (_request, response) => {
      response.type("html").send(page);
    });
    app.get("/streamed-page", (_request, response) => {
      response.type("html");
      response.write(page.slice(0, 1000));
      setImmediate(() => response.end(page.slice(1000)));
    });
    app.get("/healthz", (_request, response) => {
      response.json(JSON.parse(smallJson));
    });
    app.get("/events", (_request, response) => {
      response.type("text/event-stream").send(events);
    });
    app.get("/already-gzipped", (_request, response) => {
      response.type("html").set("Content-Encoding", "gzip").send(gzipSync(page));
    });
    app.get("/range", (_request, response) => {
      response.status(206).type("html").set("Content-Range", `bytes 0-1999/${page.length}`).send(page.slice(0, 2000));
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("compresses a page with brotli when the browser accepts it, else with gzip", async () => {
    const brotli = await send("/page", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["vary"]).toBe("Accept-Encoding");
    expect(brotliDecompressSync(brotli.body).toString()).toBe(page);

    const gzip = await send("/page", { "accept-encoding": "gzip, deflate" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);

    const identity = await send("/page");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString()).toBe(page);
  });

  it("compresses a page streamed without a Content-Length", async () => {
    const answer = await send("/streamed-page", { "accept-encoding": "br" });

    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(page);
  });

  it("sends an answer under 1 KiB as it is", async () => {
    const answer = await send("/healthz", { "accept-encoding": "br, gzip" });

    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString()).toBe(smallJson);
  });

  it("never compresses an event stream", async () => {
    const answer = await send("/events", { "accept-encoding": "br, gzip" });

    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString()).toBe(events);
  });

  it("leaves an answer that is encoded already as it is", async () => {
    const answer = await send("/already-gzipped", { "accept-encoding": "br, gzip" });

    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(answer.body).toString()).toBe(page);
  });

  it("leaves a partial answer as it is", async () => {
    const answer = await send("/range", { "accept-encoding": "br, gzip" });

    expect(answer.status).toBe(206);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString()).toBe(page.slice(0, 2000));
  });

  it("answers HEAD without a body", async () => {
    const answer = await send("/page", { "accept-encoding": "br" }, "HEAD");

    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(0);
  });
});
