import type { RequestHandler } from "express";
import type { SupabaseConnection } from "./app-server.ts";

/** How long each readiness check may take: an orchestrator's probe should wait a little longer (3 s). */
const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  /** The database answers the service role ("refused": the service-role key is wrong). */
  database: "ok" | "unreachable" | "refused";
  /** The storage API answers the service role. */
  storage: "ok" | "unreachable" | "refused";
  /** Every migration this build knows is applied ("not recorded": no migration history to read). */
  migrations: "ok" | "behind" | "not recorded" | "unknown";
  /** The newest migration this build knows, and the newest the database has recorded. */
  expectedMigration: string | undefined;
  appliedMigration: string | null;
}

/**
 * The readiness of the backends, for /readyz: the database and the storage API answer with the
 * service role, and the database has recorded the newest migration this build was made with (or a
 * newer one: during a rolling update the old instances keep serving once the new migrations are in).
 */
export function createReadinessCheck(options: {
  connection: SupabaseConnection;
  serviceRoleKey: string;
  expectedMigration: string | undefined;
}): () => Promise<Readiness> {
  const { connection, serviceRoleKey, expectedMigration } = options;
  const headers = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` };
  const call = async (path: string, init: RequestInit = {}) =>
    connection.fetch(`${connection.url}${path}`, { ...init, headers: { ...headers, ...init.headers }, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });

  async function migrationCheck(): Promise<Pick<Readiness, "database" | "migrations" | "appliedMigration">> {
    let response: Response;
    try {
      response = await call("/rest/v1/rpc/newest_applied_migration", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    } catch {
      return { database: "unreachable", migrations: "unknown", appliedMigration: null };
    }
    if (response.status === 401 || response.status === 403) return drained(response, { database: "refused", migrations: "unknown", appliedMigration: null });
    // No such function: the migration that adds it is not applied yet.
    if (response.status === 404) return drained(response, { database: "ok", migrations: "behind", appliedMigration: null });
    if (!response.ok) return drained(response, { database: "unreachable", migrations: "unknown", appliedMigration: null });
    const applied = (await response.json().catch(() => null)) as unknown;
    if (typeof applied !== "string") return { database: "ok", migrations: "not recorded", appliedMigration: null };
    const current = expectedMigration === undefined || applied >= expectedMigration;
    return { database: "ok", migrations: current ? "ok" : "behind", appliedMigration: applied };
  }

  async function storageCheck(): Promise<Readiness["storage"]> {
    try {
      const response = await call("/storage/v1/bucket");
      await response.body?.cancel();
      if (response.status === 401 || response.status === 403) return "refused";
      return response.ok ? "ok" : "unreachable";
    } catch {
      return "unreachable";
    }
  }

  return async () => {
    const [migration, storage] = await Promise.all([migrationCheck(), storageCheck()]);
    return {
      ready: migration.database === "ok" && migration.migrations === "ok" && storage === "ok",
      ...migration,
      storage,
      expectedMigration,
    };
  };
}

async function drained<T>(response: Response, value: T): Promise<T> {
  await response.body?.cancel();
  return value;
}

/**
 * GET /healthz, liveness: the process answers, and nothing more. It asks no backend: an orchestrator
 * restarts a process that fails liveness, and restarting every instance while the database has a
 * blip would only turn a short outage into a longer one. Whether to send traffic is /readyz's answer.
 */
export function livenessProbe(): RequestHandler {
  return (_request, response) => {
    response.status(200).set("Cache-Control", "no-store").json({ status: "ok" });
  };
}

/**
 * GET /readyz, readiness: 200 when this instance should get traffic; 503 with the names of what
 * failed when a backend does not answer, a migration is missing, or the server is stopping (so a
 * load balancer sends no new requests during the drain before it stops).
 */
export function readinessProbe(options: { check: () => Promise<Readiness>; isStopping: () => boolean }): RequestHandler {
  const STOPPING = { status: "stopping", failed: ["shutdown"] };
  return async (_request, response) => {
    response.set("Cache-Control", "no-store");
    if (options.isStopping()) {
      response.status(503).json(STOPPING);
      return;
    }
    const readiness = await options.check();
    // Stopping may have begun while the checks ran.
    if (options.isStopping()) {
      response.status(503).json(STOPPING);
      return;
    }
    const failed = (["database", "storage", "migrations"] as const).filter((part) => readiness[part] !== "ok");
    const body = {
      status: readiness.ready ? "ready" : "not ready",
      ...(failed.length > 0 ? { failed } : {}),
      database: readiness.database,
      storage: readiness.storage,
      migrations: readiness.migrations,
      // Which versions, only when they disagree: what ops need to see, and nothing more to anyone else.
      ...(readiness.migrations !== "ok" ? { expectedMigration: readiness.expectedMigration ?? null, appliedMigration: readiness.appliedMigration } : {}),
    };
    response.status(readiness.ready ? 200 : 503).json(body);
  };
}
