import type { Logger } from "pino";
import packageJson from "../../package.json";
import type { BucketUsage, LastMigration, SystemInformation } from "~/domain/system-information";
import type { AppSupabaseClient } from "./supabase.server";

const APP_VERSION: string | null = typeof (packageJson as { version?: unknown }).version === "string" ? (packageJson as { version: string }).version : null;

/**
 * The settings page's System Information, read live with the staff member's own client: the version,
 * whether the database answers (and how long it took), the storage used per bucket and the last migration.
 * A part that cannot be read is null, never an error.
 */
export async function readSystemInformation(supabase: AppSupabaseClient, logger: Pick<Logger, "warn">): Promise<SystemInformation> {
  const [database, storage, lastMigration] = await Promise.all([
    checkDatabase(supabase),
    storageUsage(supabase, logger),
    lastAppliedMigration(supabase, logger),
  ]);
  return { version: APP_VERSION, database, storage, lastMigration };
}

/** One small query, timed: the database answers, or it does not. */
async function checkDatabase(supabase: AppSupabaseClient): Promise<SystemInformation["database"]> {
  const started = performance.now();
  const { error } = await supabase.from("app_settings").select("id").limit(1);
  return { connected: !error, latencyMs: Math.round(performance.now() - started) };
}

async function storageUsage(supabase: AppSupabaseClient, logger: Pick<Logger, "warn">): Promise<BucketUsage[] | null> {
  const { data, error } = await supabase.rpc("storage_used_by_bucket");
  if (error) {
    logger.warn({ err: error }, "could not read the storage used per bucket");
    return null;
  }
  return data.map((row) => ({ bucket: row.bucket_id, objects: Number(row.objects), bytes: Number(row.bytes) }));
}

async function lastAppliedMigration(supabase: AppSupabaseClient, logger: Pick<Logger, "warn">): Promise<LastMigration | null> {
  const { data, error } = await supabase.rpc("last_applied_migration");
  if (error) {
    logger.warn({ err: error }, "could not read the last migration");
    return null;
  }
  const row = data[0];
  return row ? { version: row.version, name: row.name || null, appliedAt: row.applied_at ? new Date(row.applied_at).toISOString() : null } : null;
}
