import type { AnalyticsPurge } from "../app/load-context.ts";
import type { Logger } from "./logger.ts";

export interface AnalyticsPurgeSchedule {
  /** Stops the timer and waits for a purge still running. */
  stop(): Promise<void>;
}

/**
 * Runs the analytics purge at once and then every `everyMs`, on a timer that never keeps the process
 * alive. A failed purge is logged and tried again at the next turn; a purge still running is not
 * started twice. Every instance runs its own: the database function makes the extra runs harmless.
 */
export function scheduleAnalyticsPurge({
  purge,
  logger,
  everyMs,
}: {
  purge: () => Promise<AnalyticsPurge>;
  logger: Logger;
  everyMs: number;
}): AnalyticsPurgeSchedule {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= purge()
      .then((deleted) => {
        if (deleted.eventsDeleted > 0 || deleted.saltsDeleted > 0) logger.info(deleted, "deleted website analytics past their retention");
      })
      .catch((error: unknown) => logger.error({ err: error }, "could not delete old website analytics; trying again later"))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
