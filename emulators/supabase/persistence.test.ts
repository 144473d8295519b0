import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createSupabaseEmulator, type SupabaseEmulator } from "./index.ts";

// The emulator on a data directory: data survives a restart and a SIGKILL right after an acknowledged
// write. Both tests share one directory (initialising a fresh on-disk cluster takes seconds).
const dataDir = mkdtempSync(join(tmpdir(), "supabase-emulator-"));
const url = "http://localhost:54321";

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(emulator: SupabaseEmulator, email: string, password: string): Promise<string> {
  const response = await emulator.fetch(`${url}/auth/v1/signup`, {
    method: "POST",
    headers: { apikey: emulator.anonKey, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()).access_token;
}

async function signInStatus(emulator: SupabaseEmulator, email: string, password: string): Promise<number> {
  const response = await emulator.fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: emulator.anonKey, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

function appliedMigrations(emulator: SupabaseEmulator) {
  return emulator.db.pg
    .query<{ version: string; applied_at: Date }>("select version, applied_at from supabase_migrations.schema_migrations order by version")
    .then((result) => result.rows);
}

/** Who may execute a function the migrations' role creates in public from now on. */
async function newFunctionCallers(emulator: SupabaseEmulator): Promise<string[]> {
  await emulator.db.pg.query("create function public.restart_probe() returns integer language sql as 'select 1'");
  try {
    const { rows } = await emulator.db.pg.query<{ role: string }>(
      "select r.role from unnest(array['anon', 'authenticated', 'service_role']) as r(role) where has_function_privilege(r.role, 'public.restart_probe()', 'execute') order by 1",
    );
    return rows.map((row) => row.role);
  } finally {
    await emulator.db.pg.query("drop function public.restart_probe()");
  }
}

describe("a persisted emulator", () => {
  it("keeps users, sessions and the migrations' default privileges across a restart and applies each migration once", async () => {
    const first = await createSupabaseEmulator({ url, dataDir });
    const accessToken = await signUp(first, "restart@example.com", "kept-across-restarts");
    const migrationsBefore = await appliedMigrations(first);
    expect(await newFunctionCallers(first)).toEqual(["service_role"]);
    await first.close();

    const second = await createSupabaseEmulator({ url, dataDir });
    try {
      expect(await signInStatus(second, "restart@example.com", "kept-across-restarts")).toBe(200);
      expect(await appliedMigrations(second)).toEqual(migrationsBefore);
      expect(await newFunctionCallers(second)).toEqual(["service_role"]);
      const user = await second.fetch(`${url}/auth/v1/user`, {
        headers: { apikey: second.anonKey, authorization: `Bearer ${accessToken}` },
      });
      expect(user.status).toBe(200);
    } finally {
      await second.close();
    }
  }, 60_000);

  it("loses no acknowledged sign-up when the process is killed with SIGKILL", async () => {
    const fixture = fileURLToPath(new URL("./testing/fixtures/signup-until-killed.ts", import.meta.url));
    // Its own process group, so SIGKILL reaches the node process behind npx.
    const child = spawn("npx", ["tsx", fixture, dataDir], { stdio: ["ignore", "pipe", "inherit"], detached: true });
    const acked: string[] = [];
    await new Promise<void>((resolve, reject) => {
      let pending = "";
      child.on("exit", (code) => reject(new Error(`the writer exited early with code ${code}`)));
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        const lines = (pending + chunk).split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) if (line.startsWith("acked ")) acked.push(line.slice("acked ".length));
        if (acked.length >= 3) {
          child.removeAllListeners("exit");
          process.kill(-child.pid!, "SIGKILL");
          resolve();
        }
      });
    });
    await new Promise((resolve) => child.once("exit", resolve));
    expect(child.signalCode).toBe("SIGKILL");

    const reopened = await createSupabaseEmulator({ url, dataDir });
    try {
      const { rows } = await reopened.db.pg.query<{ email: string }>("select email from auth.users where email = any($1)", [acked]);
      expect(rows.map((row) => row.email).sort()).toEqual([...acked].sort());
      expect(await signInStatus(reopened, acked.at(-1)!, "survives-a-crash")).toBe(200);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
