// The customer's own bookings as the dashboard lists them: the counters, the newest few, and the
// complete list a page at a time.

import { formatDateIn } from "./company-time";
import type { BookingRow } from "./booking";
import { formatMoveDate, serviceMoveName, serviceTypeLabel } from "./booking-labels";
import { canPayDeposit, depositStateLabel } from "./booking-status";
import { formatCents } from "./money";

/** The overview shows this many of the newest bookings; 'All bookings' has the rest. */
export const RECENT_BOOKINGS_LIMIT = 5;

/** Bookings per page of 'All bookings'. */
export const BOOKINGS_PAGE_SIZE = 10;

/** What the overview and 'All bookings' say when the bookings cannot be read. */
export const BOOKINGS_LOAD_FAILED = "Failed to load your bookings.";

/** What the dashboard's counters count (in the database, for the signed-in customer only). */
export interface BookingCounts {
  total: number;
  /** Pending or confirmed: still ahead. */
  active: number;
  completed: number;
}

/** The columns a booking list reads. */
export type CustomerBookingListRow = Pick<
  BookingRow,
  | "id"
  | "service_type"
  | "status"
  | "moving_date"
  | "moving_time"
  | "estimated_hours"
  | "moving_from"
  | "moving_to"
  | "estimated_cost_cents"
  | "deposit_status"
  | "refund_due_at"
  | "created_at"
>;

/** One booking as a list row shows it: every value already worded for the page. */
export interface CustomerBookingView {
  id: string;
  /** "Long distance" */
  serviceType: string;
  /** "long-distance move": the service inside a sentence. */
  moveName: string;
  /** The raw status and deposit: the badge words and colours them. */
  status: string;
  depositStatus: string;
  /** "Monday, March 1, 2027" */
  moveDate: string;
  from: string;
  to: string;
  /** "$1,234.56", or "TBD" while the move is not priced. */
  estimatedCost: string;
  /** "Nov 23, 2026", the day the booking was made in the company's time zone. */
  createdDate: string;
  /** "Deposit paid", "Deposit payment failed", "Refund due"… */
  depositLabel: string;
  canPayDeposit: boolean;
  /** A completed move can be booked again with its addresses and service filled in. */
  canBookAgain: boolean;
}

/** When a booking was made, as lists show it, on the company's clock ("Nov 23, 2026"); an unreadable timestamp shows as stored. */
export function formatCreatedDate(timestamp: string, timeZone: string): string {
  const parsed = new Date(timestamp);
  return Number.isNaN(parsed.getTime()) ? timestamp : formatDateIn(parsed, timeZone, "short-month");
}

export function customerBookingView(row: CustomerBookingListRow, timeZone: string): CustomerBookingView {
  return {
    id: row.id,
    serviceType: serviceTypeLabel(row.service_type),
    moveName: serviceMoveName(row.service_type),
    status: row.status,
    depositStatus: row.deposit_status,
    moveDate: formatMoveDate(row.moving_date),
    from: row.moving_from,
    to: row.moving_to,
    estimatedCost: row.estimated_cost_cents === null ? "TBD" : formatCents(row.estimated_cost_cents),
    createdDate: formatCreatedDate(row.created_at, timeZone),
    depositLabel: depositStateLabel(row),
    canPayDeposit: canPayDeposit(row),
    canBookAgain: row.status === "completed",
  };
}

/**
 * The page a `?page=` value asks for: a whole number from 1 up. Anything else (missing, "abc", "0",
 * "-2", "1.5", absurdly long) is page 1, so a hand-edited address never fails.
 */
export function requestedPage(value: string | null | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return 1;
  return Math.max(1, Number(value.trim()));
}

/** How many pages `total` bookings fill; an empty list still has its one (empty) page. */
export function pageCount(total: number, pageSize = BOOKINGS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page number brought within 1 … the last page. */
export function clampPage(page: number, total: number, pageSize = BOOKINGS_PAGE_SIZE): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, pageSize));
}

/** The rows of a page, for a query's offset and limit (`range(from, to)`, both inclusive). */
export function pageRange(page: number, pageSize = BOOKINGS_PAGE_SIZE): { from: number; to: number } {
  const from = (Math.max(1, Math.floor(page)) - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}

/** The address of a page of 'All bookings': page 1 is the bare path. */
export function bookingsPagePath(page: number): string {
  return page <= 1 ? "/dashboard/bookings" : `/dashboard/bookings?page=${page}`;
}
