import type { AuthRateLimits, RateLimit, VerifyRateLimits } from "../config.ts";
import { AuthError } from "./errors.ts";

/** GoTrue's answer when a rate limit is reached. */
export function overRequestRateLimit(): AuthError {
  return new AuthError(429, "over_request_rate_limit", "Request rate limit reached");
}

/** Token buckets by key (a client address, or one key for everyone), in memory. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** Full buckets are forgotten when the map reaches this size, which then doubles: a caller inventing
   *  addresses cannot grow it without bound, nor make every request sweep it. */
  private sweepAtSize = 1024;

  constructor(
    private readonly rate: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  private get capacity(): number {
    return this.rate.burst ?? this.rate.limit;
  }

  /** Takes one request from the key's bucket; false when it is empty. */
  take(key: string): boolean {
    const bucket = this.refilled(key);
    if (bucket.tokens < 1) return false;
    this.buckets.set(key, { tokens: bucket.tokens - 1, at: bucket.at });
    if (this.buckets.size >= this.sweepAtSize) this.sweep();
    return true;
  }

  /** Returns a request taken by take(), e.g. when it turned out not to count. */
  giveBack(key: string): void {
    const bucket = this.refilled(key);
    this.buckets.set(key, { tokens: Math.min(this.capacity, bucket.tokens + 1), at: bucket.at });
  }

  private refilled(key: string): { tokens: number; at: number } {
    const now = this.now();
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.capacity, at: now };
    const refill = ((now - bucket.at) / 1000) * (this.rate.limit / this.rate.windowSeconds);
    return { tokens: Math.min(this.capacity, bucket.tokens + refill), at: now };
  }

  private sweep(): void {
    for (const key of this.buckets.keys()) {
      if (this.refilled(key).tokens >= this.capacity) this.buckets.delete(key);
    }
    this.sweepAtSize = Math.max(1024, this.buckets.size * 2);
  }
}

/** The client address rate limits count by: the first X-Forwarded-For entry, as GoTrue reads it behind
 *  Supabase's gateway. Calls without one (the app's own, in-process) share one key. */
export function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "in-process";
}

/** Runs verifications under VerifyRateLimits: each counts against its caller's address, and each that
 *  fails with a wrong or expired link or code against the failures of everyone. */
export function createVerifyLimiter(limits: VerifyRateLimits, now?: () => number): <T>(request: Request, verify: () => Promise<T>) => Promise<T> {
  const perAddress = new RateLimiter(limits.perAddress, now);
  const failures = new RateLimiter(limits.failures, now);
  const EVERYONE = "";
  return async (request, verify) => {
    if (!perAddress.take(clientAddress(request))) throw overRequestRateLimit();
    // Taken before and given back unless the verification fails, so concurrent guesses cannot overshoot.
    if (!failures.take(EVERYONE)) throw overRequestRateLimit();
    let guessedWrong = false;
    try {
      return await verify();
    } catch (error) {
      guessedWrong = error instanceof AuthError && error.code === "otp_expired";
      throw error;
    } finally {
      if (!guessedWrong) failures.giveBack(EVERYONE);
    }
  };
}

/** Per-address limits of the endpoints GoTrue limits by AuthRateLimits: each call counts against its caller's address. */
export function createRequestLimiter(limits: AuthRateLimits, now?: () => number): (endpoint: keyof AuthRateLimits, request: Request) => void {
  const limiters = {
    token: new RateLimiter(limits.token, now),
    signup: new RateLimiter(limits.signup, now),
    recover: new RateLimiter(limits.recover, now),
    resend: new RateLimiter(limits.resend, now),
  };
  return (endpoint, request) => {
    if (!limiters[endpoint].take(clientAddress(request))) throw overRequestRateLimit();
  };
}
