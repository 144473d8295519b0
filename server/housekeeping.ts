import type { SupabaseClient } from "@supabase/supabase-js";
import { claimHousekeepingRun, HOUSEKEEPING_CHECK_EVERY_MS, runHousekeeping, type HousekeepingReport } from "../app/services/housekeeping.server.ts";
import type { Database } from "../supabase/types.ts";
import type { Logger } from "./logger.ts";

export interface HousekeepingSchedule {
  /** Settles when the look at start (and its run, when it was due) has ended, logs included. */
  firstLook: Promise<void>;
  /** Stops the timer and waits for a run still going, which ends after its current batch. */
  stop(): Promise<void>;
}

/**
 * Looks at once and then every `everyMs` whether the day's housekeeping is due, on a timer that never
 * keeps the process alive, and runs it when this server claims it (`claim`: one server a day between
 * all that share the database). Each run logs what it removed, and each task that failed; a failed
 * claim is logged and tried again at the next look. A run still going is never started twice.
 */
export function scheduleHousekeeping({
  claim,
  run,
  logger,
  everyMs,
}: {
  claim: () => Promise<boolean>;
  run: (stopping: AbortSignal) => Promise<HousekeepingReport>;
  logger: Logger;
  everyMs: number;
}): HousekeepingSchedule {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  const look = async () => {
    if (!(await claim())) return;
    const startedAt = Date.now();
    const report = await run(stopping.signal);
    for (const { task, error } of report.failed)
      logger.error({ err: error, task }, "a housekeeping task failed; it runs again with the next day's housekeeping");
    logger.info({ removed: report.removed, failed: report.failed.map(({ task }) => task), ms: Date.now() - startedAt }, "housekeeping done");
  };
  const tick = (): Promise<void> => {
    if (stopping.signal.aborted) return Promise.resolve();
    running ??= look()
      .catch((error: unknown) => logger.error({ err: error }, "could not run the housekeeping; trying again later"))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const firstLook = tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    firstLook,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}

/**
 * The server's housekeeping with the service-role client, the only one it may use: old booking drafts
 * and their photos, stored files no row points to, old Stripe event ids, website analytics past
 * their retention (`app/services/housekeeping.server.ts` lists the tasks).
 */
export function startHousekeeping(serviceRole: SupabaseClient<Database>, logger: Logger): HousekeepingSchedule {
  return scheduleHousekeeping({
    claim: () => claimHousekeepingRun(serviceRole),
    run: (stopping) => runHousekeeping(serviceRole, { stopping }),
    logger,
    everyMs: HOUSEKEEPING_CHECK_EVERY_MS,
  });
}
