import type { AppSupabaseClient } from "./supabase.server";

/** How many bookings wait for confirmation (the sidebar's badge); null when it cannot be read. The
 *  caller's client decides what they may count: row level security gives staff every booking. */
export async function countPendingBookings(supabase: AppSupabaseClient): Promise<number | null> {
  const { count, error } = await supabase.from("bookings").select("id", { count: "exact", head: true }).eq("status", "pending");
  return error ? null : (count ?? 0);
}
