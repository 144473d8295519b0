import { builtOnce } from "./built-once";
import type { MoneyCollected } from "./money-collected";

/** The value of all bookings (final cost, else estimate, whatever the status): what was booked, not what was collected. */
export interface AnalyticsFigures {
  totalBookings: number;
  valueCents: number;
  averageCents: number;
}

export interface ServiceFigures {
  serviceType: string;
  bookings: number;
  valueCents: number;
  /** Money collected for this service's bookings (payments less refunds). */
  collectedCents: number;
}

/** A calendar month in the company's time zone: the bookings made in it, and the money that moved in it. */
export interface MonthFigures {
  /** Its first day, "2027-02-01". */
  month: string;
  bookings: number;
  valueCents: number;
  averageCents: number;
  /** Money collected in the month (payments less refunds). */
  collectedCents: number;
  /** Tips paid in the month: the crews'. */
  tipsCents: number;
}

export interface Analytics {
  /** Revenue: payments less refunds. */
  revenue: MoneyCollected;
  totals: AnalyticsFigures;
  services: ServiceFigures[];
  months: MonthFigures[];
}

/** Value per booking in whole cents; zero when there are no bookings. */
export function averageCents(valueCents: number, bookings: number): number {
  return bookings > 0 ? Math.round(valueCents / bookings) : 0;
}

const monthFormat = builtOnce(() => new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }));

/** "2027-02-01" as "Feb 2027". */
export function monthLabel(month: string): string {
  return monthFormat().format(new Date(`${month.slice(0, 10)}T00:00:00Z`));
}

/** A bar's length as a share of the longest, 0 to 1; all zero when every value is zero. */
export function barShares(values: readonly number[]): number[] {
  const longest = Math.max(0, ...values);
  return values.map((value) => (longest > 0 ? Math.max(0, value) / longest : 0));
}
