import { OFFICE_BOOKING_STATES, type AdminBookingRow } from "~/domain/admin-booking-row";
import type { AdminBookingsFilter, AdminBookingsQuery } from "~/domain/admin-bookings-query";
import { ADMIN_BOOKINGS_PAGE_SIZE } from "~/domain/admin-list-pages";
import { sortDirection } from "~/domain/list-sort";
import type { BookingStatus } from "~/domain/booking-status";
import { capacityRefusalOf } from "~/domain/capacity";
import type { AppSupabaseClient } from "./supabase.server";

/** How many bookings are pending work for the office (the sidebar's badge): pending, abandoned checkouts
 *  left out, as the pending page lists them; `failed` when it cannot be read or the caller may not list
 *  bookings. The database counts them in an index of the pending bookings alone. */
export async function countPendingBookings(supabase: AppSupabaseClient): Promise<{ kind: "counted"; count: number } | { kind: "failed"; cause: unknown }> {
  const { data, error } = await supabase.rpc("admin_bookings_count", { _statuses: ["pending"] });
  return error ? { kind: "failed", cause: error } : { kind: "counted", count: data };
}

/** Every state at once is sent as no status filter: the database can then find a page in the sort's
 *  index alone instead of reading each row to check its status. */
function filterArguments(filter: AdminBookingsFilter) {
  const everyStatus = OFFICE_BOOKING_STATES.every((state) => filter.statuses.includes(state));
  return {
    _search: filter.search || undefined,
    _statuses: everyStatus ? undefined : [...filter.statuses],
    _from: filter.from ?? undefined,
    _to: filter.to ?? undefined,
    _balance: filter.balance ?? undefined,
  };
}

/** One page of the admin bookings table and how many bookings match in all; `failed` when they cannot be read. */
export async function listBookings(
  supabase: AppSupabaseClient,
  filter: AdminBookingsFilter,
  query: Pick<AdminBookingsQuery, "sort" | "dir" | "page">,
): Promise<{ kind: "listed"; rows: AdminBookingRow[]; total: number } | { kind: "failed"; cause: unknown }> {
  const [page, count] = await Promise.all([
    supabase.rpc("admin_bookings_page", {
      ...filterArguments(filter),
      _sort: query.sort ?? undefined,
      _descending: sortDirection(query) === "desc",
      _limit: ADMIN_BOOKINGS_PAGE_SIZE,
      _offset: (query.page - 1) * ADMIN_BOOKINGS_PAGE_SIZE,
    }),
    supabase.rpc("admin_bookings_count", filterArguments(filter)),
  ]);
  if (page.error || count.error) return { kind: "failed", cause: page.error ?? count.error };
  return { kind: "listed", rows: page.data, total: count.data };
}

/** Rows read from the database per round trip of the export. */
export const EXPORT_CHUNK_SIZE = 500;

/** What the export reads of each booking: the fields of its row, about half the table's columns and
 *  bytes, so the database and its REST layer encode half as much for a long export. */
const EXPORT_COLUMNS =
  "id, created_at, full_name, email, phone, moving_date, moving_time, moving_from, moving_to, service_type, team_type, status, estimated_cost_cents, final_cost_cents, deposit_status, refund_due_at, hold_expires_at, checkout_expires_at, online_reschedules, new_date_requested_at";

/**
 * Every booking a filter matches, newest booked first, read in chunks after a cursor so memory stays
 * one chunk however many there are. Throws when a chunk cannot be read (the response is under way).
 */
export async function* bookingsForExport(supabase: AppSupabaseClient, filter: AdminBookingsFilter): AsyncGenerator<AdminBookingRow[]> {
  let cursor: { created_at: string; id: string } | null = null;
  for (;;) {
    const { data, error } = await supabase
      .rpc("admin_bookings_after", {
        ...filterArguments(filter),
        _before_created_at: cursor?.created_at,
        _before_id: cursor?.id,
        _limit: EXPORT_CHUNK_SIZE,
      })
      .select(EXPORT_COLUMNS);
    if (error || !data) throw new Error(`could not read bookings for the export: ${error?.message ?? "no rows"}`);
    // Typed from the columns read, so a row field missing from them fails to compile here.
    const rows: AdminBookingRow[] = data;
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_CHUNK_SIZE) return;
    const last = rows[rows.length - 1]!;
    cursor = { created_at: last.created_at, id: last.id };
  }
}

export type StatusChangeResult =
  | { kind: "changed" }
  | { kind: "not-found" }
  | { kind: "forbidden" }
  /** The status would have the booking take a crew, and none is free at its time (or its day is closed). */
  | { kind: "no-crew" }
  /** The database could not be asked; the page says so. */
  | { kind: "failed"; cause: unknown };

/** Sets a booking's status as the signed-in staff member; the database checks the permission and writes the history row. */
export async function changeBookingStatus(supabase: AppSupabaseClient, bookingId: string, status: BookingStatus): Promise<StatusChangeResult> {
  const { error } = await supabase.rpc("set_booking_status", { _booking_id: bookingId, _status: status });
  if (!error) return { kind: "changed" };
  if (capacityRefusalOf(error)) return { kind: "no-crew" };
  if (error.code === "P0002") return { kind: "not-found" };
  if (error.code === "42501") return { kind: "forbidden" };
  return { kind: "failed", cause: error };
}
