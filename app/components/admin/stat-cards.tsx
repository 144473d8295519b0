import { formatCount } from "~/domain/counts";
import { CalendarDays, CheckCircle2, CircleAlert, Clock, DollarSign } from "lucide-react";
import type { ReactNode } from "react";
import type { DashboardStats } from "~/domain/admin-dashboard";
import { formatCents } from "~/domain/money";
import { formatGrowth, monthOverMonthGrowth } from "~/domain/month-over-month";
import { MONEY_COLLECTED_LABEL } from "~/domain/money-collected";

export const DASHBOARD_STATS_LOAD_FAILED = "Failed to fetch dashboard figures";

/** The dashboard's four figures; null when they could not be read. */
export function StatCards({ stats }: { stats: DashboardStats | null }) {
  if (!stats) {
    return (
      <p role="alert" className="mb-6 flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        <CircleAlert aria-hidden className="size-5 shrink-0" />
        {DASHBOARD_STATS_LOAD_FAILED}
      </p>
    );
  }
  const bookingsGrowth = formatGrowth(monthOverMonthGrowth(stats.bookingsThisMonth, stats.bookingsLastMonth));
  const revenueGrowth = formatGrowth(monthOverMonthGrowth(stats.revenue.thisMonthCents, stats.revenue.lastMonthCents));
  return (
    <dl aria-label="At a glance" className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label="Total Bookings" value={formatCount(stats.totalBookings)} icon={<CalendarDays aria-hidden className="size-5 text-brand-700" />}>
        {bookingsGrowth ?? "No bookings last month to compare"}
      </StatCard>
      <StatCard label="Pending Bookings" value={formatCount(stats.pendingBookings)} icon={<Clock aria-hidden className="size-5 text-amber-600" />}>
        awaiting confirmation
      </StatCard>
      <StatCard label="Completed Moves" value={formatCount(stats.completedMoves)} icon={<CheckCircle2 aria-hidden className="size-5 text-green-700" />}>
        moves done
      </StatCard>
      <StatCard label="Total Revenue" value={formatCents(stats.revenue.totalCents)} icon={<DollarSign aria-hidden className="size-5 text-green-700" />}>
        {MONEY_COLLECTED_LABEL}
        <span className="block">{revenueGrowth ?? "No revenue last month to compare"}</span>
        <span className="block">Tips for crews, apart: {formatCents(stats.revenue.tipsTotalCents)}</span>
      </StatCard>
    </dl>
  );
}

function StatCard({ label, value, icon, children }: { label: string; value: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4">
      <dt className="flex items-center justify-between text-sm font-medium text-slate-600">
        {label}
        {icon}
      </dt>
      <dd className="text-2xl font-bold break-words text-slate-900 tabular-nums 2xl:text-3xl">{value}</dd>
      <dd className="text-sm text-slate-600">{children}</dd>
    </div>
  );
}
