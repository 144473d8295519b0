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

const LIST_COLUMNS = "id, service_type, status, moving_date, moving_from, moving_to, estimated_cost_cents, deposit_status, refund_due_at, created_at";

/** The dashboard's counters, counted by the database for the signed-in customer (`my_booking_counts`). */
export async function myBookingCounts(supabase: AppSupabaseClient): Promise<BookingCounts> {
  const { data, error } = await supabase.rpc("my_booking_counts").single();
  if (error) throw new BookingStoreError("could not count the customer's bookings", error);
  // Counts are bigint in SQL; PostgREST may send them as numbers or strings.
  return { total: Number(data.total), active: Number(data.active), completed: Number(data.completed) };
}

/** The customer's newest bookings (by when they were made), newest first. */
export async function recentBookings(supabase: AppSupabaseClient, userId: string, limit = RECENT_BOOKINGS_LIMIT): Promise<CustomerBookingListRow[]> {
  const { data, error } = await supabase
    .from("bookings")
    .select(LIST_COLUMNS)
    .eq("user_id", userId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(limit);
  if (error) throw new BookingStoreError("could not read the customer's recent bookings", error);
  return data;
}

export interface BookingsPage {
  rows: CustomerBookingListRow[];
  /** The page shown: the one asked for, brought within range. */
  page: number;
  pageCount: number;
  total: number;
}

/**
 * A page of the customer's bookings, newest first, with the exact number of them. A page past the
 * end gives the last page (the list may have shrunk since the link was made).
 */
export async function bookingsPage(supabase: AppSupabaseClient, userId: string, requested: number, pageSize = BOOKINGS_PAGE_SIZE): Promise<BookingsPage> {
  const read = async (page: number) => {
    const { from, to } = pageRange(page, pageSize);
    return supabase
      .from("bookings")
      .select(LIST_COLUMNS, { count: "exact" })
      .eq("user_id", userId)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .range(from, to);
  };

  const first = await read(requested);
  // PostgREST refuses an offset past the end when counting (PGRST103), without the count.
  if (first.error && first.error.code !== "PGRST103") throw new BookingStoreError("could not read a page of the customer's bookings", first.error);
  if (!first.error && first.count !== null && (first.data.length > 0 || requested === 1)) {
    return { rows: first.data, page: requested, pageCount: pageCount(first.count, pageSize), total: first.count };
  }

  const counted = await supabase.from("bookings").select("id", { count: "exact", head: true }).eq("user_id", userId);
  if (counted.error || counted.count === null) throw new BookingStoreError("could not count the customer's bookings", counted.error);
  const page = clampPage(requested, counted.count, pageSize);
  const last = await read(page);
  if (last.error) throw new BookingStoreError("could not read a page of the customer's bookings", last.error);
  const total = last.count ?? counted.count;
  return { rows: last.data, page, pageCount: pageCount(total, pageSize), total };
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
