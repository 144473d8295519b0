import type { MoneyCollected } from "./money-collected";

/** The figures of the admin dashboard's stat cards. Months are the company's calendar months. */
export interface DashboardStats {
  totalBookings: number;
  bookingsThisMonth: number;
  bookingsLastMonth: number;
  pendingBookings: number;
  completedMoves: number;
  revenue: MoneyCollected;
}
