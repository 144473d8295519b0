import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Limits on the auth forms, counted in this process's memory (one instance; several instances
 * would need a shared store such as rate-limiter-flexible's Redis or Postgres limiters).
 *
 * Why these keys:
 * - A password guesser is held by the strict per-(email, address) limit, and one address cannot
 *   sweep many accounts (a per-address ceiling).
 * - A strict per-email limit would let anyone lock any account out, the admin's included, by
 *   failing on purpose. So failures per email only slow further sign-ins (a growing pause, at most a
 *   minute), and a browser that has signed in to that account before (the signed device cookie) is
 *   not held by it at all: the owner keeps getting in while someone else guesses.
 * - Recovery links carry a token hash that a guesser can compute for each of the 10^6 codes of a
 *   known email. The hash does not say which email it is for, so failed verifications are counted
 *   per address and in total: at most `verificationFailuresPer10Minutes` failures across all callers,
 *   which leaves a guess across many addresses a negligible chance within a link's hour.
 */
export interface AuthRateLimits {
  /** Seconds to wait before this sign-in may be tried, or null. */
  beforeSignIn(clientIp: string, email: string, knownDevice: boolean): Promise<number | null>;
  signInFailed(email: string): Promise<void>;
  /** Seconds to wait before a sign-up, a reset-link request or a new confirmation link, or null. */
  beforeRequest(action: "signup" | "password-reset" | "confirmation-resend", clientIp: string, email: string): Promise<number | null>;
  /** Seconds to wait before a recovery token may be verified, or null. */
  beforeVerification(clientIp: string): Promise<number | null>;
  verificationFailed(): Promise<void>;
}

export interface AuthLimitSettings {
  attemptsPerMinute: number;
  /** Failed sign-ins per email (15 minutes) before each further one waits. */
  failuresBeforeBackoff?: number;
  verificationFailuresPer10Minutes?: number;
}

const MAX_BACKOFF_SECONDS = 60;

export function createAuthRateLimits(settings: AuthLimitSettings): AuthRateLimits {
  const perMinute = (keyPrefix: string, points: number) => new RateLimiterMemory({ keyPrefix, points, duration: 60 });
  const strict = {
    signInPair: perMinute("login:pair", settings.attemptsPerMinute),
    signInAddress: perMinute("login:address", settings.attemptsPerMinute * 5),
    signupAddress: perMinute("signup:address", settings.attemptsPerMinute),
    signupEmail: perMinute("signup:email", settings.attemptsPerMinute),
    resetAddress: perMinute("password-reset:address", settings.attemptsPerMinute),
    resetEmail: perMinute("password-reset:email", settings.attemptsPerMinute),
    resendAddress: perMinute("confirmation-resend:address", settings.attemptsPerMinute),
    resendEmail: perMinute("confirmation-resend:email", settings.attemptsPerMinute),
    verifyAddress: perMinute("verify:address", settings.attemptsPerMinute),
  };
  const failuresBeforeBackoff = settings.failuresBeforeBackoff ?? settings.attemptsPerMinute;
  const signInFailures = new RateLimiterMemory({ keyPrefix: "login:failures", points: Number.MAX_SAFE_INTEGER, duration: 15 * 60 });
  const signInPause = new RateLimiterMemory({ keyPrefix: "login:pause", points: 1, duration: 1 });
  const verificationFailures = new RateLimiterMemory({
    keyPrefix: "verify:failures",
    points: settings.verificationFailuresPer10Minutes ?? 30,
    duration: 10 * 60,
  });

  return {
    async beforeSignIn(clientIp, email, knownDevice) {
      const key = email.toLowerCase();
      if (!knownDevice) {
        const pause = await signInPause.get(key);
        if (pause && pause.msBeforeNext > 0 && pause.consumedPoints > 0) return secondsOf(pause);
      }
      return consumeAll([
        [strict.signInAddress, clientIp],
        [strict.signInPair, `${key}|${clientIp}`],
      ]);
    },
    async signInFailed(email) {
      const key = email.toLowerCase();
      const failures = await signInFailures.penalty(key);
      const beyond = failures.consumedPoints - failuresBeforeBackoff;
      if (beyond > 0) await signInPause.block(key, Math.min(MAX_BACKOFF_SECONDS, 2 ** (beyond - 1)));
    },
    beforeRequest(action, clientIp, email) {
      const key = email.toLowerCase();
      if (action === "confirmation-resend") {
        return consumeAll([
          [strict.resendAddress, clientIp],
          [strict.resendEmail, key],
        ]);
      }
      return action === "signup"
        ? consumeAll([
            [strict.signupAddress, clientIp],
            [strict.signupEmail, key],
          ])
        : consumeAll([
            [strict.resetAddress, clientIp],
            [strict.resetEmail, key],
          ]);
    },
    async beforeVerification(clientIp) {
      const total = await verificationFailures.get("all");
      if (total && total.remainingPoints <= 0) return secondsOf(total);
      return consumeAll([[strict.verifyAddress, clientIp]]);
    },
    async verificationFailed() {
      await verificationFailures.penalty("all");
    },
  };
}

async function consumeAll(checks: Array<[RateLimiterMemory, string]>): Promise<number | null> {
  try {
    for (const [limiter, key] of checks) await limiter.consume(key);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return secondsOf(rejection);
    throw rejection;
  }
}

const secondsOf = (result: RateLimiterRes) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

export const tooManyAttemptsMessage = (seconds: number) => `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;

/** What a customer (or a guest) does in the booking flow that costs the company storage, decoding or a Checkout Session. */
export type BookingAction = "draft" | "pay" | "upload";

/**
 * Limits on the booking flow's costly actions, per client address and, when someone is signed in,
 * per user: a new wizard draft, a press of Pay (each makes a Checkout Session), a photo upload post.
 * Counted in this process's memory, like the auth limits.
 */
export interface BookingRateLimits {
  /** Consumes one of this action's allowance; seconds to wait when it is spent, or null. */
  before(action: BookingAction, clientIp: string, userId: string | null): Promise<number | null>;
}

/** Per minute, as multiples of the configured allowance: uploads come in several posts for one booking. */
const BOOKING_ACTION_SHARES: Record<BookingAction, { perAddress: number; perUser: number }> = {
  draft: { perAddress: 1, perUser: 1 },
  pay: { perAddress: 1, perUser: 1 },
  upload: { perAddress: 3, perUser: 2 },
};

export function createBookingRateLimits(settings: { actionsPerMinute: number }): BookingRateLimits {
  const limiters = Object.fromEntries(
    (Object.keys(BOOKING_ACTION_SHARES) as BookingAction[]).map((action) => {
      const share = BOOKING_ACTION_SHARES[action];
      const perMinute = (keyPrefix: string, points: number) => new RateLimiterMemory({ keyPrefix, points, duration: 60 });
      return [
        action,
        {
          address: perMinute(`${action}:address`, share.perAddress * settings.actionsPerMinute),
          user: perMinute(`${action}:user`, share.perUser * settings.actionsPerMinute),
        },
      ];
    }),
  ) as Record<BookingAction, { address: RateLimiterMemory; user: RateLimiterMemory }>;
  return {
    before(action, clientIp, userId) {
      const { address, user } = limiters[action];
      return consumeAll(
        userId
          ? [
              [address, clientIp],
              [user, userId],
            ]
          : [[address, clientIp]],
      );
    },
  };
}

/**
 * Analytics beacons per client address and minute, counted in this process's memory like the other
 * limits. A browser sends a few a minute; the allowance leaves room for visitors behind one address.
 */
export interface BeaconRateLimit {
  /** Consumes one beacon of the address's allowance; seconds to wait when it is spent, or null. */
  before(clientIp: string): Promise<number | null>;
}

export function createBeaconRateLimit(settings: { eventsPerMinute: number }): BeaconRateLimit {
  const perAddress = new RateLimiterMemory({ keyPrefix: "beacon:address", points: settings.eventsPerMinute, duration: 60 });
  return { before: (clientIp) => consumeAll([[perAddress, clientIp]]) };
}
