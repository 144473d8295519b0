// The production build started for a benchmark: its own free port and empty data directory.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "../../server/node-flags.ts";
import { freePort } from "../../server/testing/free-port.ts";

export { freePort };

export interface BenchServer {
  /** Where the server answers, also its PUBLIC_URL (so form posts carry a matching Origin). */
  origin: string;
  port: number;
  /** The server's DATA_DIR (its JWT secret is there: seeding scripts make the service-role key from it). */
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `build/server.js` (run `npm run build` first) and waits until /healthz answers. Its data
 * directory is a new empty one, or `dataDir` when given (seeded beforehand); either is removed at stop.
 */
export async function startBenchServer(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "movers-bench-"));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "build/server.js"], {
    env: {
      ...process.env,
      ...SERVER_ENVIRONMENT,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: "inherit",
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt++) {
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (attempt > 300 || child.exitCode !== null) {
      await stop();
      throw new Error("server did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, port, dataDir, process: child, stop };
}

/** /healthz latencies, one probe every 20 ms, until `until` settles. */
export async function healthLatencies(origin: string, until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void until.then(() => (done = true));
  while (!done) {
    const started = performance.now();
    await fetch(`${origin}/healthz`).then((response) => response.arrayBuffer());
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}
