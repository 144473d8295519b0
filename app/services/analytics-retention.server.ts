import type { AppSupabaseClient } from "./supabase.server";

export interface AnalyticsPurge {
  eventsDeleted: number;
  saltsDeleted: number;
}

/**
 * Deletes the events older than the company's `analytics_retention_days` and the visitor-id salts
 * older than 48 hours, in one database function (`purge_old_analytics`, service role only; an
 * instance that finds another at it deletes nothing). Throws when the database fails.
 */
export async function purgeOldAnalytics(serviceRole: AppSupabaseClient): Promise<AnalyticsPurge> {
  const { data, error } = await serviceRole.rpc("purge_old_analytics").single();
  if (error) throw new Error(`could not delete old website analytics: ${error.message}`, { cause: error });
  return { eventsDeleted: data.events_deleted, saltsDeleted: data.salts_deleted };
}
