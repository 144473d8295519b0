// Prints the landing page's weight and the server's throughput for `/`.
// Usage: npm run build && npm run bench:landing   (starts its own production server on a free port)
//
// The weight is what a phone's browser fetches on its first visit: Chromium opens `/` at 390×844
// with an empty cache, waits for the page and its fonts, and every response is counted by kind
// (HTML, CSS, JS, fonts, images). Text is counted gzipped, as the server sends it; fonts and raster
// images are sent as they are, already compressed.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import { startBenchServer } from "./support/server.ts";

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const KINDS = ["HTML", "CSS", "JS", "fonts", "images", "other"] as const;
type Kind = (typeof KINDS)[number];

function kindOf(resourceType: string): Kind {
  switch (resourceType) {
    case "document":
      return "HTML";
    case "stylesheet":
      return "CSS";
    case "script":
      return "JS";
    case "font":
      return "fonts";
    case "image":
      return "images";
    default:
      return "other";
  }
}

/** The bytes a response costs on the wire: gzipped when its type compresses (text, SVG), else as is. */
function transferBytes(body: Buffer, contentType: string): number {
  const compressible = /^text\/|javascript|json|svg|xml/.test(contentType);
  return compressible ? gzipSync(body).length : body.length;
}

const server = await startBenchServer();
const base = server.origin;
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell" });
  const totals = new Map<Kind, { files: string[]; raw: number; transfer: number }>(KINDS.map((kind) => [kind, { files: [], raw: 0, transfer: 0 }]));
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const counted: Array<Promise<void>> = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.origin !== base) return;
      counted.push(
        response.body().then((body) => {
          const total = totals.get(kindOf(response.request().resourceType()))!;
          total.files.push(url.pathname);
          total.raw += body.length;
          total.transfer += transferBytes(body, response.headers()["content-type"] ?? "");
        }),
      );
    });
    await page.goto(`${base}/`, { waitUntil: "load" });
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await page.waitForLoadState("networkidle");
    await Promise.all(counted);
  } finally {
    await browser.close();
  }

  console.log("landing, first visit on a 390px phone (empty cache); sent = gzip for text and SVG, fonts as they are:");
  let transfer = 0;
  for (const [kind, total] of totals) {
    if (kind === "other" && total.files.length === 0) continue;
    transfer += total.transfer;
    const names = kind === "fonts" || kind === "images" || kind === "other" ? `  ${total.files.map((file) => file.split("/").pop()).join(", ")}` : "";
    console.log(
      `  ${`${kind}:`.padEnd(8)} ${String(total.files.length).padStart(2)} file(s), ${kib(total.raw).padStart(10)} raw, ${kib(total.transfer).padStart(10)} sent${names}`,
    );
  }
  console.log(`  ${"total:".padEnd(8)} ${kib(transfer)} sent`);

  const result = await autocannon({ url: `${base}/`, connections: 10, duration: 10, headers: { "accept-encoding": "gzip" } });
  console.log(
    `GET / (10 connections, 10 s, gzip): ${result.requests.average.toFixed(0)} req/s, ` +
      `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
} finally {
  await server.stop();
}
