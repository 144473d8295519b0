import { getServiceClient } from "./backend.ts";

// Website analytics events written straight into the table with the service role, as the server's
// batch writer writes them, for the admin's reports to read.

export interface SeedEvent {
  visitor_id?: string | null;
  session_id?: string | null;
  page_path: string;
  event_type: "page_view" | "page_exit" | "phone_click" | "email_click";
  time_on_page?: number | null;
  referrer?: string | null;
  user_agent: string;
  /** How long ago, in minutes. */
  minutesAgo: number;
}

export async function insertWebsiteEvents(events: SeedEvent[]): Promise<void> {
  const service = await getServiceClient();
  const now = Date.now();
  const { error } = await service
    .from("website_analytics")
    .insert(events.map(({ minutesAgo, ...event }) => ({ ...event, created_at: new Date(now - minutesAgo * 60_000).toISOString() })));
  if (error) throw new Error(`could not seed website events: ${error.message}`);
}

/**
 * Deletes every event but those sent with this user agent: what earlier tests' browsers sent (exits
 * still arriving from pages they closed) would change the figures a test compares. Each delete is one
 * statement on the user agent, so an event of this agent written meanwhile by the server's batch
 * writer is never caught between reading the ones to keep and deleting the rest.
 */
export async function keepOnlyEventsOf(userAgent: string): Promise<void> {
  const service = await getServiceClient();
  for (const others of [
    service.from("website_analytics").delete().neq("user_agent", userAgent),
    service.from("website_analytics").delete().is("user_agent", null),
  ]) {
    const { error } = await others;
    if (error) throw new Error(`could not delete website events: ${error.message}`);
  }
}

/** A few visitors of the last hours, for pages that only need the reports to have data. */
export function sampleWebsiteEvents(userAgent: string): SeedEvent[] {
  const visitor = (n: number) => n.toString(16).padStart(32, "a");
  return [
    { visitor_id: visitor(1), page_path: "/", event_type: "page_view", referrer: "https://www.google.com", user_agent: userAgent, minutesAgo: 65 },
    { visitor_id: visitor(1), page_path: "/book", event_type: "page_view", user_agent: userAgent, minutesAgo: 64 },
    { visitor_id: visitor(1), page_path: "/book/details", event_type: "page_view", user_agent: userAgent, minutesAgo: 63 },
    { visitor_id: visitor(1), page_path: "/payment-success", event_type: "page_view", user_agent: userAgent, minutesAgo: 58 },
    { visitor_id: visitor(1), page_path: "/payment-success", event_type: "page_exit", time_on_page: 40, user_agent: userAgent, minutesAgo: 57 },
    { visitor_id: visitor(2), page_path: "/dashboard/bookings/:id", event_type: "page_view", user_agent: userAgent, minutesAgo: 12 },
    { visitor_id: visitor(2), page_path: "/", event_type: "page_exit", time_on_page: 75, user_agent: userAgent, minutesAgo: 3 },
    { page_path: "/", event_type: "page_view", user_agent: userAgent, minutesAgo: 1 },
  ];
}
