import { chmodSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "./config.ts";
import { dataDirectoryTemplate } from "./database.ts";
import { createSupabaseEmulator } from "./index.ts";

// In-memory emulators with a template cache start from a copy of the database their scripts built.
// Each test builds a cluster from nothing, which takes several seconds on a busy machine.
const BUILDS_A_CLUSTER_MS = 60_000;
const scratch = mkdtempSync(join(tmpdir(), "supabase-template-"));
const migrationsDir = join(scratch, "migrations");
const templateCacheDir = join(scratch, "templates");
const url = "http://localhost:54321";

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function start() {
  return createSupabaseEmulator({ url, migrationsDir, seedFile: undefined, templateCacheDir });
}

describe("a database template", () => {
  it(
    "is built once, copied with its migrations applied, and never carries a copy's later writes",
    async () => {
      mkdirSync(migrationsDir, { recursive: true });
      writeFileSync(join(migrationsDir, "20260101000000_parcels.sql"), "create table public.parcels (id int primary key);");

      const first = await start();
      expect(readdirSync(templateCacheDir).filter((file) => file.endsWith(".tar"))).toHaveLength(1);
      await first.db.pg.exec("insert into public.parcels values (1)");
      await first.close();

      const second = await start();
      // Recorded as the Supabase CLI's `db push` records them on a hosted project.
      const { rows: migrations } = await second.db.pg.query("select version, name, statements from supabase_migrations.schema_migrations");
      expect(migrations).toEqual([{ version: "20260101000000", name: "parcels", statements: ["create table public.parcels (id int primary key);"] }]);
      const { rows: parcels } = await second.db.pg.query("select * from public.parcels");
      expect(parcels).toEqual([]);
      await second.close();
    },
    BUILDS_A_CLUSTER_MS,
  );

  it(
    "is built anew when a migration is added, so no copy misses one",
    async () => {
      writeFileSync(join(migrationsDir, "20260102000000_crates.sql"), "create table public.crates (id int primary key);");
      const emulator = await start();
      expect(readdirSync(templateCacheDir).filter((file) => file.endsWith(".tar"))).toHaveLength(2);
      const { rows } = await emulator.db.pg.query<{ name: string }>("select to_regclass('public.crates')::text as name");
      expect(rows).toEqual([{ name: "crates" }]);
      await emulator.close();
    },
    BUILDS_A_CLUSTER_MS,
  );

  it(
    "starts a data directory that holds no database as a copy of the data-directory template, and never replaces one",
    async () => {
      // The template: a data directory these migrations built, marked with a row no migration writes.
      const building = join(scratch, "building");
      const built = await createSupabaseEmulator({ url, migrationsDir, seedFile: undefined, dataDir: building });
      await built.db.pg.exec("insert into public.parcels values (42)");
      await built.close();
      const template = dataDirectoryTemplate(templateCacheDir, resolveConfig({ url, migrationsDir, seedFile: undefined, dataDir: building }));
      renameSync(join(building, "pg"), template);
      // Readable by every user, as a container image ships it to the user that runs the server.
      chmodSync(template, 0o755);

      const dataDir = join(scratch, "data");
      const first = await createSupabaseEmulator({ url, migrationsDir, seedFile: undefined, dataDir, templateCacheDir });
      expect(statSync(join(dataDir, "pg")).mode & 0o777).toBe(0o700);
      const copied = await first.db.pg.query<{ id: number }>("select id from public.parcels");
      expect(copied.rows).toEqual([{ id: 42 }]);
      await first.db.pg.exec("insert into public.parcels values (7)");
      await first.close();

      const again = await createSupabaseEmulator({ url, migrationsDir, seedFile: undefined, dataDir, templateCacheDir });
      const kept = await again.db.pg.query<{ id: number }>("select id from public.parcels order by id");
      expect(kept.rows).toEqual([{ id: 7 }, { id: 42 }]);
      await again.close();
    },
    BUILDS_A_CLUSTER_MS,
  );
});
