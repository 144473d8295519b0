import type { BookingEdit } from "~/domain/admin-booking-edit";
import type { BookingRow } from "~/domain/booking";
import { quoteFromEstimate } from "~/domain/booking-quote";
import { capacityRefusalOf, type CapacityRefusal } from "~/domain/capacity";
import { NOT_FOUND, type Lookup } from "~/domain/lookup";
import type { Estimate } from "~/domain/pricing";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";

/** The columns the edit form edits, as stored, with the estimate they were priced at. */
const EDITABLE_COLUMNS =
  "id, full_name, email, phone, moving_date, moving_time, moving_from, moving_to, property_size, team_type, service_type, packing_service, storage_service, cleaning_service, extra_movers, tv_mounting, deep_cleaning_bedrooms, special_instructions, final_cost_cents, estimated_hours, estimated_cost_cents";

/** The fields the edit form edits, as stored, the estimate and the move's hours its calendar is judged for. */
export type EditableBooking = Pick<
  BookingRow,
  | "id"
  | "full_name"
  | "email"
  | "phone"
  | "moving_date"
  | "moving_time"
  | "moving_from"
  | "moving_to"
  | "property_size"
  | "team_type"
  | "service_type"
  | "packing_service"
  | "storage_service"
  | "cleaning_service"
  | "extra_movers"
  | "tv_mounting"
  | "deep_cleaning_bedrooms"
  | "special_instructions"
  | "final_cost_cents"
  | "estimated_hours"
  | "estimated_cost_cents"
>;

/** The booking staff are about to edit, read with their own client. Throws BookingStoreError when the database fails. */
export async function loadEditableBooking(supabase: AppSupabaseClient, bookingId: string): Promise<Lookup<{ booking: EditableBooking }>> {
  const { data, error } = await supabase.from("bookings").select(EDITABLE_COLUMNS).eq("id", bookingId).maybeSingle();
  if (error) throw new BookingStoreError("could not read a booking to edit", error);
  return data ? { kind: "found", booking: data } : NOT_FOUND;
}

export type UpdateBookingResult =
  /** `changed`: the booking's columns that changed, in the form's order (none when it already held the edit). */
  | { kind: "saved"; changed: string[] }
  /** The new date or time has no crew free (or the day is closed): nothing was saved. */
  | { kind: "over-capacity"; refusal: CapacityRefusal }
  | { kind: "not-found" }
  | { kind: "forbidden" };

/**
 * Saves staff's edit of a booking through `update_booking_details`, which checks that the caller may
 * change bookings and records each changed field (before, after, who, when) in the same transaction.
 * `repriced` is the booking's new estimate when what it is priced by changed (the database refuses such
 * a change without one); null keeps the estimate it was quoted. A booking holding a crew that would
 * move to a time with none free, to a closed day, or run longer than a crew is free for, is refused
 * (`over-capacity`) unless `overCapacity`: then it is saved anyway, and its history says it was booked
 * over capacity. Throws BookingStoreError when the database fails.
 */
export async function updateBookingDetails(
  supabase: AppSupabaseClient,
  bookingId: string,
  edit: BookingEdit,
  { overCapacity = false, repriced = null }: { overCapacity?: boolean; repriced?: Estimate | null } = {},
): Promise<UpdateBookingResult> {
  // The generated argument types cannot say "null"; the function takes null for "none".
  const none = null as unknown as undefined;
  const { data, error } = await supabase.rpc("update_booking_details", {
    _booking_id: bookingId,
    _full_name: edit.fullName,
    _email: edit.email,
    _phone: edit.phone,
    _moving_date: edit.date,
    _moving_time: (edit.time ?? null) as string,
    _moving_from: edit.fromAddress,
    _moving_to: edit.toAddress,
    _property_size: edit.propertySize as string,
    _team_type: edit.teamType,
    _service_type: edit.serviceType,
    _packing_service: edit.packingService,
    _storage_service: edit.storageService,
    _cleaning_service: edit.cleaningService,
    _extra_movers: edit.extraMovers,
    _tv_mounting: edit.tvMounting,
    _deep_cleaning_bedrooms: edit.deepCleaningBedrooms,
    _special_instructions: (edit.specialInstructions || null) as string,
    _final_cost_cents: edit.finalCost as number,
    _estimated_hours: repriced?.hours ?? none,
    _estimated_cost_cents: repriced?.totalCents ?? none,
    _quote: repriced ? quoteFromEstimate(repriced) : none,
    _over_capacity: overCapacity,
  });
  const refusal = capacityRefusalOf(error);
  if (refusal) return { kind: "over-capacity", refusal };
  if (error) {
    if (error.code === "42501") return { kind: "forbidden" };
    if (error.code === "P0002") return { kind: "not-found" };
    throw new BookingStoreError("could not save a booking's details", error);
  }
  return { kind: "saved", changed: data };
}
