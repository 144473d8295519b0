import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { EmulatorConfig } from "./config.ts";
import { readTemplate, saveTemplate, templateFile } from "./database-template.ts";

export interface RequestClaims {
  role: "anon" | "authenticated" | "service_role";
  sub?: string;
  [claim: string]: unknown;
}

export interface RequestContext {
  /** The whole JWT payload ({"role":"anon"} without a JWT). */
  claims: RequestClaims;
  method: string;
  path: string;
  /** Lowercase header names. */
  headers: Record<string, string>;
}

export interface EmulatorDatabase {
  /** Superuser connection: bootstrap, auth service internals, tests. */
  pg: PGlite;
  /** One transaction as PostgREST runs it: the JWT's role and request.* settings are set locally,
   *  then fn runs; commit, or rollback when fn throws. readOnly => SET TRANSACTION READ ONLY. */
  asRequest<T>(ctx: RequestContext, fn: (tx: Transaction) => Promise<T>, options?: { readOnly?: boolean }): Promise<T>;
  close(): Promise<void>;
}

const BOOTSTRAP_SQL = readFileSync(new URL("./bootstrap.sql", import.meta.url), "utf8");
/** The extensions migrations may create, as hosted Supabase offers them (trigram search). */
const EXTENSIONS = { pg_trgm };
const REQUEST_ROLES = new Set<string>(["anon", "authenticated", "service_role"]);
/**
 * PGlite's defaults sized down for a database that lives inside the web server's process. PostgreSQL
 * writes its whole shared memory at start, and WebAssembly memory never shrinks, so each megabyte of
 * it is held for ever: 4 MB of shared buffers (the pages of a company's bookings stay in the
 * operating system's file cache anyway: with 100,000 bookings the office's pages answered as fast
 * with 2, 4 or 8 MB), and the tables sized for the one connection there is (eight, so a transaction
 * may still lock hundreds of objects) rather than a hundred, with no replication. At start it
 * touches about 13 MiB of its memory, against 29 with 16 MB of buffers for a hundred connections.
 * 16 MB for building an index keeps the migrations' index builds in memory.
 */
const PGLITE_SETTINGS = {
  shared_buffers: "4MB",
  max_connections: "8",
  max_wal_senders: "0",
  max_replication_slots: "0",
  maintenance_work_mem: "16MB",
};
const PGLITE_OPTIONS = {
  extensions: EXTENSIONS,
  startParams: [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`])],
};

export async function openDatabase(config: EmulatorConfig): Promise<EmulatorDatabase> {
  const { templateCacheDir, dataDir } = config;
  if (dataDir) return openDataDirectory(config, dataDir);
  const template = templateCacheDir ? templateFile(templateCacheDir, { bootstrapSql: BOOTSTRAP_SQL, ...config }) : undefined;
  const templateDump = template ? readTemplate(template) : undefined;
  // A template is a database these same scripts built, so a copy of it needs none of them run again.
  if (templateDump) return databaseOver(await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: templateDump }));
  return prepared(await PGlite.create(PGLITE_OPTIONS), config, async (pg) => {
    if (template && templateCacheDir) await saveTemplate(pg, template, templateCacheDir);
  });
}

/**
 * The template of a data directory: a PGlite data directory these same scripts built, named like the
 * in-memory template without its ".tar". Copied as files, it costs the server no memory at all.
 */
export function dataDirectoryTemplate(templateCacheDir: string, config: EmulatorConfig): string {
  return templateFile(templateCacheDir, { bootstrapSql: BOOTSTRAP_SQL, ...config }).replace(/\.tar$/, "");
}

/**
 * DATA_DIR/pg, starting as a copy of the data-directory template while it holds no database yet
 * (creating a cluster and migrating it takes seconds and, while it runs, twice the memory). Then the
 * bootstrap and any migration not yet applied run, which for a fresh copy is none.
 */
async function openDataDirectory(config: EmulatorConfig, dataDir: string): Promise<EmulatorDatabase> {
  const directory = join(dataDir, "pg");
  const template = config.templateCacheDir ? dataDirectoryTemplate(config.templateCacheDir, config) : undefined;
  if (template && existsSync(template) && !existsSync(join(directory, "PG_VERSION"))) cpSync(template, directory, { recursive: true });
  mkdirSync(directory, { recursive: true });
  // The database is the server's alone, however readable the template it was copied from (a container's is).
  chmodSync(directory, 0o700);
  return prepared(await PGlite.create({ ...PGLITE_OPTIONS, dataDir: directory }), config);
}

/** Runs the bootstrap, the migrations not yet applied and the seed (then `after`); closes the database when any fails. */
async function prepared(pg: PGlite, config: EmulatorConfig, after?: (pg: PGlite) => Promise<void>): Promise<EmulatorDatabase> {
  try {
    await bootstrap(pg);
    await applyMigrations(pg, config.migrationsDir);
    if (config.seedFile) await applySeedOnce(pg, config.seedFile);
    await after?.(pg);
  } catch (error) {
    await pg.close();
    throw error;
  }
  return databaseOver(pg);
}

function databaseOver(pg: PGlite): EmulatorDatabase {
  return {
    pg,
    asRequest: (ctx, fn, options) => runAsRequest(pg, ctx, fn, options),
    close: () => pg.close(),
  };
}

/** The bootstrap SQL is idempotent and runs at every start, so older data directories gain new objects. */
async function bootstrap(pg: PGlite): Promise<void> {
  await pg.transaction(async (tx) => {
    await tx.exec(BOOTSTRAP_SQL);
  });
}

/**
 * Applies <version>_<name>.sql files in filename order, each once, each in its own transaction, and
 * records each as the Supabase CLI's `db push` does (version, name, statements), so the server's
 * readiness check reads an embedded database and a hosted project alike. The CLI splits a file into
 * its statements; here the file's text is the one statement.
 */
async function applyMigrations(pg: PGlite, migrationsDir: string): Promise<void> {
  if (!existsSync(migrationsDir)) return;
  const files = readdirSync(migrationsDir)
    .filter((file) => file.endsWith(".sql"))
    .sort();
  const { rows } = await pg.query<{ version: string }>("select version from supabase_migrations.schema_migrations");
  const applied = new Set(rows.map((row) => row.version));
  for (const file of files) {
    const [, version = file, name = ""] = file.match(/^([^_]+)_?(.*)\.sql$/) ?? [];
    if (applied.has(version)) continue;
    const sql = readFileSync(join(migrationsDir, file), "utf8");
    try {
      await pg.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query("insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, array[$3::text])", [version, name, sql]);
      });
    } catch (error) {
      throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}

async function applySeedOnce(pg: PGlite, seedFile: string): Promise<void> {
  if (!existsSync(seedFile)) return;
  const sql = readFileSync(seedFile, "utf8");
  const { rows } = await pg.query("select 1 from supabase_migrations.seed_files where path = 'seed.sql'");
  if (rows.length > 0) return;
  const hash = createHash("sha256").update(sql).digest("hex");
  try {
    await pg.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query("insert into supabase_migrations.seed_files (path, hash) values ('seed.sql', $1)", [hash]);
    });
  } catch (error) {
    throw new Error(`Seed ${seedFile} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

async function runAsRequest<T>(pg: PGlite, ctx: RequestContext, fn: (tx: Transaction) => Promise<T>, options: { readOnly?: boolean } | undefined): Promise<T> {
  const role = ctx.claims.role;
  // Only the three request roles may pass, whatever a JWT names: never a superuser or a table owner.
  if (!REQUEST_ROLES.has(role)) throw new Error(`Unknown request role: ${String(role)}`);
  // One statement sets the transaction up, as PostgREST does: the role is a setting like the others
  // (set_config('role', …, true) is SET LOCAL ROLE), and a transaction may always be made read-only.
  return pg.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true),
              set_config('request.path', $4, true),
              set_config('request.headers', $5, true),
              set_config('transaction_read_only', $6, true)`,
      [role, JSON.stringify(ctx.claims), ctx.method, ctx.path, JSON.stringify(ctx.headers), options?.readOnly ? "on" : "off"],
    );
    return fn(tx);
  });
}
