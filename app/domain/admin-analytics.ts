import { SHORT_MONTH_NAMES } from "./calendar-names";
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

/** "2027-02-01" (or "2027-02") as "Feb 2027"; written by hand, as Intl's first formatter slows a phone's start-up. */
export function monthLabel(month: string): string {
  const name = SHORT_MONTH_NAMES[Number(month.slice(5, 7)) - 1];
  return name ? `${name} ${month.slice(0, 4)}` : month;
}

/** A bar's length as a share of the longest, 0 to 1; all zero when every value is zero. */
export function barShares(values: readonly number[]): number[] {
  const longest = Math.max(0, ...values);
  return values.map((value) => (longest > 0 ? Math.max(0, value) / longest : 0));
}
