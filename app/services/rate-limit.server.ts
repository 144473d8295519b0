import type { RateLimiterAbstract } from "rate-limiter-flexible";
import RateLimiterMemory from "rate-limiter-flexible/lib/RateLimiterMemory.js";
import RateLimiterRes from "rate-limiter-flexible/lib/RateLimiterRes.js";
import { RateLimiterDatabase } from "./rate-limit-store.server";
import type { AppSupabaseClient } from "./supabase.server";

/**
 * Where the limits count: in the database through the service role (`public.rate_limit_counters`,
 * see `RateLimiterDatabase`), shared by every instance of the server, so that a guesser spreading
 * attempts over instances behind a load balancer gets no more than from one; or in this process's
 * memory ("memory": one process only, for tests of the rules and test apps that start afresh).
 */
export type RateLimitCounters = { serviceRole: AppSupabaseClient } | "memory";

interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
  /** A key that has spent its allowance is refused from this process's memory until its window ends: no database call. */
  refuseSpentFromMemory?: boolean;
}

function limiter(counters: RateLimitCounters, { refuseSpentFromMemory, ...options }: LimiterOptions): RateLimiterAbstract {
  if (counters === "memory") return new RateLimiterMemory(options);
  return new RateLimiterDatabase({
    ...options,
    serviceRole: counters.serviceRole,
    inMemoryBlockOnConsumed: refuseSpentFromMemory ? options.points : undefined,
  });
}

/**
 * Limits on the auth forms, counted where `counters` says: the database in the server, shared by
 * every instance.
 *
 * Why these keys:
 * - A password guesser is held by the strict per-(email, address) limit, and one address cannot
 *   sweep many accounts (a per-address ceiling).
 * - A strict per-email limit would let anyone lock any account out, the admin's included, by
 *   failing on purpose. So failures per email only slow further sign-ins (a growing pause, at most a
 *   minute), and a browser that has signed in to that account before (the signed device cookie) is
 *   not held by it at all: the owner keeps getting in while someone else guesses.
 * - Failed verifications of recovery and confirmation links are counted per address: at most
 *   `verificationFailuresPer10Minutes` each. A wrong link names no email (its token hash matches
 *   none), so there is no email to count it against, and a count of all callers together would let
 *   a few addresses stop every customer's genuine link. The auth service counts wrong codes per email.
 * - The counters are shared, not per instance: with N instances a per-instance count would allow N
 *   times the attempts.
 */
export interface AuthRateLimits {
  /** Seconds to wait before this sign-in may be tried, or null. */
  beforeSignIn(clientIp: string, email: string, knownDevice: boolean): Promise<number | null>;
  signInFailed(email: string): Promise<void>;
  /** Seconds to wait before a sign-up, a reset-link request or a new confirmation link, or null. */
  beforeRequest(action: "signup" | "password-reset" | "confirmation-resend", clientIp: string, email: string): Promise<number | null>;
  /** Seconds to wait before a recovery or confirmation link may be verified from this address, or null. */
  beforeVerification(clientIp: string): Promise<number | null>;
  verificationFailed(clientIp: string): Promise<void>;
}

export interface AuthLimitSettings {
  attemptsPerMinute: number;
  /** Failed sign-ins per email (15 minutes) before each further one waits. */
  failuresBeforeBackoff?: number;
  verificationFailuresPer10Minutes?: number;
  /** Where the attempts are counted; this process's memory when unset. */
  counters?: RateLimitCounters;
}

const MAX_BACKOFF_SECONDS = 60;

export function createAuthRateLimits(settings: AuthLimitSettings): AuthRateLimits {
  const counters = settings.counters ?? "memory";
  const perMinute = (keyPrefix: string, points: number) => limiter(counters, { keyPrefix, points, duration: 60, refuseSpentFromMemory: true });
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
  const signInFailures = limiter(counters, { keyPrefix: "login:failures", points: Number.MAX_SAFE_INTEGER, duration: 15 * 60 });
  const signInPause = limiter(counters, { keyPrefix: "login:pause", points: 1, duration: 1 });
  const verificationFailures = limiter(counters, { keyPrefix: "verify:failures", points: settings.verificationFailuresPer10Minutes ?? 30, duration: 10 * 60 });

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
      const failed = await verificationFailures.get(clientIp);
      if (failed && failed.remainingPoints <= 0) return secondsOf(failed);
      return consumeAll([[strict.verifyAddress, clientIp]]);
    },
    async verificationFailed(clientIp) {
      await verificationFailures.penalty(clientIp);
    },
  };
}

async function consumeAll(checks: Array<[RateLimiterAbstract, string]>): Promise<number | null> {
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

/**
 * What a customer (or a guest) does that costs the company storage, decoding or a Checkout Session:
 * a new wizard draft, a press of Pay, a post to a photo upload form (with or without files),
 * each photo sent (counted by file, however many come in one post); and the date picker's questions
 * (each costs the database a month of capacity).
 */
export type BookingAction = "draft" | "pay" | "upload" | "photo" | "availability";

/**
 * Limits on the booking flow's costly actions, per client address and, when someone is signed in,
 * per user: a new wizard draft, a press of Pay (each makes a Checkout Session), a photo upload post
 * and its photos. Counted where the auth limits are: in the server, the database shared by every instance.
 */
export interface BookingRateLimits {
  /** Consumes one of this action's allowance; seconds to wait when it is spent, or null. */
  before(action: BookingAction, clientIp: string, userId: string | null): Promise<number | null>;
}

/**
 * Per minute, as multiples of the configured allowance (10 in production). Photos are what the
 * product lets one customer send in a minute, a full gallery of 20 and a booking's 10, with room for
 * an avatar and a few sent again (40); the page's script sends them one a post, and removing a
 * booking photo is a post too, so posts get more (60). An address may hold two such customers.
 */
const BOOKING_ACTION_SHARES: Record<BookingAction, { perAddress: number; perUser: number }> = {
  draft: { perAddress: 1, perUser: 1 },
  pay: { perAddress: 1, perUser: 1 },
  upload: { perAddress: 12, perUser: 6 },
  photo: { perAddress: 8, perUser: 4 },
  // The date picker asks once per month, date or home size chosen: a customer asks a few times a minute.
  availability: { perAddress: 6, perUser: 6 },
};

export function createBookingRateLimits(settings: { actionsPerMinute: number; counters?: RateLimitCounters }): BookingRateLimits {
  const counters = settings.counters ?? "memory";
  const limiters = Object.fromEntries(
    (Object.keys(BOOKING_ACTION_SHARES) as BookingAction[]).map((action) => {
      const share = BOOKING_ACTION_SHARES[action];
      const perMinute = (keyPrefix: string, points: number) => limiter(counters, { keyPrefix, points, duration: 60, refuseSpentFromMemory: true });
      return [
        action,
        {
          address: perMinute(`${action}:address`, share.perAddress * settings.actionsPerMinute),
          user: perMinute(`${action}:user`, share.perUser * settings.actionsPerMinute),
        },
      ];
    }),
  ) as Record<BookingAction, { address: RateLimiterAbstract; user: RateLimiterAbstract }>;
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
 * Upload posts being read at once, in this process: each holds up to one photo in memory while it
 * is checked, so one customer (and one address) may have only a few at a time. The page's script
 * sends one at a time.
 */
export interface UploadsInFlight {
  /** Takes a place for this post; the function that gives it back, or null when there is none left. */
  enter(clientIp: string, userId: string): (() => void) | null;
}

export function createUploadsInFlight(limits: { perUser: number; perAddress: number } = { perUser: 2, perAddress: 4 }): UploadsInFlight {
  const users = new Map<string, number>();
  const addresses = new Map<string, number>();
  const change = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  return {
    enter(clientIp, userId) {
      if ((users.get(userId) ?? 0) >= limits.perUser || (addresses.get(clientIp) ?? 0) >= limits.perAddress) return null;
      change(users, userId, 1);
      change(addresses, clientIp, 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        change(users, userId, -1);
        change(addresses, clientIp, -1);
      };
    },
  };
}

/**
 * Analytics beacons per client address and minute, counted in the database like the other limits.
 * A browser sends a few a minute; the allowance leaves room for visitors behind one address.
 *
 * Like the rest of the analytics intake, a beacon never waits for the database: it is counted in the
 * background, and once the count says the address has spent its allowance, the address is refused
 * from this process's memory until its minute ends, costing the database nothing more. Beacons that
 * arrive while the count is on its way (one round trip) still get through.
 */
export interface BeaconRateLimit {
  /** Counts one beacon of the address's allowance; seconds to wait when the address has spent it, or null. */
  before(clientIp: string): Promise<number | null>;
}

export function createBeaconRateLimit(settings: { eventsPerMinute: number; counters?: RateLimitCounters }): BeaconRateLimit {
  const perAddress = limiter(settings.counters ?? "memory", { keyPrefix: "beacon:address", points: settings.eventsPerMinute, duration: 60 });
  // Addresses that have spent their allowance, blocked in this process's memory until their minute ends.
  const spent = new RateLimiterMemory({ keyPrefix: "beacon:spent", points: 1, duration: 60 });
  const markSpent = (clientIp: string, result: RateLimiterRes) => {
    // A block of 0 seconds would last for ever: a window that has just ended blocks nothing.
    if (result.msBeforeNext > 0) void spent.block(clientIp, result.msBeforeNext / 1000);
  };
  return {
    async before(clientIp) {
      const blocked = await spent.get(clientIp);
      if (blocked && blocked.msBeforeNext > 0) return secondsOf(blocked);
      perAddress.consume(clientIp).then(
        (result) => {
          if (result.remainingPoints <= 0) markSpent(clientIp, result);
        },
        (rejection: unknown) => {
          // Anything else than a refusal is a failure the store's memory insurance has already answered.
          if (rejection instanceof RateLimiterRes) markSpent(clientIp, rejection);
        },
      );
      return null;
    },
  };
}
