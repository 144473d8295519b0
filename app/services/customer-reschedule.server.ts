import type { BookingRow } from "~/domain/booking";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";

// A customer moves their own booking to another day or time, signed in or through the link of its
// emails. The database applies the company's rules and takes the new time's crew under that day's
// lock, releasing the old one in the same transaction; a refusal changes nothing.

/** The new start: a date ("2027-03-14") and an hour ("10:00"), or none (the first slot). */
export interface NewMoveTime {
  date: string;
  time: string | null;
}

export type CustomerRescheduleResult =
  | { kind: "rescheduled"; booking: BookingRow }
  /** Not the customer's booking (or no such booking). */
  | { kind: "not-found" }
  /** Under way, completed or cancelled; or a time not on the hour. */
  | { kind: "not-changeable" }
  /** Closer to the move than the company's notice. */
  | { kind: "too-late" }
  /** Moved online as often as the company allows. */
  | { kind: "limit-reached" }
  /** The new start may not be booked: before the first bookable day, or ending past closing. */
  | { kind: "not-bookable"; reason: "too-soon" | "past-closing" }
  /** The office closed the new day. */
  | { kind: "day-closed" }
  /** No crew is free at the new time. */
  | { kind: "full" };

/** The Postgres error codes the rescheduling functions (and the crew check they trigger) raise. */
const REFUSALS: Record<string, Exclude<CustomerRescheduleResult["kind"], "rescheduled" | "not-bookable">> = {
  P0002: "not-found",
  "22023": "not-changeable",
  "23514": "too-late",
  CP005: "limit-reached",
  CP002: "day-closed",
  CP001: "full",
};

/** The signed-in customer moves their own booking, with their own client (another customer's booking is not found). */
export async function rescheduleMyBooking(supabase: AppSupabaseClient, bookingId: string, to: NewMoveTime): Promise<CustomerRescheduleResult> {
  const { data, error } = await supabase.rpc("reschedule_my_booking", { _booking_id: bookingId, _moving_date: to.date, ...movingTime(to) });
  return settle({ data, error });
}

/**
 * The holder of a booking's 'Manage your booking' link moves it: the link's signature was checked and
 * names this booking and `email`, so the service role asks.
 */
export async function rescheduleByManageLink(
  serviceRole: AppSupabaseClient,
  { bookingId, email }: { bookingId: string; email: string },
  to: NewMoveTime,
): Promise<CustomerRescheduleResult> {
  const { data, error } = await serviceRole.rpc("reschedule_booking_by_manage_link", {
    _booking_id: bookingId,
    _email: email,
    _moving_date: to.date,
    ...movingTime(to),
  });
  return settle({ data, error });
}

// The generated argument types cannot say "null"; the functions take null for "no preferred time".
const movingTime = (to: NewMoveTime) => ({ _moving_time: to.time as string });

function settle({
  data,
  error,
}: {
  data: BookingRow | null;
  error: { code: string; message: string; details?: string | null } | null;
}): CustomerRescheduleResult {
  if (error) {
    if (error.code === "CP003") return { kind: "not-bookable", reason: error.details === "past-closing" ? "past-closing" : "too-soon" };
    const refusal = REFUSALS[error.code];
    if (refusal) return { kind: refusal };
    throw new BookingStoreError("could not move a booking", error);
  }
  if (!data) throw new BookingStoreError("could not move a booking", "no booking returned");
  return { kind: "rescheduled", booking: data };
}
