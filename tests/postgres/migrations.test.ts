import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { startTestBackend, usingHostedBackend } from "../../emulators/supabase/testing/index.ts";
import { BOOTSTRAP_SQL, SERVICE_ROLE, applyDatabaseScripts, callAs, connect, createDatabase, migrationFiles, type TestDatabase } from "./support/database.ts";

// What a hosted Supabase project runs (PostgreSQL 15 or 17) is not what the embedded emulator runs
// (PGlite, PostgreSQL 18 in WebAssembly): the bootstrap, every migration and the seed must apply to a
// fresh database of the real server too, in order, each recorded as `supabase db push` records it.

/**
 * The public schema as the app and its callers see it, one line per object: relations with row level
 * security and what each API role may do to them, columns, functions with their security and who may
 * run them, policies and triggers.
 */
const PUBLIC_SCHEMA = `
with api_role(name) as (values ('anon'), ('authenticated'), ('service_role'))
select 'relation ' || c.relname || ' ' || c.relkind::text || ' rls ' || c.relrowsecurity::text || ' ' ||
  (select string_agg(r.name || ':' || concat_ws('',
      case when has_table_privilege(r.name, c.oid, 'select') then 's' end, case when has_table_privilege(r.name, c.oid, 'insert') then 'i' end,
      case when has_table_privilege(r.name, c.oid, 'update') then 'u' end, case when has_table_privilege(r.name, c.oid, 'delete') then 'd' end), ' ' order by r.name)
   from api_role r) as entry
from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p')
union all
select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end
from pg_class c join pg_attribute a on a.attrelid = c.oid
where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p') and a.attnum > 0 and not a.attisdropped
union all
select 'function ' || p.oid::regprocedure::text || case when p.prosecdef then ' security definer' else '' end
  || coalesce(' set ' || array_to_string(p.proconfig, ','), '') || ' ' || p.provolatile::text || ' run by '
  || coalesce((select string_agg(r.name, ',' order by r.name) from api_role r where has_function_privilege(r.name, p.oid, 'execute')), 'none')
from pg_proc p
where p.pronamespace = 'public'::regnamespace and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
union all
select 'policy ' || pol.polrelid::regclass::text || ' ' || pol.polname || ' ' || pol.polcmd::text || ' to ' || pol.polroles::regrole[]::text
from pg_policy pol
union all
select 'trigger ' || pg_get_triggerdef(t.oid) from pg_trigger t where not t.tgisinternal
order by 1`;

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

// In order: the tests after the second read the database it migrated.
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

  it.skipIf(usingHostedBackend)(
    "builds the same public schema as the emulator's PGlite: relations, columns, functions, who may use them, policies, triggers",
    async () => {
      const onPostgres = (await client.query<{ entry: string }>(PUBLIC_SCHEMA)).rows.map((row) => row.entry);
      const backend = await startTestBackend();
      try {
        const onPglite = (await backend.sql<{ entry: string }>(PUBLIC_SCHEMA)).map((row) => row.entry);
        expect(onPostgres.length).toBeGreaterThan(100);
        expect(onPostgres).toEqual(onPglite);
      } finally {
        await backend.close();
      }
    },
    // Starts a PGlite database as well, which takes several times a query's time on a busy machine.
    90_000,
  );
});
