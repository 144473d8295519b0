// Prints the landing page's weight and the server's throughput for `/`, each next to React Router's
// own template page on Express 5 with compression (benchmarks/bare-react-router), measured in the same run.
// Usage: npm run build && npm run bench:landing   (builds the reference page, starts both servers on free ports)
//
// The weight is what a phone's browser fetches on its first visit: Chromium opens `/` at 390×844 with
// an empty cache, waits for the page and its fonts, and each response is counted by kind (HTML, CSS,
// JS, fonts, images) with the bytes its body took on the wire, in the encoding the server chose.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import autocannon from "autocannon";
import { percentile } from "./support/statistics.ts";
import { freePort, startBenchServer } from "./support/server.ts";

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
/** What Chromium sends, so each server picks the encoding it would pick for a browser. */
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const ROUNDS = 3;
const ROUND_SECONDS = 8;

const KINDS = ["HTML", "CSS", "JS", "fonts", "images", "other"] as const;
type Kind = (typeof KINDS)[number];
type Weight = Map<Kind, { files: string[]; raw: number; gzip: number; sent: number; encodings: Set<string> }>;

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

async function pageWeight(browser: Browser, origin: string): Promise<Weight> {
  const weight: Weight = new Map(KINDS.map((kind) => [kind, { files: [], raw: 0, gzip: 0, sent: 0, encodings: new Set() }]));
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    const counted: Array<Promise<void>> = [];
    page.on("requestfinished", (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin) return;
      counted.push(
        Promise.all([request.response(), request.sizes()]).then(async ([response, sizes]) => {
          // Asked again for the decoded size: a preloaded module's body is not kept for the page to read.
          const body = Buffer.from(await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
          const encoding = (await response?.headerValue("content-encoding")) ?? "identity";
          const total = weight.get(kindOf(request.resourceType()))!;
          total.files.push(url.pathname);
          total.raw += body.length;
          total.gzip += gzipSync(body, { level: 9 }).length;
          total.sent += sizes.responseBodySize;
          total.encodings.add(encoding);
        }),
      );
    });
    await page.goto(`${origin}/`, { waitUntil: "load" });
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await page.waitForLoadState("networkidle");
    await Promise.all(counted);
  } finally {
    await page.close();
  }
  return weight;
}

function printWeight(label: string, weight: Weight) {
  console.log(`${label}, first visit on a 390px phone (empty cache), body bytes as sent:`);
  let sent = 0;
  for (const [kind, total] of weight) {
    if (total.files.length === 0) continue;
    sent += total.sent;
    const names = kind === "fonts" || kind === "images" || kind === "other" ? `  ${total.files.map((file) => file.split("/").pop()).join(", ")}` : "";
    console.log(
      `  ${`${kind}:`.padEnd(8)} ${String(total.files.length).padStart(2)} file(s), ${kib(total.raw).padStart(10)} raw, ` +
        `${kib(total.gzip).padStart(10)} gzip -9, ${kib(total.sent).padStart(10)} sent (${[...total.encodings].join(", ")})${names}`,
    );
  }
  console.log(`  ${"total:".padEnd(8)} ${kib(sent)} sent`);
}

async function requestsPerSecond(origin: string): Promise<{ rate: number; p50: number; p99: number; failures: number }> {
  const result = await autocannon({ url: `${origin}/`, connections: 10, duration: ROUND_SECONDS, headers: { "accept-encoding": ACCEPT_ENCODING } });
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.errors + result.non2xx };
}

/** Builds and starts the reference page; resolves once it listens. */
async function startReference(): Promise<{ origin: string; child: ChildProcess }> {
  const directory = path.join(import.meta.dirname, "bare-react-router");
  execFileSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build", directory], { stdio: "ignore" });
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(directory, "server.ts"), String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  await once(createInterface({ input: child.stdout! }), "line");
  return { origin: `http://127.0.0.1:${port}`, child };
}

const server = await startBenchServer();
const reference = await startReference();
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell" });
  try {
    printWeight("landing page", await pageWeight(browser, server.origin));
    printWeight("reference (React Router template)", await pageWeight(browser, reference.origin));
  } finally {
    await browser.close();
  }

  // Rounds alternate between the two, so a busy moment of the machine weighs on both alike.
  const app: Array<Awaited<ReturnType<typeof requestsPerSecond>>> = [];
  const bare: typeof app = [];
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(await requestsPerSecond(reference.origin));
    app.push(await requestsPerSecond(server.origin));
  }
  const median = (runs: typeof app, pick: (run: (typeof app)[number]) => number) => percentile(runs.map(pick), 0.5);
  const line = (label: string, runs: typeof app) =>
    `  ${label.padEnd(34)} ${median(runs, (run) => run.rate)
      .toFixed(0)
      .padStart(6)} req/s, latency p50 ${median(runs, (run) => run.p50)} ms, ` +
    `p99 ${median(runs, (run) => run.p99)} ms, failures ${runs.reduce((sum, run) => sum + run.failures, 0)}`;
  console.log(`GET / anonymous (10 connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s, medians, Accept-Encoding: ${ACCEPT_ENCODING}):`);
  console.log(line("landing page", app));
  console.log(line("reference (React Router template)", bare));
  console.log(`  ratio: ${(median(app, (run) => run.rate) / median(bare, (run) => run.rate)).toFixed(2)}×`);
} finally {
  reference.child.kill("SIGTERM");
  await server.stop();
}
