import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "./testing/raw-http.ts";
import { clientBuildFiles } from "./static-assets.ts";

const script = "export function quote(rooms) {\n  return 9900 + rooms * 4500;\n}\n".repeat(100);
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${'<rect width="4" height="4" fill="#1d4ed8"/>'.repeat(40)}</svg>`;
const tinyChunk = "export{};";

describe("clientBuildFiles", () => {
  let directory: string;
  let server: Server;
  let origin: URL;

  const send = (pathname: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(origin, pathname, headers, method);

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "client-build-"));
    await mkdir(path.join(directory, "assets"));
    // Each copy holds its own text, so a test can tell which file was sent.
    await writeFile(path.join(directory, "assets/entry-abc123.js"), script);
    await writeFile(path.join(directory, "assets/entry-abc123.js.br"), brotliCompressSync(script));
    await writeFile(path.join(directory, "assets/entry-abc123.js.gz"), gzipSync(script));
    await writeFile(path.join(directory, "assets/tiny-chunk.js"), tinyChunk);
    await writeFile(path.join(directory, "assets/figtree.woff2"), Buffer.from("wOF2 font bytes"));
    await writeFile(path.join(directory, "favicon.svg"), icon);
    await writeFile(path.join(directory, "favicon.svg.br"), brotliCompressSync(icon));
    await writeFile(path.join(directory, "favicon.svg.gz"), gzipSync(icon));

    const app = express();
    app.use(clientBuildFiles(directory));
    // Stands for the React Router handler: whatever no file answers.
    app.use((_request, response) => {
      response.type("html").send("<p>a page</p>");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(directory, { recursive: true, force: true });
  });

  it("sends the brotli copy to a browser that accepts brotli, as the original file's type, cached for a year", async () => {
    const answer = await send("/assets/entry-abc123.js", { "accept-encoding": "gzip, deflate, br, zstd" });

    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["vary"]).toBe("Accept-Encoding");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("sends the gzip copy when brotli is not accepted", async () => {
    for (const acceptEncoding of ["gzip, deflate", "br;q=0, gzip"]) {
      const answer = await send("/assets/entry-abc123.js", { "accept-encoding": acceptEncoding });

      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(answer.headers["vary"]).toBe("Accept-Encoding");
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(gunzipSync(answer.body).toString()).toBe(script);
    }
  });

  it("sends the file itself when the request accepts no compression", async () => {
    for (const headers of [{}, { "accept-encoding": "identity" }] as Array<Record<string, string>>) {
      const answer = await send("/assets/entry-abc123.js", headers);

      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(answer.headers["vary"]).toBe("Accept-Encoding");
      expect(answer.body.toString()).toBe(script);
    }
  });

  it("marks a compressible file without copies as varying by Accept-Encoding too, and a font not", async () => {
    const chunk = await send("/assets/tiny-chunk.js", { "accept-encoding": "br, gzip" });
    expect(chunk.status).toBe(200);
    expect(chunk.headers["content-encoding"]).toBeUndefined();
    expect(chunk.headers["vary"]).toBe("Accept-Encoding");
    expect(chunk.body.toString()).toBe(tinyChunk);

    const font = await send("/assets/figtree.woff2", { "accept-encoding": "br, gzip" });
    expect(font.status).toBe(200);
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["vary"]).toBeUndefined();
  });

  it("answers HEAD with the headers of the copy GET would send, and no body", async () => {
    const get = await send("/assets/entry-abc123.js", { "accept-encoding": "br" });
    const head = await send("/assets/entry-abc123.js", { "accept-encoding": "br" }, "HEAD");

    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers["etag"]).toBe(get.headers["etag"]);
    expect(head.body.length).toBe(0);
  });

  it("gives each encoding its own ETag and answers a matching If-None-Match with 304", async () => {
    const brotli = await send("/assets/entry-abc123.js", { "accept-encoding": "br" });
    const gzip = await send("/assets/entry-abc123.js", { "accept-encoding": "gzip" });
    const identity = await send("/assets/entry-abc123.js");
    expect(new Set([brotli.headers["etag"], gzip.headers["etag"], identity.headers["etag"]]).size).toBe(3);

    const revalidated = await send("/assets/entry-abc123.js", { "accept-encoding": "br", "if-none-match": String(brotli.headers["etag"]) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it("answers a byte range of the file it sends", async () => {
    const answer = await send("/assets/entry-abc123.js", { range: "bytes=0-5" });

    expect(answer.status).toBe(206);
    expect(answer.headers["content-range"]).toBe(`bytes 0-5/${script.length}`);
    expect(answer.body.toString()).toBe(script.slice(0, 6));
  });

  it("answers 404 for a missing asset instead of rendering a page", async () => {
    const answer = await send("/assets/entry-gone99.js", { "accept-encoding": "br, gzip" });

    expect(answer.status).toBe(404);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString()).not.toContain("a page");
  });

  it("serves the other files of the build compressed, cached for an hour", async () => {
    const answer = await send("/favicon.svg", { "accept-encoding": "gzip, br" });

    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("image/svg+xml");
    expect(answer.headers["vary"]).toBe("Accept-Encoding");
    expect(answer.headers["cache-control"]).toBe("public, max-age=3600");
    expect(brotliDecompressSync(answer.body).toString()).toBe(icon);
  });

  it("leaves pages and posts to the app, without a file's encoding", async () => {
    const page = await send("/book", { "accept-encoding": "br" });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toBe("<p>a page</p>");

    const post = await send("/favicon.svg", { "accept-encoding": "br" }, "POST");
    expect(post.status).toBe(200);
    expect(post.headers["content-encoding"]).toBeUndefined();
    expect(post.headers["content-type"]).toMatch(/^text\/html/);
    expect(post.body.toString()).toBe("<p>a page</p>");
  });

  it("refuses other methods than GET and HEAD on an asset, without a file's encoding", async () => {
    const answer = await send("/assets/entry-abc123.js", { "accept-encoding": "br" }, "POST");

    expect(answer.status).toBe(405);
    expect(answer.headers["allow"]).toBe("GET, HEAD");
    expect(answer.headers["content-encoding"]).toBeUndefined();
  });
});
