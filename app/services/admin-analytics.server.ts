import { averageCents, type Analytics } from "~/domain/admin-analytics";
import { readMoneyCollected } from "./money-collected.server";
import type { AppSupabaseClient } from "./supabase.server";

/** How many services the page ranks. */
export const TOP_SERVICES = 5;

/**
 * The analytics page's figures as of `at` (now by default), computed by the database, which checks
 * the caller may read analytics; `failed` when they cannot be read.
 */
export async function loadAnalytics(
  supabase: AppSupabaseClient,
  at?: Date,
): Promise<{ kind: "loaded"; analytics: Analytics } | { kind: "failed"; cause: unknown }> {
  const [revenue, totals, services, months] = await Promise.all([
    readMoneyCollected(supabase, at).then(
      (collected) => ({ kind: "read", collected }) as const,
      (cause: unknown) => ({ kind: "failed", cause }) as const,
    ),
    supabase.rpc("admin_analytics_totals").single(),
    supabase.rpc("admin_analytics_top_services", { _limit: TOP_SERVICES }),
    supabase.rpc("admin_analytics_months", at ? { _at: at.toISOString() } : {}),
  ]);
  if (revenue.kind === "failed") return revenue;
  if (totals.error || services.error || months.error) return { kind: "failed", cause: totals.error ?? services.error ?? months.error };
  const analytics: Analytics = {
    revenue: revenue.collected,
    totals: {
      totalBookings: totals.data.total_bookings,
      valueCents: totals.data.value_cents,
      averageCents: averageCents(totals.data.value_cents, totals.data.total_bookings),
    },
    services: services.data.map((row) => ({
      serviceType: row.service_type,
      bookings: row.bookings,
      valueCents: row.value_cents,
      collectedCents: row.collected_cents,
    })),
    months: months.data.map((row) => ({
      month: row.month,
      bookings: row.bookings,
      valueCents: row.value_cents,
      averageCents: averageCents(row.value_cents, row.bookings),
      collectedCents: row.collected_cents,
      tipsCents: row.tips_cents,
    })),
  };
  return { kind: "loaded", analytics };
}
