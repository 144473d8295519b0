import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import RateLimiterStoreAbstract from "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js";
import type { AppSupabaseClient } from "./supabase.server";

/** A counter as the database's rate-limit functions return it: null milliseconds means it never expires. */
interface StoredCounter {
  points: number;
  ms_before_next: number | null;
}

/** How long a limit waits for the database before its process-memory insurance answers instead. */
const DATABASE_TIMEOUT_MS = 2_000;

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
 * server: consume, penalty, block, get and delete as its other stores have them, each one call of a
 * security-definer function (`hit_rate_limit`, `get_rate_limit`, `delete_rate_limit`) that updates
 * and returns the counter in one statement, with the database's clock deciding the window.
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

/**
 * Deletes the rate-limit counters whose window has ended (`purge_expired_rate_limits`, service role
 * only); returns how many. Expired counters are never read as live, so this only keeps the table small.
 */
export async function purgeExpiredRateLimits(serviceRole: AppSupabaseClient): Promise<number> {
  const { data, error } = await serviceRole.rpc("purge_expired_rate_limits");
  if (error) throw new Error(`could not delete expired rate limits: ${error.message}`, { cause: error });
  return data;
}
