import type { Logger } from "pino";
import type { Beacon } from "../domain/analytics-events";
import { referrerOrigin } from "../domain/analytics-pages";
import { createAnalyticsWriter, type AnalyticsWriterOptions, type AnalyticsWriterStats } from "./analytics-writer.server";
import { createAccessTokenCheck, type AccessTokenKey } from "./access-tokens.server";
import { createSessionUserIds } from "./session-user-id.server";
import { createServiceRoleClient, type SupabaseConnection } from "./supabase.server";
import { createVisitorIds } from "./visitor-id.server";

/** What the server knows of the request an event came with. */
export interface EventRequest {
  clientIp: string;
  userAgent: string;
  cookieHeader: string | undefined;
  /** Do Not Track or Global Privacy Control: counted, with no user, session or visitor id. */
  optedOut: boolean;
}

/** An event to record: a beacon (its path already normalised), or the page view of a document request. */
export type IncomingEvent = Omit<Beacon, "user_agent">;

export interface AnalyticsIngest {
  /** Records an event in the background: the caller never waits for the database. */
  record(event: IncomingEvent, request: EventRequest): void;
  /** Writes every event recorded so far. */
  flush(): Promise<void>;
  /** Writes every event recorded so far and stops the timer, for shutdown. */
  close(): Promise<void>;
  stats(): AnalyticsWriterStats;
}

export interface AnalyticsIngestOptions {
  supabase: SupabaseConnection;
  serviceRoleKey: string;
  accessTokenKey: AccessTokenKey;
  /** Where browsers reach the site: a referrer from here is an internal one. */
  publicUrl: string;
  logger: Logger;
  writer?: Partial<Pick<AnalyticsWriterOptions, "flushEveryMs" | "batchSize" | "maxBatch" | "maxQueued">>;
}

/**
 * The analytics intake: adds what only the server may say (the visitor id, the signed-in user from
 * the session cookie) and nothing that identifies a person (no address, the referrer's origin only),
 * then hands the row to the batch writer.
 */
export function createAnalyticsIngest(options: AnalyticsIngestOptions): AnalyticsIngest {
  const client = createServiceRoleClient(options.supabase, options.serviceRoleKey);
  const writer = createAnalyticsWriter({ client, logger: options.logger, ...options.writer });
  const visitorIds = createVisitorIds({ client, logger: options.logger });
  const userIds = createSessionUserIds({ supabaseUrl: options.supabase.url, checkAccessToken: createAccessTokenCheck(options.accessTokenKey) });
  const siteOrigin = new URL(options.publicUrl).origin;
  // Events still waiting for their visitor id or user: shutdown waits for them too.
  const preparing = new Set<Promise<void>>();

  async function prepare(event: IncomingEvent, request: EventRequest, receivedAt: Date) {
    const userAgent = request.userAgent.slice(0, 1024);
    const [visitorId, userId] = await Promise.all([
      request.optedOut ? null : visitorIds.of(request.clientIp, userAgent),
      request.optedOut ? null : userIds.of(request.cookieHeader).catch(() => null),
    ]);
    writer.enqueue({
      session_id: request.optedOut ? null : (event.session_id ?? null),
      visitor_id: visitorId,
      user_id: userId,
      page_path: event.page_path,
      event_type: event.event_type,
      time_on_page: event.event_type === "page_exit" ? (event.time_on_page ?? null) : null,
      user_agent: userAgent || null,
      viewport_width: event.viewport_width ?? null,
      viewport_height: event.viewport_height ?? null,
      referrer: referrerOrigin(event.referrer, siteOrigin),
      // When it happened, not when its batch was written: the reports order a visit's pages by it.
      created_at: receivedAt.toISOString(),
    });
  }

  return {
    record(event, request) {
      const pending = prepare(event, request, new Date())
        .catch((error: unknown) => options.logger.error({ err: error }, "could not record a website analytics event"))
        .finally(() => preparing.delete(pending));
      preparing.add(pending);
    },
    async flush() {
      await Promise.all(preparing);
      await writer.flush();
    },
    async close() {
      await Promise.all(preparing);
      await writer.close();
    },
    stats: () => writer.stats(),
  };
}
