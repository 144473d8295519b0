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

/** The client address rate limits count by, as GoTrue behind Supabase's gateway reads it: the first
 *  Sb-Forwarded-For entry (the end user a server-side call is made for; the HTTP API drops the header
 *  from outside callers), else the first X-Forwarded-For entry (set by the HTTP API from the address
 *  Express trusts). Calls with neither share one key. */
export function clientAddress(request: Request): string {
  for (const header of ["sb-forwarded-for", "x-forwarded-for"]) {
    const first = request.headers.get(header)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return "in-process";
}

/** Runs verifications under VerifyRateLimits: each counts against its caller's address, and each that
 *  fails with a wrong or expired link or code against the failures of that address and of the email
 *  the code was tried for (a link names no email: it counts for its address only). */
export function createVerifyLimiter(limits: VerifyRateLimits, now?: () => number): <T>(request: Request, verify: () => Promise<T>) => Promise<T> {
  const perAddress = new RateLimiter(limits.perAddress, now);
  const failures = new RateLimiter(limits.failures, now);
  return async (request, verify) => {
    const address = clientAddress(request);
    if (!perAddress.take(address)) throw overRequestRateLimit();
    const email = await triedEmail(request);
    const keys = email ? [`address:${address}`, `email:${email}`] : [`address:${address}`];
    // Taken before and given back unless the verification fails, so concurrent guesses cannot overshoot.
    const taken: string[] = [];
    for (const key of keys) {
      if (!failures.take(key)) {
        for (const given of taken) failures.giveBack(given);
        throw overRequestRateLimit();
      }
      taken.push(key);
    }
    let guessedWrong = false;
    try {
      return await verify();
    } catch (error) {
      guessedWrong = error instanceof AuthError && error.code === "otp_expired";
      throw error;
    } finally {
      if (!guessedWrong) for (const key of taken) failures.giveBack(key);
    }
  };
}

/** The email of a {type, email, token} verification, lowercased; "" for a link or a body that is not JSON. */
async function triedEmail(request: Request): Promise<string> {
  try {
    const body: unknown = await request.clone().json();
    const email = typeof body === "object" && body !== null && "email" in body ? body.email : "";
    return typeof email === "string" ? email.trim().toLowerCase() : "";
  } catch {
    return "";
  }
}

/** Per-address limits of the endpoints GoTrue limits by AuthRateLimits: each call counts against its caller's address. */
export function createRequestLimiter(limits: AuthRateLimits, now?: () => number): (endpoint: keyof AuthRateLimits, request: Request) => void {
  const limiters = {
    tokenRefresh: new RateLimiter(limits.tokenRefresh, now),
    signIn: new RateLimiter(limits.signIn, now),
    signup: new RateLimiter(limits.signup, now),
    recover: new RateLimiter(limits.recover, now),
    resend: new RateLimiter(limits.resend, now),
  };
  return (endpoint, request) => {
    if (!limiters[endpoint].take(clientAddress(request))) throw overRequestRateLimit();
  };
}
