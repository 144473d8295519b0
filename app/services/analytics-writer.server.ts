import type { Logger } from "pino";
import type { Database } from "../../supabase/types";
import type { AppSupabaseClient } from "./supabase.server";

export type AnalyticsRow = Database["public"]["Tables"]["website_analytics"]["Insert"];

export interface AnalyticsWriterStats {
  written: number;
  /** Refused because the queue was full (the database slower than the traffic). */
  dropped: number;
  /** Lost in a write the database refused or never answered. */
  failed: number;
  queued: number;
}

export interface AnalyticsWriter {
  /** Queues a row; false when the queue is full and the row was dropped. Never waits for the database. */
  enqueue(row: AnalyticsRow): boolean;
  /** Writes everything queued so far. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
  stats(): AnalyticsWriterStats;
}

export interface AnalyticsWriterOptions {
  /** The service-role client: the only role that may insert events. */
  client: AppSupabaseClient;
  logger: Logger;
  flushEveryMs?: number;
  /** A write starts as soon as this many rows wait. */
  batchSize?: number;
  /** Rows one insert carries at most. */
  maxBatch?: number;
  /** Rows kept waiting at most; beyond, new rows are dropped and counted. */
  maxQueued?: number;
}

/**
 * Website analytics events written in batches: every second, or as soon as 100 wait, one write at a
 * time. A failed write is logged and its rows counted as lost; memory stays bounded by `maxQueued`.
 */
export function createAnalyticsWriter({
  client,
  logger,
  flushEveryMs = 1_000,
  batchSize = 100,
  maxBatch = 1_000,
  maxQueued = 50_000,
}: AnalyticsWriterOptions): AnalyticsWriter {
  let queue: AnalyticsRow[] = [];
  let writing: Promise<void> | null = null;
  const counts = { written: 0, dropped: 0, failed: 0 };

  async function write(batch: AnalyticsRow[]) {
    try {
      const { error } = await client.from("website_analytics").insert(batch);
      if (error) throw error;
      counts.written += batch.length;
    } catch (error) {
      counts.failed += batch.length;
      logger.error({ err: error, events: batch.length }, "could not write website analytics events; they are lost");
    }
  }

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      await write(batch);
    }
  }

  function flush(): Promise<void> {
    writing ??= drain().finally(() => {
      writing = null;
    });
    return writing;
  }

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    enqueue(row) {
      if (queue.length >= maxQueued) {
        counts.dropped += 1;
        if (counts.dropped === 1 || counts.dropped % 1_000 === 0) logger.warn({ dropped: counts.dropped }, "website analytics queue full; dropping events");
        return false;
      }
      queue.push(row);
      if (queue.length >= batchSize) void flush();
      return true;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
    stats: () => ({ ...counts, queued: queue.length }),
  };
}
