import type { Crew, CrewTips } from "~/domain/crews";
import type { AppSupabaseClient } from "./supabase.server";

/** The company's crews by number, read with the staff member's own client. Throws when they cannot be read. */
export async function readCrews(supabase: AppSupabaseClient): Promise<Crew[]> {
  const { data, error } = await supabase.from("crews").select("number, name").order("number");
  if (error) throw new Error(`could not read the crews: ${error.message}`, { cause: error });
  return data;
}

export type CrewNaming = { kind: "named"; crews: Crew[] } | { kind: "refused" } | { kind: "forbidden" };

/** Names crews 1 to names.length as the staff member behind `supabase` (the database checks they manage the schedule). Throws when the database fails. */
export async function nameCrews(supabase: AppSupabaseClient, names: readonly string[]): Promise<CrewNaming> {
  const { data, error } = await supabase.rpc("name_crews", { _names: [...names] });
  if (error) {
    if (error.code === "42501") return { kind: "forbidden" };
    if (error.code === "P0001" || error.code === "23505") return { kind: "refused" };
    throw new Error(`could not name the crews: ${error.message}`, { cause: error });
  }
  return { kind: "named", crews: data };
}

/** The tips per crew in each of the last `months` months, newest first (the database checks the reader may read analytics). Throws when they cannot be read. */
export async function readCrewTips(supabase: AppSupabaseClient, months = 12): Promise<CrewTips[]> {
  const { data, error } = await supabase.rpc("admin_crew_tips", { _months: months });
  if (error) throw new Error(`could not read the crews' tips: ${error.message}`, { cause: error });
  return data.map((row) => ({
    month: row.month,
    crewNumber: row.crew_number,
    crewName: row.crew_name,
    tipsCents: Number(row.tips_cents),
    tippedMoves: Number(row.tipped_moves),
  }));
}
