import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { createApiKeys } from "../../../emulators/supabase/index.ts";
import { SERVER_NODE_FLAGS } from "../../../server/node-flags.ts";
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

/** Another production server on its own port and data directory, healthy when returned. */
export async function spawnServer(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  command?: (node: string) => [string, string[]];
}): Promise<SpawnedServer> {
  const port = options.port ?? (await freePort());
  const base = `http://localhost:${port}`;
  const [command, args] = options.command?.(process.execPath) ?? [process.execPath, [...SERVER_NODE_FLAGS, "build/server.js"]];
  let output = "";
  const child = spawn(command, args, {
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: options.dataDir, LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
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
