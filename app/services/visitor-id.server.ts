import { createHash } from "node:crypto";
import type { Logger } from "pino";
import type { AppSupabaseClient } from "./supabase.server";

export interface VisitorIds {
  /** The visitor's id for today: hash of the day's secret salt, the client address and the user agent; null when the salt cannot be read. */
  of(clientIp: string, userAgent: string): Promise<string | null>;
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Visitor ids as privacy-first analytics compute them. The salt of each UTC day lives in the
 * database (every instance agrees on it) and is deleted there after 48 hours, so an id cannot be
 * traced back to an address once its day is over; this process keeps only today's.
 */
export function createVisitorIds({ client, logger, now = () => new Date() }: { client: AppSupabaseClient; logger: Logger; now?: () => Date }): VisitorIds {
  let today: { day: string; salt: Promise<string | null> } | null = null;

  function saltOf(day: string): Promise<string | null> {
    if (today?.day !== day) {
      const salt = (async () => {
        const { data, error } = await client.rpc("analytics_daily_salt");
        if (error || !data) throw error ?? new Error("no salt");
        return data;
      })();
      const entry = {
        day,
        salt: salt.catch((error: unknown) => {
          logger.error({ err: error }, "could not read today's analytics salt; events go without a visitor id");
          // Asked again by the next event.
          if (today === entry) today = null;
          return null;
        }),
      };
      today = entry;
    }
    return today.salt;
  }

  return {
    async of(clientIp, userAgent) {
      const salt = await saltOf(utcDay(now()));
      if (!salt) return null;
      return createHash("sha256").update(`${salt}\n${clientIp}\n${userAgent}`).digest("hex").slice(0, 32);
    },
  };
}
