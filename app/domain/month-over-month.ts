/** The change from last month to this month in percent; null when last month had nothing to compare with. */
export function monthOverMonthGrowth(thisMonth: number, lastMonth: number): number | null {
  if (!(lastMonth > 0) || !Number.isFinite(thisMonth)) return null;
  return ((thisMonth - lastMonth) / lastMonth) * 100;
}

/** "+12.5% from last month", "−3.0% from last month" (a true minus sign), or null when there is no growth to show. */
export function formatGrowth(growth: number | null): string | null {
  if (growth === null || !Number.isFinite(growth)) return null;
  const rounded = Math.round(growth * 10) / 10;
  const sign = rounded > 0 ? "+" : rounded < 0 ? "−" : "";
  return `${sign}${Math.abs(rounded).toFixed(1)}% from last month`;
}
