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
 * still arriving from pages they closed) would change the figures a test compares.
 */
export async function keepOnlyEventsOf(userAgent: string): Promise<void> {
  const service = await getServiceClient();
  const { data, error } = await service.from("website_analytics").select("id").eq("user_agent", userAgent);
  if (error) throw new Error(`could not read website events: ${error.message}`);
  const ids = (data as Array<{ id: string }>).map((row) => row.id);
  const others = service.from("website_analytics").delete();
  const deleted = ids.length > 0 ? await others.not("id", "in", `(${ids.join(",")})`) : await others.gte("created_at", "1970-01-01T00:00:00Z");
  if (deleted.error) throw new Error(`could not delete website events: ${deleted.error.message}`);
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
