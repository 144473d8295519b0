// Prints the server's resident memory (RSS): its peak while starting, idle after start-up, and idle
// again after a short load, in three set-ups:
//   embedded, first start   the embedded Supabase (PGlite) builds its database in an empty DATA_DIR
//   embedded, restart       the same DATA_DIR started again: the database is already there
//   hosted backends         Supabase and an SMTP server in a separate process (the emulator over HTTP,
//                           standing in for a hosted project, and the mail catcher) and hosted-Stripe
//                           mode: only the app is measured, as in production
// At each idle reading the server also reports its parts (MEMORY_REPORT_FILE, read on SIGUSR2): V8's heap,
// memory outside it, the embedded database's WebAssembly memory, libvips' cache and threads, and what
// the app's build and each backend added to the process while it started. Each set-up's line of
// targets says which of its readings meet them (TARGETS below) and which do not.
// Usage: npm run build && npm run bench:memory
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import type { MemoryReport } from "../server/memory-report.ts";
import { memoryOf, resetPeak } from "./support/process-memory.ts";
import { freePort, startBenchServer, type BenchServer } from "./support/server.ts";

/** How long a server is left alone before its idle memory is read. */
const SETTLE_MS = 10_000;
/** The pages of the load: what anonymous visitors open most. */
const LOAD_PATHS = ["/", "/book", "/?auth=login", "/payment-canceled"];

/**
 * The targets, in resident MiB: the embedded demo idle after its start and idle again after the load
 * (what the load took given back), and the app alone on hosted backends idle.
 */
const TARGETS = { embeddedIdle: 150, embeddedAfterLoad: 200, hostedIdle: 120 };

const mib = (value: number) => `${value.toFixed(0).padStart(5)} MiB`;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

interface Reading {
  startPeak: number;
  idle: number;
  afterLoad: number;
  loadPeak: number;
  idleParts: MemoryReport;
  afterLoadParts: MemoryReport;
}

/** The report file each server is started with. */
const reportFile = (server: BenchServer) => path.join(server.dataDir, "memory-report.json");
const withReport = (dataDir: string) => ({ MEMORY_REPORT_FILE: path.join(dataDir, "memory-report.json") });

/** Asks the server for its memory report (SIGUSR2) and waits for the file it writes. */
async function partsOf(server: BenchServer): Promise<MemoryReport> {
  const file = reportFile(server);
  rmSync(file, { force: true });
  server.process.kill("SIGUSR2");
  for (let attempt = 0; !existsSync(file); attempt++) {
    if (attempt > 100) throw new Error("the server wrote no memory report");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return JSON.parse(readFileSync(file, "utf8")) as MemoryReport;
}

async function measure(server: BenchServer): Promise<Reading> {
  const pid = server.process.pid!;
  const startPeak = memoryOf(pid).peakMiB;
  await settle();
  const idle = memoryOf(pid).rssMiB;
  const idleParts = await partsOf(server);
  resetPeak(pid);
  for (const pathname of LOAD_PATHS) {
    await autocannon({ url: `${server.origin}${pathname}`, connections: 10, duration: 5, headers: { "accept-encoding": "br, gzip" } });
  }
  const loadPeak = memoryOf(pid).peakMiB;
  await settle();
  const afterLoad = memoryOf(pid).rssMiB;
  return { startPeak, idle, afterLoad, loadPeak, idleParts, afterLoadParts: await partsOf(server) };
}

const bytesInMiB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

function partsLine(label: string, report: MemoryReport): string {
  const { heapUsed, heapTotal, external, arrayBuffers } = report.process;
  const database = report.databaseWasmMemory === null ? "none" : bytesInMiB(report.databaseWasmMemory);
  const sharp = report.imageLibrary
    ? `cache ${bytesInMiB(report.imageLibrary.cache.memory.current)} of ${bytesInMiB(report.imageLibrary.cache.memory.max)}, ` +
      `${report.imageLibrary.cache.items.current} of ${report.imageLibrary.cache.items.max} operations, concurrency ${report.imageLibrary.concurrency}`
    : "not loaded";
  return (
    `    ${label.padEnd(16)} V8 heap ${bytesInMiB(heapUsed)} used of ${bytesInMiB(heapTotal)}, external ${bytesInMiB(external)} ` +
    `(array buffers ${bytesInMiB(arrayBuffers)}); database WASM memory ${database}; sharp ${sharp}`
  );
}

/** A figure against its target, met or not. */
const against = (what: string, value: number, target: number) => `${what} ${value.toFixed(0)} MiB against <= ${target}: ${value <= target ? "met" : "MISSED"}`;

function print(label: string, reading: Reading, targets: string[]) {
  console.log(
    `  ${label.padEnd(22)} start-up peak ${mib(reading.startPeak)}   idle ${mib(reading.idle)}   ` +
      `peak under load ${mib(reading.loadPeak)}   idle after load ${mib(reading.afterLoad)}`,
  );
  console.log(`    ${"targets:".padEnd(16)} ${targets.join("; ")}`);
  console.log(partsLine("idle:", reading.idleParts));
  console.log(partsLine("after load:", reading.afterLoadParts));
  const added = reading.idleParts.startup.map(({ part, rss, heapUsed }) => `${part} ${bytesInMiB(rss)} (V8 heap ${bytesInMiB(heapUsed)})`);
  console.log(`    ${"started:".padEnd(16)} ${added.join(", ")}`);
}

const embeddedTargets = (reading: Reading) => [
  against("idle", reading.idle, TARGETS.embeddedIdle),
  against("idle after load", reading.afterLoad, TARGETS.embeddedAfterLoad),
];

/** The Supabase emulator in its own process, over HTTP, with an SMTP server; resolves once it prints its keys. */
async function startStandaloneSupabase(dataDir: string): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "support/standalone-supabase.ts"), String(port), dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), "line")) as [string];
  const keys = JSON.parse(line) as { url: string; anonKey: string; serviceRoleKey: string; jwtSecret: string; smtpUrl: string };
  return {
    child,
    env: {
      SUPABASE_URL: keys.url,
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      SUPABASE_JWT_SECRET: keys.jwtSecret,
      STRIPE_SECRET_KEY: "sk_test_memory_benchmark",
      STRIPE_WEBHOOK_SECRET: "whsec_memory_benchmark",
      SMTP_URL: keys.smtpUrl,
    },
  };
}

console.log(`server RSS (idle = ${SETTLE_MS / 1000} s after start-up; load = ${LOAD_PATHS.join(", ")}, 5 s each, 10 connections):`);

const dataDir = mkdtempSync(path.join(tmpdir(), "movers-memory-"));
try {
  const first = await startBenchServer(withReport(dataDir), { dataDir });
  // Stopped by hand: stop() would remove the data directory the restart is measured on.
  const firstReading = await measure(first).finally(() => first.process.kill("SIGTERM"));
  await once(first.process, "exit");
  print("embedded, first start", firstReading, embeddedTargets(firstReading));

  const again = await startBenchServer(withReport(dataDir), { dataDir });
  try {
    const reading = await measure(again);
    print("embedded, restart", reading, embeddedTargets(reading));
  } finally {
    await again.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const supabaseDir = mkdtempSync(path.join(tmpdir(), "movers-memory-supabase-"));
const supabase = await startStandaloneSupabase(supabaseDir);
try {
  const hostedDir = mkdtempSync(path.join(tmpdir(), "movers-memory-hosted-"));
  const hosted = await startBenchServer({ ...supabase.env, ...withReport(hostedDir) }, { dataDir: hostedDir });
  try {
    const reading = await measure(hosted);
    print("hosted backends", reading, [against("idle", reading.idle, TARGETS.hostedIdle)]);
  } finally {
    await hosted.stop();
  }
} finally {
  supabase.child.kill("SIGTERM");
  await once(supabase.child, "exit");
  rmSync(supabaseDir, { recursive: true, force: true });
}
