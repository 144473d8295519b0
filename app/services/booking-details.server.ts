import type Stripe from "stripe";
import type { BookingRow } from "~/domain/booking";
import { NOT_FOUND, type Lookup } from "~/domain/lookup";
import { bookingPhotoAddress } from "~/domain/photo-rules";
import { BookingStoreError } from "./bookings.server";
import { CHECKOUT_CLOSED, expireCheckoutSession, type CheckoutClosing } from "./payments.server";
import type { AppSupabaseClient } from "./supabase.server";

// One booking as its customer sees it, and their own cancellation of it. Everything is read and
// done with the customer's own client, so row level security and the storage policies decide.

export interface BookingPhoto {
  id: string;
  fileName: string;
  /** The app's addresses of the photo and its thumbnail (null when the stored name has no thumbnail). */
  thumbUrl: string | null;
  url: string | null;
}

export interface BookingStatusEvent {
  status: string;
  /** ISO timestamp. */
  changedAt: string;
}

export interface BookingDetails {
  booking: BookingRow;
  photos: BookingPhoto[];
  /** Every status the booking has taken, oldest first. */
  history: BookingStatusEvent[];
}

/** A stored photo's thumbnail sits beside it: "<name>.<ext>" has "<name>-thumb.<ext>". */
export function thumbnailPathOf(path: string): string | null {
  const match = /^(.+)\.(jpg|webp)$/.exec(path);
  return match ? `${match[1]}-thumb.${match[2]}` : null;
}

/**
 * The customer's booking with its photos and status history, or `not-found` when it is not theirs (row
 * level security hides other customers' bookings; an admin's own dashboard shows only their own
 * too). Throws BookingStoreError when the database fails.
 */
export async function loadBookingDetails(
  supabase: AppSupabaseClient,
  { bookingId, userId }: { bookingId: string; userId: string },
): Promise<Lookup<BookingDetails>> {
  const [booking, images, events] = await Promise.all([
    supabase.from("bookings").select("*").eq("id", bookingId).eq("user_id", userId).maybeSingle(),
    supabase.from("booking_images").select("id, path, file_name").eq("booking_id", bookingId).order("created_at").order("id"),
    supabase.from("booking_status_events").select("status, changed_at").eq("booking_id", bookingId).order("changed_at").order("id"),
  ]);
  if (booking.error) throw new BookingStoreError("could not read a booking", booking.error);
  if (!booking.data) return NOT_FOUND;
  if (images.error) throw new BookingStoreError("could not read a booking's photos", images.error);
  if (events.error) throw new BookingStoreError("could not read a booking's status history", events.error);

  return {
    kind: "found",
    booking: booking.data,
    photos: photoViews(images.data),
    history: events.data.map((event) => ({ status: event.status, changedAt: event.changed_at })),
  };
}

/** The photos at the app's addresses, where their owner and staff get them (the bucket is private). */
export function photoViews(rows: ReadonlyArray<{ id: string; path: string; file_name: string }>): BookingPhoto[] {
  return rows.map((row) => {
    const thumbPath = thumbnailPathOf(row.path);
    return { id: row.id, fileName: row.file_name, url: bookingPhotoAddress(row.path), thumbUrl: thumbPath ? bookingPhotoAddress(thumbPath) : null };
  });
}

export type CancelBookingResult =
  /** `checkout` says whether an open Checkout Session of the booking was closed (one that was never open counts as closed). */
  | { kind: "cancelled"; booking: BookingRow; checkout: CheckoutClosing }
  /** Not the customer's booking (or no such booking). */
  | { kind: "not-found" }
  /** Its status does not allow it: under way, completed or cancelled already. */
  | { kind: "not-cancellable" }
  /** Less than 48 hours before the move. */
  | { kind: "too-late" };

/** Postgres error codes `cancel_my_booking` raises. */
const CANCEL_REFUSALS: Record<string, Exclude<CancelBookingResult["kind"], "cancelled">> = {
  P0002: "not-found",
  "22023": "not-cancellable",
  "23514": "too-late",
};

/**
 * Cancels the customer's own booking through `cancel_my_booking`, which applies the rule (pending or
 * confirmed, at least 48 hours before the move) and records the change in the status history. A
 * deposit checkout still open for it is closed, so the cancelled booking cannot be paid afterwards.
 * Throws BookingStoreError when the database fails.
 */
export async function cancelMyBooking(supabase: AppSupabaseClient, stripe: Stripe, bookingId: string): Promise<CancelBookingResult> {
  const { data, error } = await supabase.rpc("cancel_my_booking", { _booking_id: bookingId });
  if (error) {
    const refusal = CANCEL_REFUSALS[error.code];
    if (refusal) return { kind: refusal };
    throw new BookingStoreError("could not cancel a booking", error);
  }
  const sessionId = data.stripe_checkout_session_id;
  const checkout = !sessionId || data.deposit_status === "paid" ? CHECKOUT_CLOSED : await expireCheckoutSession(stripe, sessionId);
  return { kind: "cancelled", booking: data, checkout };
}
