// A seeded database gives a server's first minutes work of their own: the demo's bookings went in
// without their reminders, so its message sender plans two for each open paid booking (about 1,500
// calls to the database for 100,000 bookings) and sends those already due. A benchmark waits for that
// before timing requests, which would otherwise measure the backlog beside them.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../../supabase/types.ts";

/** How long the backlog may take on a loaded machine before the benchmark gives up. */
const PATIENCE_MS = 300_000;

/** Whether the server's message sender has nothing left to do now: every reminder planned, no due message unsent. */
async function idle(service: SupabaseClient<Database>): Promise<boolean> {
  const now = new Date().toISOString();
  const [toRemind, due, sending] = await Promise.all([
    service.rpc("bookings_to_remind", { p_limit: 1 }),
    service
      .from("message_outbox")
      .select("id", { count: "exact", head: true })
      .eq("status", "queued")
      .lte("due_at", now)
      .or(`next_attempt_at.is.null,next_attempt_at.lte.${now}`),
    service.from("message_outbox").select("id", { count: "exact", head: true }).eq("status", "sending"),
  ]);
  const failed = toRemind.error ?? due.error ?? sending.error;
  if (failed) throw new Error(`could not read the message sender's work: ${failed.message}`);
  return toRemind.data?.length === 0 && due.count === 0 && sending.count === 0;
}

/** Until the server's message sender is idle (see above); returns how long that took, in seconds. */
export async function untilMessageSenderIdle(service: SupabaseClient<Database>): Promise<number> {
  const started = performance.now();
  while (!(await idle(service))) {
    if (performance.now() - started > PATIENCE_MS) throw new Error(`the server's message sender was still busy after ${PATIENCE_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return (performance.now() - started) / 1000;
}
