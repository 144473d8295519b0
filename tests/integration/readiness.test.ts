import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { createReadinessCheck, livenessProbe, readinessProbe, type Readiness } from "../../server/health.ts";
import { newestMigrationVersion } from "../../server/migration-version.ts";
import { signInCustomer } from "./support/app-harness.ts";

// /healthz says the process answers; /readyz whether the database and storage answer the service role
// and the database has every migration of this build, naming what failed when not.

const NEWEST_MIGRATION = newestMigrationVersion(path.resolve("supabase/migrations"))!;

let backend: TestBackend;
let service: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.createClient({ key: "service_role" });
});

afterAll(async () => {
  await backend?.close();
});

function checkOver(options: { fetch?: typeof fetch; expectedMigration?: string; serviceRoleKey?: string } = {}) {
  return createReadinessCheck({
    connection: { url: backend.url, anonKey: backend.anonKey, fetch: options.fetch ?? backend.fetch },
    serviceRoleKey: options.serviceRoleKey ?? backend.serviceRoleKey,
    expectedMigration: options.expectedMigration ?? NEWEST_MIGRATION,
  });
}

/** The backend's fetch, except that requests whose path starts with `prefix` fail as an unreachable host does. */
function failing(prefix: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith(prefix)) throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") });
    return backend.fetch(input, init);
  };
}

describe("newest_applied_migration", () => {
  it("gives the service role the newest migration file's version", async () => {
    const { data, error } = await service.rpc("newest_applied_migration");
    expect(error).toBeNull();
    expect(data).toBe(NEWEST_MIGRATION);
  });

  it("answers no one else", async () => {
    const anonymous = await backend.createClient().rpc("newest_applied_migration");
    expect(anonymous.data).toBeNull();
    expect(anonymous.error?.code).toBe("42501");
    const customer = await signInCustomer(backend, "migrations-reader");
    const signedIn = await customer.client.rpc("newest_applied_migration");
    expect(signedIn.data).toBeNull();
    expect(signedIn.error?.code).toBe("42501");
  });

  it.skipIf(usingHostedBackend)("answers null, not an error, where no migration history exists", async () => {
    await backend.sql("alter table supabase_migrations.schema_migrations rename to schema_migrations_aside");
    try {
      const { data, error } = await service.rpc("newest_applied_migration");
      expect(error).toBeNull();
      expect(data).toBeNull();
      expect(await checkOver()()).toMatchObject({ ready: false, database: "ok", migrations: "not recorded" });
    } finally {
      await backend.sql("alter table supabase_migrations.schema_migrations_aside rename to schema_migrations");
    }
  });
});

describe("the readiness check", () => {
  it("is ready when the database and storage answer and the newest migration is applied", async () => {
    expect(await checkOver()()).toEqual<Readiness>({
      ready: true,
      database: "ok",
      storage: "ok",
      migrations: "ok",
      expectedMigration: NEWEST_MIGRATION,
      appliedMigration: NEWEST_MIGRATION,
    });
  });

  it("stays ready when the database is ahead of this build (a rolling update applied the next migrations)", async () => {
    expect(await checkOver({ expectedMigration: "20200101000000" })()).toMatchObject({ ready: true, migrations: "ok" });
  });

  it("is not ready when a migration of this build is missing", async () => {
    expect(await checkOver({ expectedMigration: "29991231235959" })()).toMatchObject({
      ready: false,
      database: "ok",
      migrations: "behind",
      appliedMigration: NEWEST_MIGRATION,
    });
  });

  it("names the database, or the storage, when it does not answer", async () => {
    expect(await checkOver({ fetch: failing("/rest/v1") })()).toMatchObject({ ready: false, database: "unreachable", storage: "ok", migrations: "unknown" });
    expect(await checkOver({ fetch: failing("/storage/v1") })()).toMatchObject({ ready: false, database: "ok", storage: "unreachable", migrations: "ok" });
  });

  it("says the key is refused when the service-role key is not the project's", async () => {
    expect(await checkOver({ serviceRoleKey: backend.anonKey })()).toMatchObject({ ready: false, database: "refused" });
  });
});

describe("/healthz and /readyz", () => {
  let server: Server;
  let origin: string;
  let stopping = false;
  let databaseDown = false;

  beforeAll(async () => {
    const healthy = checkOver();
    const down = checkOver({ fetch: failing("/") });
    const app = express();
    app.get("/healthz", livenessProbe());
    app.get("/readyz", readinessProbe({ check: () => (databaseDown ? down() : healthy()), isStopping: () => stopping }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server?.close();
  });

  const get = async (pathname: string) => {
    const response = await fetch(`${origin}${pathname}`);
    return { status: response.status, cacheControl: response.headers.get("cache-control"), body: (await response.json()) as Record<string, unknown> };
  };

  it("answers ready, uncached", async () => {
    expect(await get("/readyz")).toEqual({ status: 200, cacheControl: "no-store", body: { status: "ready", database: "ok", storage: "ok", migrations: "ok" } });
    expect(await get("/healthz")).toEqual({ status: 200, cacheControl: "no-store", body: { status: "ok" } });
  });

  it("answers 503 naming what failed while the backends are down, and the process stays live", async () => {
    databaseDown = true;
    try {
      expect(await get("/readyz")).toEqual({
        status: 503,
        cacheControl: "no-store",
        body: {
          status: "not ready",
          failed: ["database", "storage", "migrations"],
          database: "unreachable",
          storage: "unreachable",
          migrations: "unknown",
          expectedMigration: NEWEST_MIGRATION,
          appliedMigration: null,
        },
      });
      expect((await get("/healthz")).status).toBe(200);
    } finally {
      databaseDown = false;
    }
  });

  it("answers 503 once the server is stopping, while it still serves", async () => {
    stopping = true;
    try {
      expect(await get("/readyz")).toEqual({ status: 503, cacheControl: "no-store", body: { status: "stopping", failed: ["shutdown"] } });
      expect((await get("/healthz")).status).toBe(200);
    } finally {
      stopping = false;
    }
  });
});
