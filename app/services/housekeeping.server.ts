import type { Database } from "../../supabase/types";
import { purgeOldAnalytics } from "./analytics-retention.server";
import { BOOKING_IMAGES_BUCKET } from "./booking-photos.server";
import type { AppSupabaseClient } from "./supabase.server";

// The daily housekeeping, with the service role (it has no user): each task deletes what is due and
// says how much went. The database functions decide what is due and are the service role's alone;
// files are removed through the Storage API, so they go from storage and not only from its table.
// Every task may run on several servers at once: each row and file is removed once.

/** How often each server asks whether the day's housekeeping is due (and at start). */
export const HOUSEKEEPING_CHECK_EVERY_MS = 60 * 60 * 1000;

/** What one task removed, by kind. */
export type Removed = Record<string, number>;

export interface HousekeepingTask {
  /** Names the task in the log. */
  name: string;
  /** Deletes what is due; throws when it could not. Stops between batches once `stopping` is aborted. */
  run(serviceRole: AppSupabaseClient, stopping: AbortSignal): Promise<Removed>;
}

export interface HousekeepingReport {
  /** What each task that finished removed. */
  removed: Record<string, Removed>;
  /** The tasks that failed, with their errors; the others ran all the same. */
  failed: Array<{ task: string; error: unknown }>;
}

type DatabaseFunctions = Database["public"]["Functions"];
/** A database function without arguments that returns how many rows it deleted. */
type RowCountFunction = {
  [Name in keyof DatabaseFunctions]: DatabaseFunctions[Name] extends { Args: never; Returns: number } ? Name : never;
}[keyof DatabaseFunctions];

/** The housekeeping tasks, in the order they run; a new one is one more entry. */
export const HOUSEKEEPING_TASKS: readonly HousekeepingTask[] = [
  { name: "bookingDrafts", run: purgeOldBookingDrafts },
  { name: "orphanedFiles", run: removeOrphanedFiles },
  { name: "stripeEvents", run: (serviceRole) => deletedRows(serviceRole, "purge_old_stripe_events") },
  { name: "websiteAnalytics", run: async (serviceRole) => ({ ...(await purgeOldAnalytics(serviceRole)) }) },
  // Expired counters are never read as live: this only keeps the table small.
  { name: "rateLimits", run: (serviceRole) => deletedRows(serviceRole, "purge_expired_rate_limits") },
];

/**
 * True when this server claimed the day's housekeeping: the first call, or the first once the last
 * claim is 23 hours old, across all servers sharing the database. Throws when the database fails.
 */
export async function claimHousekeepingRun(serviceRole: AppSupabaseClient): Promise<boolean> {
  const { data, error } = await serviceRole.rpc("claim_housekeeping_run");
  if (error) throw new Error(`could not claim the day's housekeeping: ${error.message}`, { cause: error });
  return data;
}

/**
 * Runs every task, one after the other; a task that fails is reported and the next one runs. Once
 * `stopping` is aborted (the server is shutting down), the task running ends after its current batch
 * and the rest wait for the next run.
 */
export async function runHousekeeping(
  serviceRole: AppSupabaseClient,
  { stopping = new AbortController().signal, tasks = HOUSEKEEPING_TASKS }: { stopping?: AbortSignal; tasks?: readonly HousekeepingTask[] } = {},
): Promise<HousekeepingReport> {
  const report: HousekeepingReport = { removed: {}, failed: [] };
  for (const task of tasks) {
    if (stopping.aborted) break;
    try {
      report.removed[task.name] = await task.run(serviceRole, stopping);
    } catch (error) {
      report.failed.push({ task: task.name, error });
    }
  }
  return report;
}

/** Calls a database function that deletes rows and returns how many. */
export async function deletedRows(serviceRole: AppSupabaseClient, name: RowCountFunction): Promise<Removed> {
  const { data, error } = await serviceRole.rpc(name);
  if (error) throw new Error(`${name} failed: ${error.message}`, { cause: error });
  return { rows: data };
}

/** Drafts deleted per database call; the most files removed per Storage API request. */
const DRAFTS_PER_CALL = 500;
const FILES_PER_REQUEST = 100;
/** Bounds one run (more waits for the next day): 10,000 drafts and 10,000 orphaned files. */
const MAX_CALLS_PER_RUN = 20;
const ORPHANS_PER_CALL = 500;

/**
 * Deletes the booking drafts not changed for 30 days (the wizard forgets them then), then their photos'
 * files that no booking keeps. A file whose removal fails after its draft went is left to the
 * orphaned-file sweep a day later.
 */
export async function purgeOldBookingDrafts(serviceRole: AppSupabaseClient, stopping?: AbortSignal): Promise<Removed> {
  const removed = { drafts: 0, files: 0 };
  for (let call = 0; call < MAX_CALLS_PER_RUN && !stopping?.aborted; call += 1) {
    const { data, error } = await serviceRole.rpc("purge_old_booking_drafts", { _limit: DRAFTS_PER_CALL }).single();
    if (error) throw new Error(`could not delete old booking drafts: ${error.message}`, { cause: error });
    removed.drafts += data.drafts_deleted;
    removed.files += await removeFiles(serviceRole, BOOKING_IMAGES_BUCKET, data.photo_names);
    if (data.drafts_deleted < DRAFTS_PER_CALL) break;
  }
  return removed;
}

/**
 * Removes the stored files no row points to, in every bucket the app writes, once they are a day old
 * (an upload whose row is still to be written is younger). Stops when a batch removes nothing:
 * another server got there first, or storage refuses them.
 */
export async function removeOrphanedFiles(serviceRole: AppSupabaseClient, stopping?: AbortSignal): Promise<Removed> {
  const removed = { files: 0 };
  for (let call = 0; call < MAX_CALLS_PER_RUN && !stopping?.aborted; call += 1) {
    const { data, error } = await serviceRole.rpc("orphaned_storage_objects", { _limit: ORPHANS_PER_CALL });
    if (error) throw new Error(`could not list orphaned files: ${error.message}`, { cause: error });
    const byBucket = new Map<string, string[]>();
    for (const object of data) byBucket.set(object.bucket_id, [...(byBucket.get(object.bucket_id) ?? []), object.name]);
    let removedNow = 0;
    for (const [bucket, names] of byBucket) removedNow += await removeFiles(serviceRole, bucket, names);
    removed.files += removedNow;
    if (data.length < ORPHANS_PER_CALL || removedNow === 0) break;
  }
  return removed;
}

/** Removes files through the Storage API in bounded requests; returns how many storage says it removed (not those gone already). */
async function removeFiles(serviceRole: AppSupabaseClient, bucket: string, names: readonly string[]): Promise<number> {
  let removed = 0;
  for (let start = 0; start < names.length; start += FILES_PER_REQUEST) {
    const { data, error } = await serviceRole.storage.from(bucket).remove(names.slice(start, start + FILES_PER_REQUEST));
    if (error) throw new Error(`could not remove files from ${bucket}: ${error.message}`, { cause: error });
    removed += data.length;
  }
  return removed;
}
