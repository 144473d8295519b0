import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { AppLoadContext } from "react-router";

export type AuthAction = "login" | "signup" | "password-reset";

const limiters = new Map<string, RateLimiterMemory>();

function limiterFor(action: AuthAction, scope: "address" | "email", pointsPerMinute: number) {
  const key = `${action}:${scope}:${pointsPerMinute}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: key, points: pointsPerMinute, duration: 60 });
    limiters.set(key, limiter);
  }
  return limiter;
}

/**
 * Counts one attempt against the caller's address and, when known, the email it targets: a password
 * guesser is slowed per account even across addresses, and one address cannot sweep many accounts.
 * Returns the seconds to wait when over the limit, or null.
 */
export async function limitAuthAttempt(context: AppLoadContext, action: AuthAction, email?: string): Promise<number | null> {
  const points = context.limits.authAttemptsPerMinute;
  try {
    await limiterFor(action, "address", points).consume(context.clientIp);
    if (email) await limiterFor(action, "email", points).consume(email.toLowerCase());
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}

export const tooManyAttemptsMessage = (seconds: number) =>
  `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
