import type { BookingEdit } from "~/domain/admin-booking-edit";
import type { BookingRow } from "~/domain/booking";
import { capacityRefusalOf, type CapacityRefusal } from "~/domain/capacity";
import { NOT_FOUND, type Lookup } from "~/domain/lookup";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";

/** The fields the edit form edits, as stored, and the move's hours its calendar is judged for. */
export type EditableBooking = Pick<
  BookingRow,
  "id" | "moving_date" | "moving_time" | "moving_from" | "moving_to" | "special_instructions" | "final_cost_cents" | "estimated_hours" | "property_size"
>;

/** The booking staff are about to edit, read with their own client. Throws BookingStoreError when the database fails. */
export async function loadEditableBooking(supabase: AppSupabaseClient, bookingId: string): Promise<Lookup<{ booking: EditableBooking }>> {
  const { data, error } = await supabase
    .from("bookings")
    .select("id, moving_date, moving_time, moving_from, moving_to, special_instructions, final_cost_cents, estimated_hours, property_size")
    .eq("id", bookingId)
    .maybeSingle();
  if (error) throw new BookingStoreError("could not read a booking to edit", error);
  return data ? { kind: "found", booking: data } : NOT_FOUND;
}

export type UpdateBookingResult =
  | { kind: "saved"; changes: number }
  /** The new date or time has no crew free (or the day is closed): nothing was saved. */
  | { kind: "over-capacity"; refusal: CapacityRefusal }
  | { kind: "not-found" }
  | { kind: "forbidden" };

/**
 * Saves staff's edit of a booking through `update_booking_details`, which checks that the caller may
 * change bookings and records each changed field (before, after, who, when) in the same transaction.
 * A booking holding a crew that would move to a time with none free, or to a closed day, is refused
 * (`over-capacity`) unless `overCapacity`: then it is saved anyway, and its history says it was booked
 * over capacity. Throws BookingStoreError when the database fails.
 */
export async function updateBookingDetails(
  supabase: AppSupabaseClient,
  bookingId: string,
  edit: BookingEdit,
  { overCapacity = false }: { overCapacity?: boolean } = {},
): Promise<UpdateBookingResult> {
  // The generated argument types cannot say "null"; the function takes null for "none".
  const { data, error } = await supabase.rpc("update_booking_details", {
    _booking_id: bookingId,
    _moving_date: edit.date,
    _moving_time: (edit.time ?? null) as string,
    _moving_from: edit.fromAddress,
    _moving_to: edit.toAddress,
    _special_instructions: (edit.specialInstructions || null) as string,
    _final_cost_cents: edit.finalCost as number,
    _over_capacity: overCapacity,
  });
  const refusal = capacityRefusalOf(error);
  if (refusal) return { kind: "over-capacity", refusal };
  if (error) {
    if (error.code === "42501") return { kind: "forbidden" };
    if (error.code === "P0002") return { kind: "not-found" };
    throw new BookingStoreError("could not save a booking's details", error);
  }
  return { kind: "saved", changes: data };
}
