import type { AppSupabaseClient } from "../../../app/services/supabase.server.ts";
import type { TablesInsert } from "../../../supabase/types.ts";

/** Whose booking it is: a signed-in account (or anything holding its id and email as `user`); a guest's id is null. */
interface BookingOwner {
  user: { id: string | null; email?: string };
}

/**
 * A booking of `owner`'s as the server writes it (with the service role's client): an elite local
 * 2-bedroom move on 2027-03-01, estimated at $1,000, with the $50 deposit unpaid. `columns` replace
 * any of it.
 */
export async function insertStoredBooking(serviceRole: AppSupabaseClient, owner: BookingOwner, columns: Partial<TablesInsert<"bookings">> = {}) {
  const { data, error } = await serviceRole
    .from("bookings")
    .insert({
      user_id: owner.user.id,
      full_name: "Test Customer",
      email: owner.user.email!,
      phone: "404-555-0100",
      moving_from: "1 Peachtree St, Atlanta",
      moving_to: "2 Ponce de Leon Ave, Atlanta",
      moving_date: "2027-03-01",
      team_type: "elite",
      service_type: "local",
      property_size: "2_bedroom",
      estimated_cost_cents: 100_000,
      deposit_amount_cents: 5_000,
      ...columns,
    })
    .select("*")
    .single();
  if (error) throw error;
  return data;
}
