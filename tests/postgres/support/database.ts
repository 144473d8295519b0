import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

// A real PostgreSQL server for the tests that PGlite cannot prove: it runs one transaction at a time,
// so nothing there ever waits on a lock. scripts/ensure-postgresql.sh provides the server and sets
// TEST_POSTGRES_URL; the global setup migrates one template database, and each test file works on a
// copy of it of its own.

const root = new URL("../../../", import.meta.url);
export const BOOTSTRAP_SQL = readFileSync(new URL("emulators/supabase/bootstrap.sql", root), "utf8");
const MIGRATIONS_DIR = new URL("supabase/migrations/", root);
const SEED_SQL = readFileSync(new URL("supabase/seed.sql", root), "utf8");

/** The migrated database the test files copy, built by the global setup. */
export const TEMPLATE_DATABASE = "moving_test_template";

export function serverUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error("TEST_POSTGRES_URL is not set: run `npm run test:postgres`, which starts PostgreSQL and sets it.");
  return url;
}

/** The server's URL with another database. */
export function databaseUrl(database: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Runs fn on a connection to the server's own database (the one TEST_POSTGRES_URL names). */
export const onServer = <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => asSuperuser(serverUrl(), fn);

/** The migration files in the order they apply: <version>_<name>.sql, by file name. */
export function migrationFiles(): Array<{ file: string; version: string; name: string }> {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const [, version = file, name = ""] = file.match(/^([^_]+)_?(.*)\.sql$/) ?? [];
      return { file, version, name };
    });
}

/**
 * What a Supabase project gets, as the embedded emulator applies it: the bootstrap (idempotent), each
 * migration in its own transaction recorded as the Supabase CLI records it, then the seed once.
 */
export async function applyDatabaseScripts(client: pg.Client): Promise<void> {
  await inTransaction(client, "the bootstrap", () => client.query(BOOTSTRAP_SQL));
  for (const { file, version, name } of migrationFiles()) {
    const sql = readFileSync(new URL(file, MIGRATIONS_DIR), "utf8");
    await inTransaction(client, `Migration ${file}`, async () => {
      await client.query(sql);
      await client.query("insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, array[$3::text])", [
        version,
        name,
        sql,
      ]);
    });
  }
  await inTransaction(client, "The seed", async () => {
    await client.query(SEED_SQL);
    await client.query("insert into supabase_migrations.seed_files (path, hash) values ('seed.sql', md5($1))", [SEED_SQL]);
  });
}

async function inTransaction(client: pg.Client, what: string, fn: () => Promise<unknown>): Promise<void> {
  await client.query("begin");
  try {
    await fn();
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw new Error(`${what} failed on PostgreSQL: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database (or a copy of `template`) on the server; `drop` removes it. */
export async function createDatabase(template?: string): Promise<TestDatabase> {
  const name = `moving_test_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await onServer((client) => client.query(`create database ${name}${template ? ` template ${template}` : ""}`));
  return {
    url: databaseUrl(name),
    drop: () => onServer((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

// Callers ------------------------------------------------------------------------------------------

export type Claims = { role: "anon" | "authenticated" | "service_role"; sub?: string; [claim: string]: unknown };

export const SERVICE_ROLE: Claims = { role: "service_role" };

/** The claims of a signed-in user's access token, as Supabase issues them. */
export const userClaims = (id: string, email: string): Claims => ({ role: "authenticated", sub: id, aud: "authenticated", email });

/**
 * One caller's transaction on a connection of its own, as PostgREST runs a request: begun, the JWT's
 * role and claims set locally (role, request.jwt.claims, request.method/path/headers), then `set local
 * role`, so row level security and the functions' permission checks see that caller.
 */
export interface CallerTransaction {
  /** The connection's backend process id, to see in pg_locks whether it waits. */
  pid: number;
  query<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export async function beginAs(url: string, claims: Claims, cleanup: Array<() => Promise<void>>): Promise<CallerTransaction> {
  const client = await connect(url);
  cleanup.push(() => client.end());
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  await client.query("begin");
  await client.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', 'POST', true),
            set_config('request.path', '/rest/v1/rpc', true), set_config('request.headers', '{}', true)`,
    [claims.role, JSON.stringify(claims)],
  );
  await client.query(`set local role ${pg.escapeIdentifier(claims.role)}`);
  return {
    pid: rows[0]!.pid,
    query: (sql, values) => client.query(sql, values),
    commit: () => client.query("commit").then(() => undefined),
    rollback: () => client.query("rollback").then(() => undefined),
  };
}

/** A statement's outcome: its rows, or the database error that refused it. */
export type Outcome<R> = { ok: true; rows: R[] } | { ok: false; error: pg.DatabaseError };

export function settle<R extends pg.QueryResultRow>(statement: Promise<pg.QueryResult<R>>): Promise<Outcome<R>> {
  return statement.then(
    (result) => ({ ok: true as const, rows: result.rows }),
    (error: unknown) => {
      if (error instanceof pg.DatabaseError) return { ok: false as const, error };
      throw error;
    },
  );
}

/** One caller's statement in a transaction of its own, committed when it succeeds. */
export async function callAs<R extends pg.QueryResultRow>(
  url: string,
  claims: Claims,
  statement: (caller: CallerTransaction) => Promise<pg.QueryResult<R>>,
): Promise<Outcome<R>> {
  const cleanup: Array<() => Promise<void>> = [];
  try {
    const caller = await beginAs(url, claims, cleanup);
    const outcome = await settle(statement(caller));
    await (outcome.ok ? caller.commit() : caller.rollback());
    return outcome;
  } finally {
    for (const close of cleanup) await close();
  }
}

/** Waits until the backend `pid` waits on a lock, or `statement` has finished, whichever comes first. */
async function waitingOrDone(observer: pg.Client, pid: number, statement: Promise<unknown>): Promise<void> {
  let done = false;
  void statement.then(
    () => (done = true),
    () => (done = true),
  );
  for (;;) {
    if (done) return;
    const { rows } = await observer.query("select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'", [pid]);
    if (rows.length > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The interleaving a race needs: the first caller's statement has run and its transaction is open,
 * uncommitted, when the second caller runs the same statement; only once the second waits on a lock
 * (or has finished) does the first commit, then the second. Without a lock the second sees nothing of
 * the first (read committed) and decides on what was there before either.
 */
export async function interleaved<R extends pg.QueryResultRow>(
  url: string,
  [firstCaller, secondCaller]: [Claims, Claims],
  statement: (caller: CallerTransaction, index: number) => Promise<pg.QueryResult<R>>,
): Promise<[Outcome<R>, Outcome<R>]> {
  const cleanup: Array<() => Promise<void>> = [];
  try {
    const observer = await connect(url);
    cleanup.push(() => observer.end());
    const [first, second] = [await beginAs(url, firstCaller, cleanup), await beginAs(url, secondCaller, cleanup)];
    const firstOutcome = await settle(statement(first, 0));
    const secondStatement = settle(statement(second, 1));
    await waitingOrDone(observer, second.pid, secondStatement);
    await (firstOutcome.ok ? first.commit() : first.rollback());
    const secondOutcome = await secondStatement;
    await (secondOutcome.ok ? second.commit() : second.rollback());
    return [firstOutcome, secondOutcome];
  } finally {
    for (const close of cleanup.reverse()) await close();
  }
}

/**
 * `callers` transactions begun together on connections of their own, held at a gate (a lock a gate
 * keeper holds) until every one waits there, then released at once to run `statement` and commit.
 */
export async function releasedAtOnce<R extends pg.QueryResultRow>(
  url: string,
  callers: Claims[],
  statement: (caller: CallerTransaction, index: number) => Promise<pg.QueryResult<R>>,
): Promise<Array<Outcome<R>>> {
  const cleanup: Array<() => Promise<void>> = [];
  const gate = Math.floor(Math.random() * 2 ** 31);
  try {
    const keeper = await connect(url);
    cleanup.push(() => keeper.end());
    await keeper.query("select pg_advisory_lock(0, $1)", [gate]);
    const transactions = await Promise.all(callers.map((claims) => beginAs(url, claims, cleanup)));
    const runs = transactions.map(async (caller, index) => {
      await caller.query("select pg_advisory_xact_lock_shared(0, $1)", [gate]);
      const outcome = await settle(statement(caller, index));
      await (outcome.ok ? caller.commit() : caller.rollback());
      return outcome;
    });
    for (;;) {
      const { rows } = await keeper.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_locks
         where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
           and classid = 0 and objid = $1 and objsubid = 2 and not granted`,
        [gate],
      );
      if (rows[0]!.waiting === callers.length) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await keeper.query("select pg_advisory_unlock(0, $1)", [gate]);
    return await Promise.all(runs);
  } finally {
    for (const close of cleanup.reverse()) await close();
  }
}

/** A signed-up account (its profile made by the sign-up trigger), with `role` when given. */
export async function createAccount(client: pg.Client, role?: "admin" | "moderator"): Promise<Claims> {
  const id = randomUUID();
  const email = `${role ?? "customer"}.${id.slice(0, 8)}@example.com`;
  await client.query(
    "insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at) values ($1, 'authenticated', 'authenticated', $2, now(), '{}', '{}', now(), now())",
    [id, email],
  );
  if (role) await client.query("insert into public.user_roles (user_id, role) values ($1, $2)", [id, role]);
  return userClaims(id, email);
}

/**
 * A database of this test file's own, copied from the migrated template; `changes` (run as the
 * superuser) replace what a test needs replaced, e.g. a function by a deliberately weakened copy.
 */
export async function copyOfTemplate(changes?: string): Promise<TestDatabase> {
  const database = await createDatabase(TEMPLATE_DATABASE);
  if (changes) await asSuperuser(database.url, (client) => client.query(changes));
  return database;
}

/** Runs fn as the superuser on the database at `url` (setting up rows, reading what callers left). */
export async function asSuperuser<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(url);
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
