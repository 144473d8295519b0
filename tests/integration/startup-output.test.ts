import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { spawnServer, type SpawnedServer } from "../e2e/support/spawn-server.ts";

// The production build started as `npm start` starts it on a fresh machine, its output read as a
// person reads a terminal or a captured log (`npm start > server.log`): the last lines say where to go
// and how the admin signs in, in plain words. Needs `npm run build` first.

let server: SpawnedServer;
let dataDir: string;

beforeAll(async () => {
  if (!existsSync("build/server.js")) throw new Error("startup-output.test.ts runs the production build: run `npm run build` first");
  dataDir = mkdtempSync(path.join(tmpdir(), "movers-first-start-"));
  server = await spawnServer({ dataDir, env: { NODE_ENV: "production", LOG_LEVEL: "info", ADMIN_EMAIL: "first@example.com", ADMIN_PASSWORD: "" } });
}, 90_000);

afterAll(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill("SIGTERM");
    await once(server.process, "exit");
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const lastLines = (count: number) => server.output().trimEnd().split("\n").slice(-count).join("\n");

it("ends its start-up output with the address, the admin area and the admin's email and generated password in plain lines", async () => {
  const generated = /"password":"([^"]+)"/.exec(server.output())?.[1];
  expect(generated).toBeTruthy();
  const base = server.base.replace("127.0.0.1", "localhost");
  await expect
    .poll(() => lastLines(4), { timeout: 40_000 })
    .toMatch(new RegExp(`^ *Open ${base}$[\\s\\S]*${base}/admin[\\s\\S]*first@example\\.com[\\s\\S]*Password: ${generated!.replace(/[-]/g, "\\-")}`, "m"));
  // The four lines are plain words, none of them JSON.
  for (const line of lastLines(4).split("\n")) expect(line.trimStart().startsWith("{")).toBe(false);
}, 60_000);
