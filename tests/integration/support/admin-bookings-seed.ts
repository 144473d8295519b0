import type { AppSupabaseClient } from "../../../app/services/supabase.server.ts";
import type { Tables, TablesInsert } from "../../../supabase/types.ts";

const FIRST_NAMES = ["Ann", "bob", "Carla", "Dmitri", "Eve", "Farah", "Gus", "Hana", "Ivan", "June", "Kofi", "Lena"];
const LAST_NAMES = ["Lee", "Okafor", "Smith", "Ng", "Garcia"];
const STATUSES = ["pending", "confirmed", "in_progress", "completed", "cancelled"] as const;
const SERVICES = ["local", "long_distance", "commercial"] as const;
const STREETS = ["Peachtree St", "Ponce de Leon Ave", "Auburn Ave", "Edgewood Ave"];

/**
 * `count` bookings of one customer as the server writes them, each different in name, contact,
 * addresses, status, move date and time, service, amount (some with a final cost) and booking time.
 * `tag` goes into every email so a test finds its own rows.
 */
export async function seedAdminBookings(serviceRole: AppSupabaseClient, ownerId: string, tag: string, count = 60): Promise<Tables<"bookings">[]> {
  const rows: TablesInsert<"bookings">[] = Array.from({ length: count }, (_, index) => {
    const name = `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[(index * 7) % LAST_NAMES.length]}`;
    return {
      user_id: ownerId,
      full_name: name,
      email: `${name.toLowerCase().replace(" ", ".")}.${index}@${tag}.example.com`,
      phone: `404-555-${String(1000 + index * 37).slice(-4)}`,
      moving_from: `${100 + index} ${STREETS[index % STREETS.length]}, Atlanta`,
      moving_to: `${200 + index * 3} ${STREETS[(index + 1) % STREETS.length]}, ${index % 6 === 0 ? "Decatur" : "Marietta"}`,
      moving_date: new Date(Date.UTC(2027, 0, 1 + ((index * 11) % 90))).toISOString().slice(0, 10),
      moving_time: index % 5 === 0 ? null : `${String(8 + (index % 4) * 2).padStart(2, "0")}:00`,
      team_type: index % 2 === 0 ? "elite" : "luxury",
      service_type: SERVICES[index % SERVICES.length]!,
      property_size: "2_bedroom",
      status: STATUSES[(index * 3) % STATUSES.length]!,
      estimated_cost_cents: 50_000 + ((index * 7919) % 40) * 2_500,
      final_cost_cents: index % 4 === 0 ? 45_000 + index * 1_000 : null,
      deposit_amount_cents: 5_000,
      created_at: new Date(Date.UTC(2026, 9, 1, 8, index * 13)).toISOString(),
    };
  });
  const { data, error } = await serviceRole.from("bookings").insert(rows).select("*");
  if (error) throw error;
  return data;
}
