import { createHash } from "node:crypto";
import RateLimiterMemory from "rate-limiter-flexible/lib/RateLimiterMemory.js";
import RateLimiterRes from "rate-limiter-flexible/lib/RateLimiterRes.js";
import RateLimiterStoreAbstract from "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js";
import type { AppSupabaseClient } from "./supabase.server";

/** A counter as the database's rate-limit functions return it: null milliseconds means it never expires. */
interface StoredCounter {
  points: number;
  ms_before_next: number | null;
}

/** How long a limit waits for the database before its process-memory insurance answers instead. */
const DATABASE_TIMEOUT_MS = 2_000;

/** Keys sent in one call at most. */
const MAX_KEYS_PER_CALL = 500;

interface PendingHit {
  key: string;
  points: number;
  durationMs: number;
  resolve: (counter: StoredCounter) => void;
  reject: (error: unknown) => void;
}

/**
 * Sends the hits of one process to the database: the first at once, and those that arrive while a
 * call is under way together in the next call (`hit_rate_limits`), the same key's points added up.
 * Each caller gets the counter as it stood after its own hit, as if the hits had gone one by one, so
 * a burst of a thousand beacons costs a few calls instead of a thousand, with no count lost or early.
 */
class HitBatcher {
  private queue: PendingHit[] = [];
  private sending = false;

  constructor(private readonly serviceRole: AppSupabaseClient) {}

  hit(key: string, points: number, durationMs: number): Promise<StoredCounter> {
    return new Promise((resolve, reject) => {
      this.queue.push({ key, points, durationMs, resolve, reject });
      if (!this.sending) void this.send();
    });
  }

  private async send() {
    this.sending = true;
    while (this.queue.length > 0) {
      const batch = this.takeBatch();
      const totals = new Map<string, { points: number; durationMs: number }>();
      for (const hit of batch) {
        const total = totals.get(hit.key);
        if (total) total.points += hit.points;
        else totals.set(hit.key, { points: hit.points, durationMs: hit.durationMs });
      }
      try {
        const keys = [...totals.keys()];
        const { data, error } = await this.serviceRole
          .rpc("hit_rate_limits", {
            _keys: keys,
            _points: keys.map((key) => totals.get(key)!.points),
            _durations_ms: keys.map((key) => Math.round(totals.get(key)!.durationMs)),
          })
          .abortSignal(AbortSignal.timeout(DATABASE_TIMEOUT_MS));
        if (error) throw new Error(`could not count rate limits: ${error.message}`, { cause: error });
        const counters = new Map(data.map((row) => [row.key, row]));
        const counted = new Map<string, number>();
        for (const hit of batch) {
          const counter = counters.get(hit.key);
          if (!counter) throw new Error("could not count rate limits: a key came back without its counter");
          const upToThisHit = (counted.get(hit.key) ?? 0) + hit.points;
          counted.set(hit.key, upToThisHit);
          hit.resolve({ points: counter.points - totals.get(hit.key)!.points + upToThisHit, ms_before_next: counter.ms_before_next });
        }
      } catch (error) {
        // A caller already resolved ignores this.
        for (const hit of batch) hit.reject(error);
      }
    }
    this.sending = false;
  }

  /** The oldest hits, up to MAX_KEYS_PER_CALL different keys. */
  private takeBatch(): PendingHit[] {
    const keys = new Set<string>();
    let taken = 0;
    for (const hit of this.queue) {
      if (!keys.has(hit.key) && keys.size === MAX_KEYS_PER_CALL) break;
      keys.add(hit.key);
      taken += 1;
    }
    return this.queue.splice(0, taken);
  }
}

/** One batcher per service-role client: the limiters of one process share its calls. */
const batchers = new WeakMap<AppSupabaseClient, HitBatcher>();

function batcherFor(serviceRole: AppSupabaseClient): HitBatcher {
  let batcher = batchers.get(serviceRole);
  if (!batcher) batchers.set(serviceRole, (batcher = new HitBatcher(serviceRole)));
  return batcher;
}

export interface DatabaseLimiterOptions {
  keyPrefix: string;
  points: number;
  /** Seconds of a window; 0: counters never expire. */
  duration: number;
  /** The service-role client: the counters' functions are for the service role only. */
  serviceRole: AppSupabaseClient;
  /**
   * Once a key has consumed this many points, this process refuses it from memory until its window
   * ends, without asking the database (at least `points`).
   */
  inMemoryBlockOnConsumed?: number;
}

/**
 * rate-limiter-flexible's limiter over `public.rate_limit_counters`, shared by every instance of the
 * server: consume, penalty, block, get and delete as its other stores have them, each through a
 * security-definer function (`hit_rate_limits`, `hit_rate_limit`, `get_rate_limit`,
 * `delete_rate_limit`) that updates and returns the counter in one statement, with the database's
 * clock deciding the window. Hits that arrive while this process's previous call is under way go
 * together in the next one (`HitBatcher`).
 *
 * Keys are stored as the limit's prefix and a hash of the whole key: the table names no address or
 * email. While the database cannot be reached (an error, or no answer within two seconds), a limiter
 * in this process's memory with the same allowance answers instead (`insuranceLimiter`), so an outage
 * leaves sign-in limited per instance rather than refused for everyone.
 */
export class RateLimiterDatabase extends RateLimiterStoreAbstract {
  private readonly serviceRole: AppSupabaseClient;

  constructor({ serviceRole, ...options }: DatabaseLimiterOptions) {
    super({
      ...options,
      storeClient: serviceRole,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: options.keyPrefix, points: options.points, duration: options.duration }),
    });
    this.serviceRole = serviceRole;
  }

  private storedKey(rlKey: string): string {
    return `${this.keyPrefix}:${createHash("sha256").update(rlKey).digest("base64url")}`;
  }

  protected async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<StoredCounter> {
    if (!forceExpire) return batcherFor(this.serviceRole).hit(this.storedKey(rlKey), points, msDuration);
    // A block or a set starts the counter afresh: on its own, never added to other hits.
    const { data, error } = await this.serviceRole
      .rpc("hit_rate_limit", { _key: this.storedKey(rlKey), _points: points, _duration_ms: Math.round(msDuration), _force_expiry: forceExpire })
      .abortSignal(AbortSignal.timeout(DATABASE_TIMEOUT_MS))
      .single();
    if (error) throw new Error(`could not count a rate limit: ${error.message}`, { cause: error });
    return data;
  }

  protected async _get(rlKey: string): Promise<StoredCounter | null> {
    const { data, error } = await this.serviceRole
      .rpc("get_rate_limit", { _key: this.storedKey(rlKey) })
      .abortSignal(AbortSignal.timeout(DATABASE_TIMEOUT_MS))
      .maybeSingle();
    if (error) throw new Error(`could not read a rate limit: ${error.message}`, { cause: error });
    return data;
  }

  protected async _delete(rlKey: string): Promise<boolean> {
    const { data, error } = await this.serviceRole
      .rpc("delete_rate_limit", { _key: this.storedKey(rlKey) })
      .abortSignal(AbortSignal.timeout(DATABASE_TIMEOUT_MS));
    if (error) throw new Error(`could not delete a rate limit: ${error.message}`, { cause: error });
    return data;
  }

  protected _getRateLimiterRes(_rlKey: string, changedPoints: number, counter: StoredCounter): RateLimiterRes {
    // As rate-limiter-flexible's SQL stores say it: a counter holding exactly this call's points has just started.
    const isFirstInDuration = changedPoints === counter.points;
    const consumedPoints = isFirstInDuration ? changedPoints : counter.points;
    return new RateLimiterRes(Math.max(this.points - consumedPoints, 0), counter.ms_before_next ?? -1, consumedPoints, isFirstInDuration);
  }
}
