import type { DashboardStats, UsersPreview } from "~/domain/admin-dashboard";
import { APP_ROLES, type AppRole } from "~/domain/roles";
import type { AppSupabaseClient } from "./supabase.server";

// The admin dashboard's figures, read with the staff member's own client: the database functions
// refuse anyone without the permission, so a customer's session reads nothing here.

/** The stat cards' figures, computed by the database as of now. Throws when they cannot be read. */
export async function readDashboardStats(supabase: AppSupabaseClient): Promise<DashboardStats> {
  const { data, error } = await supabase.rpc("admin_dashboard_stats").single();
  if (error) throw new Error(`could not read the dashboard's figures: ${error.message}`, { cause: error });
  return {
    totalBookings: Number(data.total_bookings),
    bookingsThisMonth: Number(data.bookings_this_month),
    bookingsLastMonth: Number(data.bookings_last_month),
    pendingBookings: Number(data.pending_bookings),
    completedMoves: Number(data.completed_moves),
    revenueCents: Number(data.revenue_cents),
    revenueThisMonthCents: Number(data.revenue_this_month_cents),
    revenueLastMonthCents: Number(data.revenue_last_month_cents),
  };
}

/** The newest `limit` accounts with their roles, and how many accounts there are. Throws when they cannot be read. */
export async function readUsersPreview(supabase: AppSupabaseClient, limit: number): Promise<UsersPreview> {
  const { data, error } = await supabase.rpc("admin_users_preview", { _limit: limit });
  if (error) throw new Error(`could not read the users: ${error.message}`, { cause: error });
  return {
    users: data.map((row) => ({
      id: row.user_id,
      fullName: row.full_name,
      email: row.email,
      joinedAt: row.joined_at,
      roles: row.roles.filter((role): role is AppRole => (APP_ROLES as readonly string[]).includes(role)),
    })),
    // No rows means no accounts at all (the caller's own would be one).
    total: Number(data[0]?.total_users ?? 0),
  };
}
