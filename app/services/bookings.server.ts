import { bookingInsertRow, type BookingRequest, type BookingRow } from "~/domain/booking";
import { isBookingFinished } from "~/domain/booking-status";
import { estimateBooking } from "~/domain/pricing";
import type { AppSupabaseClient } from "./supabase.server";

/** The database could not be reached or refused a write the server made: not something a customer can fix. */
export class BookingStoreError extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what}: ${typeof cause === "object" && cause !== null && "message" in cause ? String(cause.message) : String(cause)}`, { cause });
    this.name = "BookingStoreError";
  }
}

/**
 * Stores a complete booking request as a pending booking with its deposit unpaid, priced here from the
 * pricing module (never from a figure the browser sent). Saving the same wizard draft again, one call
 * after the other or at the same time, stores nothing new and returns the booking the first call stored.
 * A booking keeps the owner it was saved for (the draft's): saving it for anyone else is refused.
 * Throws RangeError when a counter is outside its limits, BookingStoreError when the database fails.
 */
export async function savePendingBooking(
  serviceRole: AppSupabaseClient,
  { request, userId, draftId }: { request: BookingRequest; userId: string | null; draftId: string },
): Promise<BookingRow> {
  const row = bookingInsertRow(request, { userId, draftId, estimate: estimateBooking(request) });
  // insert … on conflict (draft_id) do nothing: a concurrent insert of the same draft waits for the
  // first one and then inserts nothing.
  const inserted = await serviceRole.from("bookings").upsert(row, { onConflict: "draft_id", ignoreDuplicates: true }).select("*");
  if (inserted.error) throw new BookingStoreError("could not save the booking", inserted.error);
  if (inserted.data[0]) return inserted.data[0];

  const existing = await serviceRole.from("bookings").select("*").eq("draft_id", draftId).single();
  if (existing.error) throw new BookingStoreError("could not read the booking saved from this draft", existing.error);
  if (existing.data.user_id !== userId) throw new BookingStoreError("could not save the booking", "the draft's booking belongs to another account");
  if (isBookingFinished(existing.data)) return existing.data;

  // The customer came back before paying (a cancelled checkout) and may have changed their answers:
  // the same booking takes them, priced again. Its owner and payment fields stay as they are.
  const { draft_id: _draft, deposit_status: _deposit, status: _status, user_id: _owner, ...answers } = row;
  const updated = await serviceRole
    .from("bookings")
    .update(answers)
    .eq("id", existing.data.id)
    .eq("status", "pending")
    .neq("deposit_status", "paid")
    .select("*");
  if (updated.error) throw new BookingStoreError("could not update the booking saved from this draft", updated.error);
  return updated.data[0] ?? existing.data;
}

/** True when the booking saved from this draft is paid or cancelled (or otherwise under way): the draft is done with. */
export async function isDraftFinished(serviceRole: AppSupabaseClient, draftId: string): Promise<boolean> {
  const { data, error } = await serviceRole.from("bookings").select("status, deposit_status").eq("draft_id", draftId).maybeSingle();
  if (error) throw new BookingStoreError("could not read the booking saved from a draft", error);
  return data !== null && isBookingFinished(data);
}

/** The booking whose deposit the Checkout Session is for, or null when no booking holds that session. */
export async function bookingForCheckoutSession(serviceRole: AppSupabaseClient, sessionId: string): Promise<BookingRow | null> {
  const { data, error } = await serviceRole.from("bookings").select("*").eq("stripe_checkout_session_id", sessionId).maybeSingle();
  if (error) throw new BookingStoreError("could not read the booking of a checkout session", error);
  return data;
}

export async function bookingById(serviceRole: AppSupabaseClient, bookingId: string): Promise<BookingRow | null> {
  const { data, error } = await serviceRole.from("bookings").select("*").eq("id", bookingId).maybeSingle();
  if (error) throw new BookingStoreError("could not read a booking", error);
  return data;
}
