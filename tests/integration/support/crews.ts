import type { AppSupabaseClient } from "../../../app/services/supabase.server.ts";

/**
 * Gives the test company crews to spare on every weekday, for test files that save many bookings on
 * one date and test something else than capacity (the capacity tests set their own days' crews).
 * Through the service role, so it works against a hosted project too.
 */
export async function crewsToSpare(serviceRole: AppSupabaseClient, crews = 500): Promise<void> {
  const { error } = await serviceRole.from("weekday_crews").update({ crews }).gte("iso_weekday", 1);
  if (error) throw error;
}
