import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import { spawnServer, type SpawnedServer } from "./spawn-server.ts";

/**
 * A production server of the calling describe block's own, started with `env` on a data directory made
 * for it before the block's tests, stopped and its directory removed after them. Returns a getter: the
 * server exists only once the block has started.
 */
export function ownServer(label: string, env: Record<string, string>): () => SpawnedServer {
  let server: SpawnedServer | undefined;
  let dataDir = "";
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = mkdtempSync(path.join(tmpdir(), `movers-${label}-`));
    server = await spawnServer({ dataDir, env });
  });
  test.afterAll(() => {
    server?.process.kill("SIGTERM");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error(`the ${label} server has not started`);
    return server;
  };
}
