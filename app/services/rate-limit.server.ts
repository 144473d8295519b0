import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export type AuthAction = "login" | "signup" | "password-reset";

export interface AuthRateLimits {
  /**
   * Counts one attempt against the caller's address and, when known, the email it targets: a
   * password guesser is slowed per account even across addresses, and one address cannot sweep many
   * accounts. Returns the seconds to wait when over the limit, or null.
   */
  consume(action: AuthAction, clientIp: string, email?: string): Promise<number | null>;
}

/** In-memory counters for one process (one instance; several instances would need a shared store). */
export function createAuthRateLimits(attemptsPerMinute: number): AuthRateLimits {
  const limiters = new Map<string, RateLimiterMemory>();
  const limiterFor = (action: AuthAction, scope: "address" | "email") => {
    const key = `${action}:${scope}`;
    let limiter = limiters.get(key);
    if (!limiter) {
      limiter = new RateLimiterMemory({ keyPrefix: key, points: attemptsPerMinute, duration: 60 });
      limiters.set(key, limiter);
    }
    return limiter;
  };
  return {
    async consume(action, clientIp, email) {
      try {
        await limiterFor(action, "address").consume(clientIp);
        if (email) await limiterFor(action, "email").consume(email.toLowerCase());
        return null;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw rejection;
      }
    },
  };
}

export const tooManyAttemptsMessage = (seconds: number) =>
  `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
