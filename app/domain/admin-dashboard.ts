import type { AppRole } from "./roles";

/** The figures of the admin dashboard's stat cards. Months are the company's calendar months. */
export interface DashboardStats {
  totalBookings: number;
  bookingsThisMonth: number;
  bookingsLastMonth: number;
  pendingBookings: number;
  completedMoves: number;
  /** Completed moves: each one's final cost, else its estimate. */
  revenueCents: number;
  revenueThisMonthCents: number;
  revenueLastMonthCents: number;
}

/** One account in the Users tab. */
export interface UserPreviewRow {
  id: string;
  fullName: string | null;
  email: string;
  joinedAt: string;
  roles: AppRole[];
}

/** The newest accounts, and how many there are in all. */
export interface UsersPreview {
  users: UserPreviewRow[];
  total: number;
}

/** How many accounts the Users tab shows. */
export const USERS_PREVIEW_SIZE = 10;

/** The name a person is shown by; accounts without one are "Unnamed User". */
export function userDisplayName(fullName: string | null): string {
  return fullName?.trim() || "Unnamed User";
}
