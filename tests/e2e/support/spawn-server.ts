import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { createApiKeys } from "../../../emulators/supabase/index.ts";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "../../../server/node-flags.ts";
import { freePort } from "../../../server/testing/free-port.ts";

export { freePort };

export interface SpawnedServer {
  base: string;
  /** Its DATA_DIR (the mail catcher's inbox, the database). */
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** The embedded Supabase of this server, with the service-role key (for checks the UI cannot make). */
  serviceClient(): Promise<SupabaseClient>;
}

/** How often a server is started again when the port chosen for it was taken before it could listen. */
const PORT_ATTEMPTS = 5;

/** Another production server on its own port and data directory, healthy when returned. */
export async function spawnServer(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  command?: (node: string) => [string, string[]];
}): Promise<SpawnedServer> {
  for (let attempt = 1; ; attempt++) {
    const started = await startServer(options, options.port ?? (await freePort()));
    if ("base" in started) return started;
    // Another process may take a free port between choosing it and listening on it; only a port
    // this function chose itself can be chosen again.
    const portTaken = started.output.includes("EADDRINUSE");
    if (!portTaken || options.port !== undefined || attempt === PORT_ATTEMPTS) throw new Error(`server did not start:\n${started.output}`);
  }
}

async function startServer(options: Parameters<typeof spawnServer>[0], port: number): Promise<SpawnedServer | { output: string }> {
  const base = `http://localhost:${port}`;
  const [command, args] = options.command?.(process.execPath) ?? [process.execPath, [...SERVER_NODE_FLAGS, "build/server.js"]];
  let output = "";
  const child = spawn(command, args, {
    env: {
      ...process.env,
      ...SERVER_ENVIRONMENT,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // Its output is whole once its pipes close, after it exits.
  const closed = new Promise((resolve) => child.on("close", resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) {
      await closed;
      return { output };
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output}`);
    }
    // The poll's interval between health checks, not a wait for the condition itself.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    dataDir: options.dataDir,
    process: child,
    output: () => output,
    async serviceClient() {
      const secret = readFileSync(path.join(options.dataDir, "jwt-secret"), "utf8").trim();
      const { serviceRoleKey } = await createApiKeys(secret);
      return createClient(base, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    },
  };
}
