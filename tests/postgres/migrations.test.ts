import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { BOOTSTRAP_SQL, SERVICE_ROLE, applyDatabaseScripts, callAs, connect, createDatabase, migrationFiles, type TestDatabase } from "./support/database.ts";

// What a hosted Supabase project runs (PostgreSQL 15 or 17) is not what the embedded emulator runs
// (PGlite, PostgreSQL 18 in WebAssembly): the bootstrap, every migration and the seed must apply to a
// fresh database of the real server too, in order, each recorded as `supabase db push` records it.

let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  database = await createDatabase();
  client = await connect(database.url);
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

describe("a fresh PostgreSQL database", () => {
  it("is a server version hosted Supabase runs or newer (15+)", async () => {
    const { rows } = await client.query<{ version: number }>("select current_setting('server_version_num')::int as version");
    expect(rows[0]!.version).toBeGreaterThanOrEqual(150_000);
  });

  it("takes the bootstrap, every migration in order and the seed, and records every migration", async () => {
    await applyDatabaseScripts(client);

    const recorded = await client.query<{ version: string; name: string }>("select version, name from supabase_migrations.schema_migrations order by version");
    const files = migrationFiles();
    expect(files.length).toBeGreaterThan(0);
    expect(recorded.rows).toEqual(files.map(({ version, name }) => ({ version, name })));
    expect((await client.query("select path from supabase_migrations.seed_files")).rows).toEqual([{ path: "seed.sql" }]);

    // The server's readiness check reads the newest migration, as the service role.
    const newest = await callAs(database.url, SERVICE_ROLE, (server) => server.query<{ newest: string }>("select public.newest_applied_migration() as newest"));
    expect(newest.ok && newest.rows[0]!.newest).toBe(files.at(-1)!.version);
  });

  it("takes the bootstrap again over a migrated database, as the emulator runs it at every start", async () => {
    await client.query("begin");
    await client.query(BOOTSTRAP_SQL);
    await client.query("commit");
    const { rows } = await client.query<{ count: number }>("select count(*)::int as count from supabase_migrations.schema_migrations");
    expect(rows[0]!.count).toBe(migrationFiles().length);
  });
});
