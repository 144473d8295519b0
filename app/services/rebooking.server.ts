import { z } from "zod";
import type { BookingDraft } from "~/domain/booking-wizard";
import { readDraft } from "~/domain/booking-wizard";
import type { AppSupabaseClient } from "./supabase.server";

/**
 * The addresses and service of one of the customer's own bookings, to book the same move again.
 * Read with the customer's own client and naming the customer (an admin's client may read
 * everyone's bookings): anyone else's booking gives null.
 */
export async function rebookingChoices(supabase: AppSupabaseClient, userId: string, bookingId: string): Promise<BookingDraft | null> {
  if (!z.uuid().safeParse(bookingId).success) return null;
  const { data, error } = await supabase
    .from("bookings")
    .select("moving_from, moving_to, service_type")
    .eq("id", bookingId)
    .eq("user_id", userId)
    .maybeSingle();
  if (error || !data) return null;
  return readDraft({ fromAddress: data.moving_from, toAddress: data.moving_to, serviceType: data.service_type });
}
