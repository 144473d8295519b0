// What a 200 MB form body costs the server while it is refused: the process's peak memory and the
// latency of /healthz meanwhile, for a body with a declared Content-Length and for a chunked one.
// Usage: npm run build && npm run bench:oversized-body   (starts its own server on a free port)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const BODY_BYTES = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: kib("VmRSS") / 1024, peakMiB: kib("VmHWM") / 1024 };
}

/** Sends up to 200 MB (stopping when the server answers or closes) and returns the status seen. */
function postHugeBody(port: number, declared: boolean): Promise<{ status: number | string; sentMiB: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    let settled = false;
    const finish = (status: number | string) => {
      if (settled) return;
      settled = true;
      resolve({ status, sentMiB: sent / 1024 / 1024, ms: performance.now() - started });
    };
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${port}` };
    if (declared) headers["Content-Length"] = String(BODY_BYTES);
    const req = request({ host: "127.0.0.1", port, path: "/?index", method: "POST", headers }, (response) => {
      response.resume();
      finish(response.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", (error) => finish(`connection ${(error as NodeJS.ErrnoException).code ?? error.message}`));
    const pump = () => {
      while (!settled && sent < BODY_BYTES) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once("drain", pump);
      }
      if (!settled) req.end();
    };
    pump();
  });
}

async function healthLatencies(port: number, until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void until.then(() => (done = true));
  while (!done) {
    const started = performance.now();
    await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.arrayBuffer());
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), "movers-bench-"));
const server = spawn(process.execPath, ["build/server.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent", DATA_DIR: dataDir },
  stdio: "inherit",
});
try {
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      if (attempt > 300) throw new Error("server did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const idle = memoryOf(server.pid!);
  console.log(`idle: rss ${idle.rssMiB.toFixed(0)} MiB, peak so far ${idle.peakMiB.toFixed(0)} MiB`);
  for (const declared of [true, false]) {
    const upload = postHugeBody(port, declared);
    const latencies = (await healthLatencies(port, upload)).sort((a, b) => a - b);
    const result = await upload;
    const memory = memoryOf(server.pid!);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(1) ?? "-";
    console.log(
      `${declared ? "declared Content-Length" : "chunked, no length"}: answered ${result.status} after ${result.ms.toFixed(0)} ms and ` +
        `${result.sentMiB.toFixed(1)} MiB sent; process rss ${memory.rssMiB.toFixed(0)} MiB, peak ${memory.peakMiB.toFixed(0)} MiB; ` +
        `/healthz meanwhile (${latencies.length} probes) p50 ${p(0.5)} ms, max ${latencies.at(-1)?.toFixed(1) ?? "-"} ms`,
    );
  }
} finally {
  server.kill("SIGTERM");
  await once(server, "exit");
  rmSync(dataDir, { recursive: true, force: true });
}
