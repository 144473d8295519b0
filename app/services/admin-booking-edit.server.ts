import type { BookingEdit } from "~/domain/admin-booking-edit";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";

export type UpdateBookingResult = { kind: "saved"; changes: number } | { kind: "not-found" } | { kind: "forbidden" };

/**
 * Saves staff's edit of a booking through `update_booking_details`, which checks that the caller may
 * change bookings and records each changed field (before, after, who, when) in the same transaction.
 * Throws BookingStoreError when the database fails.
 */
export async function updateBookingDetails(supabase: AppSupabaseClient, bookingId: string, edit: BookingEdit): Promise<UpdateBookingResult> {
  // The generated argument types cannot say "null"; the function takes null for "none".
  const { data, error } = await supabase.rpc("update_booking_details", {
    _booking_id: bookingId,
    _moving_date: edit.date,
    _moving_time: (edit.time ?? null) as string,
    _moving_from: edit.fromAddress,
    _moving_to: edit.toAddress,
    _special_instructions: (edit.specialInstructions || null) as string,
    _final_cost_cents: edit.finalCost as number,
  });
  if (error) {
    if (error.code === "42501") return { kind: "forbidden" };
    if (error.code === "P0002") return { kind: "not-found" };
    throw new BookingStoreError("could not save a booking's details", error);
  }
  return { kind: "saved", changes: data };
}
