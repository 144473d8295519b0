// Paid moves of the benchmarks' own, on days no crew is out, seeded with the service role as the
// server writes them once Stripe says the deposit is paid; and how a timing is judged against its target.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../../supabase/types.ts";
import { percentile } from "./statistics.ts";

/** The target of each customer and office action on a busy database: its server time's p95. */
export const TARGET_P95_MS = 50;
const DAY_MS = 86_400_000;
export const isoDay = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** The bookings' hours (a 2-bedroom move) and their times: 10:00 now, 08:00 after the move (both end long before closing). */
export const HOURS = 6;
export const FROM_TIME = "10:00";
export const TO_TIME = "08:00";
/** Where the benchmark's own moves go: past the demo's history (about 40 days ahead) and the wizard rounds' days (60 on). */
const FIRST_DAY_AHEAD = 100;
const LAST_DAY_AHEAD = 365;

/**
 * Open days far ahead with no crew out at all, from the database's own capacity answer (92 days a
 * question), so every move below has a crew whatever the history holds.
 */
export async function emptyDays(service: SupabaseClient<Database>, count: number): Promise<string[]> {
  const days: string[] = [];
  for (let start = FIRST_DAY_AHEAD; start <= LAST_DAY_AHEAD && days.length < count; start += 92) {
    const { data, error } = await service.rpc("capacity_days", {
      _from: isoDay(start),
      _to: isoDay(Math.min(start + 91, LAST_DAY_AHEAD)),
      _hours: HOURS,
      _slots: [TO_TIME, FROM_TIME],
    });
    if (error) throw new Error(error.message);
    days.push(...data.filter((day) => !day.closed && !day.full && day.crews_used === 0 && day.crews > 0).map((day) => day.day));
  }
  if (days.length < count) throw new Error(`only ${days.length} empty days ahead for ${count} moves: lower ROUNDS`);
  return days.slice(0, count);
}

/** Paid, confirmed bookings as the server writes them once Stripe says the deposit is paid, one a day on `days`. */
export async function paidBookings(
  service: SupabaseClient<Database>,
  owner: { userId: string | null; email: string },
  days: string[],
): Promise<Array<Database["public"]["Tables"]["bookings"]["Row"]>> {
  const paidAt = new Date().toISOString();
  const { data, error } = await service
    .from("bookings")
    .insert(
      days.map((day, index) => ({
        user_id: owner.userId,
        full_name: "Bench Mover",
        email: owner.email,
        phone: "(404) 555-0100",
        moving_from: `${index + 1} Peachtree St, Atlanta, GA`,
        moving_to: `${index + 1} Ponce de Leon Ave, Decatur, GA`,
        moving_date: day,
        moving_time: FROM_TIME,
        team_type: "elite",
        service_type: "local",
        property_size: "2_bedroom",
        estimated_hours: HOURS,
        estimated_cost_cents: 100_000,
        deposit_amount_cents: 5_000,
        deposit_status: "paid",
        deposit_paid_at: paidAt,
        status: "confirmed",
      })),
    )
    .select("*");
  if (error) throw new Error(`could not seed the bookings to move: ${error.message}`);
  return data;
}

/** One timing's line: its spread and whether its p95 meets the target. */
export const summary = (label: string, times: number[]) => {
  const p95 = percentile(times, 0.95);
  const verdict = p95 <= TARGET_P95_MS ? "meets" : "MISSES";
  return `  ${label}: min ${Math.min(...times).toFixed(1)} ms, p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms: ${verdict} the ${TARGET_P95_MS} ms p95 target`;
};
