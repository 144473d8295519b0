// What a 200 MB form body costs the server while it is refused: the process's peak memory and the
// latency of /healthz meanwhile, for a body with a declared Content-Length and for a chunked one.
// Usage: npm run build && npm run bench:oversized-body   (starts its own server on a free port)
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { healthLatencies, startBenchServer } from "./support/server.ts";

const BODY_BYTES = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

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

const server = await startBenchServer();
const { port } = server;
try {
  const idle = memoryOf(server.process.pid!);
  console.log(`idle: rss ${idle.rssMiB.toFixed(0)} MiB, peak so far ${idle.peakMiB.toFixed(0)} MiB`);
  for (const declared of [true, false]) {
    const upload = postHugeBody(port, declared);
    const latencies = (await healthLatencies(server.origin, upload)).sort((a, b) => a - b);
    const result = await upload;
    const memory = memoryOf(server.process.pid!);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(1) ?? "-";
    console.log(
      `${declared ? "declared Content-Length" : "chunked, no length"}: answered ${result.status} after ${result.ms.toFixed(0)} ms and ` +
        `${result.sentMiB.toFixed(1)} MiB sent; process rss ${memory.rssMiB.toFixed(0)} MiB, peak ${memory.peakMiB.toFixed(0)} MiB; ` +
        `/healthz meanwhile (${latencies.length} probes) p50 ${p(0.5)} ms, max ${latencies.at(-1)?.toFixed(1) ?? "-"} ms`,
    );
  }
} finally {
  await server.stop();
}
