import type { BookingRow } from "~/domain/booking";
import { NOT_FOUND, type Lookup } from "~/domain/lookup";
import { bookingPhotoAddress } from "~/domain/photo-rules";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";

// One booking as its customer sees it, read with the customer's own client, so row level security and
// the storage policies decide.

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

/** The customer's own booking, or null when it is not theirs. Throws BookingStoreError when the database fails. */
export async function customersBooking(supabase: AppSupabaseClient, { bookingId, userId }: { bookingId: string; userId: string }): Promise<BookingRow | null> {
  const { data, error } = await supabase.from("bookings").select("*").eq("id", bookingId).eq("user_id", userId).maybeSingle();
  if (error) throw new BookingStoreError("could not read a booking", error);
  return data;
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
