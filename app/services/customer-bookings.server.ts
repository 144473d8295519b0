import { z } from "zod";
import type { BookingRow } from "~/domain/booking";
import { NOT_FOUND, type Lookup } from "~/domain/lookup";
import {
  BOOKINGS_PAGE_SIZE,
  RECENT_BOOKINGS_LIMIT,
  clampPage,
  pageCount,
  pageRange,
  type BookingCounts,
  type CustomerBookingListRow,
} from "~/domain/customer-bookings";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";

// A customer's own bookings, read with the customer's own client: row level security decides what
// comes back, and every query also names the customer, since an admin's client may read everyone's.

const LIST_COLUMNS =
  "id, service_type, status, moving_date, moving_time, estimated_hours, moving_from, moving_to, estimated_cost_cents, deposit_status, refund_due_at, created_at";
const LIST_COLUMNS_WITH_OWNER = `${LIST_COLUMNS}, user_id` as const;

/** The dashboard's counters, counted by the database for the signed-in customer (`my_booking_counts`). */
export async function myBookingCounts(supabase: AppSupabaseClient): Promise<BookingCounts> {
  const { data, error } = await supabase.rpc("my_booking_counts").single();
  if (error) throw new BookingStoreError("could not count the customer's bookings", error);
  // Counts are bigint in SQL; PostgREST may send them as numbers or strings.
  return { total: Number(data.total), active: Number(data.active), completed: Number(data.completed) };
}

/**
 * The customer's bookings in the order they matter (`my_bookings_page`): upcoming moves the soonest
 * first, then past ones the latest first. The function reads the caller's own, and the rows are
 * checked to be `userId`'s too.
 */
async function bookingsByNextMove(supabase: AppSupabaseClient, userId: string, { limit, offset }: { limit: number; offset: number }) {
  const { data, error } = await supabase.rpc("my_bookings_page", { _limit: limit, _offset: offset }).select(LIST_COLUMNS_WITH_OWNER);
  if (error) return { rows: null, error };
  return { rows: data.filter((row) => row.user_id === userId).map(({ user_id: _owner, ...row }) => row), error: null };
}

/** The customer's next moves first, then the latest past ones. */
export async function recentBookings(supabase: AppSupabaseClient, userId: string, limit = RECENT_BOOKINGS_LIMIT): Promise<CustomerBookingListRow[]> {
  const { rows, error } = await bookingsByNextMove(supabase, userId, { limit, offset: 0 });
  if (error) throw new BookingStoreError("could not read the customer's recent bookings", error);
  return rows;
}

export interface BookingsPage {
  rows: CustomerBookingListRow[];
  /** The page shown: the one asked for, brought within range. */
  page: number;
  pageCount: number;
  total: number;
}

/**
 * A page of the customer's bookings, the next move first, with the exact number of them. A page past
 * the end gives the last page (the list may have shrunk since the link was made).
 */
export async function bookingsPage(supabase: AppSupabaseClient, userId: string, requested: number, pageSize = BOOKINGS_PAGE_SIZE): Promise<BookingsPage> {
  const read = (page: number) => bookingsByNextMove(supabase, userId, { limit: pageSize, offset: pageRange(page, pageSize).from });
  // The count and the page asked for at once; a page past the end is read again as the last one.
  const [counted, asked] = await Promise.all([supabase.from("bookings").select("id", { count: "exact", head: true }).eq("user_id", userId), read(requested)]);
  if (counted.error || counted.count === null) throw new BookingStoreError("could not count the customer's bookings", counted.error);
  const page = clampPage(requested, counted.count, pageSize);
  const { rows, error } = page === requested ? asked : await read(page);
  if (error) throw new BookingStoreError("could not read a page of the customer's bookings", error);
  return { rows, page, pageCount: pageCount(counted.count, pageSize), total: counted.count };
}

/**
 * One of the customer's own bookings, whole, to pay its deposit; `not-found` when the id is not a
 * uuid or names a booking that is not this customer's.
 */
export async function ownBooking(supabase: AppSupabaseClient, userId: string, bookingId: string): Promise<Lookup<{ booking: BookingRow }>> {
  if (!z.uuid().safeParse(bookingId).success) return NOT_FOUND;
  const { data, error } = await supabase.from("bookings").select("*").eq("id", bookingId).eq("user_id", userId).maybeSingle();
  if (error) throw new BookingStoreError("could not read the customer's booking", error);
  return data ? { kind: "found", booking: data } : NOT_FOUND;
}
