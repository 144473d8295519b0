import type { DashboardStats } from "~/domain/admin-dashboard";
import { readMoneyCollected } from "./money-collected.server";
import type { AppSupabaseClient } from "./supabase.server";

// The admin dashboard's figures, read with the staff member's own client: the database functions
// refuse anyone without the permission, so a customer's session reads nothing here.

/** The stat cards' figures, computed by the database as of now. Throws when they cannot be read. */
export async function readDashboardStats(supabase: AppSupabaseClient): Promise<DashboardStats> {
  const [{ data, error }, revenue] = await Promise.all([supabase.rpc("admin_dashboard_stats").single(), readMoneyCollected(supabase)]);
  if (error) throw new Error(`could not read the dashboard's figures: ${error.message}`, { cause: error });
  return {
    totalBookings: Number(data.total_bookings),
    bookingsThisMonth: Number(data.bookings_this_month),
    bookingsLastMonth: Number(data.bookings_last_month),
    pendingBookings: Number(data.pending_bookings),
    completedMoves: Number(data.completed_moves),
    revenue,
  };
}
