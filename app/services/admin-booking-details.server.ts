import type { BookingRow } from "~/domain/booking";
import { NOT_FOUND, type Lookup } from "~/domain/lookup";
import { type BookingPhoto, photoViews } from "./booking-details.server";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";

// One booking as staff see it: every field, its photos, who changed its status and its details, and
// the refund of its deposit. Read with the staff member's own client: row level security lets staff
// read every booking, and nobody else a booking that is not theirs.

export interface StaffStatusChange {
  /** Null for the first status the booking took. */
  from: string | null;
  to: string;
  /** ISO timestamp. */
  changedAt: string;
  /** The person's name (or their id when they have no name); null when the server made the change. */
  changedBy: string | null;
}

export interface StaffBookingEdit {
  field: string;
  before: string | null;
  after: string | null;
  changedAt: string;
  changedBy: string | null;
  /** The customer moved their own booking online. */
  byCustomer: boolean;
}

export interface DepositRefund {
  /** Null while only Stripe's charge.refunded event (which names no refund) has reported it. */
  stripeRefundId: string | null;
  amountCents: number;
  /** ISO timestamp. */
  refundedAt: string;
  /** Who asked for it; null when it was made outside the app (Stripe's dashboard). */
  refundedBy: string | null;
}

export interface StaffBookingDetails {
  booking: BookingRow;
  photos: BookingPhoto[];
  /** Oldest first. */
  statusHistory: StaffStatusChange[];
  /** Oldest first. */
  edits: StaffBookingEdit[];
  refund: DepositRefund | null;
}

/** The booking with everything staff see about it, or `not-found` when there is none with this id. Throws BookingStoreError when the database fails. */
export async function loadStaffBookingDetails(supabase: AppSupabaseClient, bookingId: string): Promise<Lookup<StaffBookingDetails>> {
  const [booking, images, events, edits, refunds] = await Promise.all([
    supabase.from("bookings").select("*").eq("id", bookingId).maybeSingle(),
    supabase.from("booking_images").select("id, path, file_name").eq("booking_id", bookingId).order("created_at").order("id"),
    supabase.from("booking_status_events").select("status, changed_at, changed_by").eq("booking_id", bookingId).order("changed_at").order("id"),
    supabase
      .from("booking_edits")
      .select("field, before, after, changed_at, changed_by, by_customer")
      .eq("booking_id", bookingId)
      .order("changed_at")
      .order("id"),
    supabase.from("deposit_refunds").select("stripe_refund_id, amount_cents, refunded_at, refunded_by").eq("booking_id", bookingId).order("refunded_at"),
  ]);
  if (booking.error) throw new BookingStoreError("could not read a booking", booking.error);
  if (!booking.data) return NOT_FOUND;
  for (const [what, answer] of [
    ["photos", images],
    ["status history", events],
    ["edits", edits],
    ["refunds", refunds],
  ] as const) {
    if (answer.error) throw new BookingStoreError(`could not read a booking's ${what}`, answer.error);
  }

  const people = await namesOf(supabase, [
    ...(events.data ?? []).map((event) => event.changed_by),
    ...(edits.data ?? []).map((edit) => edit.changed_by),
    ...(refunds.data ?? []).map((refund) => refund.refunded_by),
  ]);
  const nameOf = (id: string | null) => (id === null ? null : (people.get(id) ?? id));
  const latestRefund = (refunds.data ?? []).at(-1);

  return {
    kind: "found",
    booking: booking.data,
    photos: photoViews(images.data ?? []),
    statusHistory: (events.data ?? []).map((event, index, all) => ({
      from: index === 0 ? null : all[index - 1]!.status,
      to: event.status,
      changedAt: event.changed_at,
      changedBy: nameOf(event.changed_by),
    })),
    edits: (edits.data ?? []).map((edit) => ({
      field: edit.field,
      before: edit.before,
      after: edit.after,
      changedAt: edit.changed_at,
      changedBy: nameOf(edit.changed_by),
      byCustomer: edit.by_customer,
    })),
    refund: latestRefund
      ? {
          stripeRefundId: latestRefund.stripe_refund_id,
          amountCents: latestRefund.amount_cents,
          refundedAt: latestRefund.refunded_at,
          refundedBy: nameOf(latestRefund.refunded_by),
        }
      : null,
  };
}

/** The names people gave in their profiles, by user id (those without one are left out). */
async function namesOf(supabase: AppSupabaseClient, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const { data, error } = await supabase.from("profiles").select("user_id, full_name").in("user_id", wanted);
  if (error) throw new BookingStoreError("could not read who changed a booking", error);
  return new Map(data.flatMap((row) => (row.full_name ? [[row.user_id, row.full_name] as const] : [])));
}
