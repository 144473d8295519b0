import type { SupabaseClient } from "@supabase/supabase-js";

/** A booking's row as the service role reads it: the columns a message's template needs. */
export type MessageBooking = { id: string } & Record<string, unknown>;

/**
 * A message about `booking` that failed for good, as the sender leaves one the provider refused: queued
 * (due long ago, so it is the first a claim takes), claimed and marked failed with the service role
 * `client`. A server's sender that claims it first sends it; the next try makes another. Its id.
 */
export async function failedMessageAbout(client: SupabaseClient, booking: MessageBooking, refusal: string): Promise<number> {
  const kinds = ["booking_confirmed", "reminder_48h", "reminder_day_before"];
  for (const kind of kinds) {
    const facts = {
      bookingId: booking.id,
      shortId: booking.id.slice(0, 8),
      customerName: booking.full_name,
      movingDate: booking.moving_date,
      movingTime: booking.moving_time,
      estimatedHours: booking.estimated_hours,
      fromAddress: booking.moving_from,
      toAddress: booking.moving_to,
      crewSize: 2,
      estimatedCostCents: booking.estimated_cost_cents,
      depositCents: booking.deposit_amount_cents,
      manageUrl: "http://localhost/manage",
    };
    const queued = await client.rpc("enqueue_booking_message", { p_booking_id: booking.id, p_kind: kind, p_facts: facts, p_due_at: "2000-01-01T00:00:00Z" });
    if (queued.error) throw new Error(`could not queue a message: ${queued.error.message}`);
    const claimed = await client.rpc("claim_due_messages", { p_limit: 1, p_lease_seconds: 600 });
    if (claimed.error) throw new Error(`could not claim a message: ${claimed.error.message}`);
    const [row] = claimed.data as Array<{ id: number; booking_id: string | null; kind: string }>;
    if (!row) continue;
    const ours = row.booking_id === booking.id && row.kind === kind;
    // Another message claimed by mistake goes back to the queue at once, as a retry would.
    const marked = await client.rpc("mark_message_failed", { p_id: row.id, p_error: refusal, p_retry_at: ours ? null : new Date().toISOString() });
    if (marked.error) throw new Error(`could not mark a message failed: ${marked.error.message}`);
    if (ours) return row.id;
  }
  throw new Error("the server's sender claimed every message queued for the test");
}
