import { createClient, type SupabaseClient, type WebSocketLikeConstructor } from "@supabase/supabase-js";
import WebSocket from "ws";

/** How this server reaches Supabase: a hosted project, or the embedded emulator through an in-process fetch. */
export interface SupabaseConnection {
  url: string;
  anonKey: string;
  fetch: typeof fetch;
}

// supabase-js ≥ 2.110 refuses to start on Node 20 without a WebSocket class for realtime,
// even though the product never opens a realtime channel.
export const realtimeTransport = WebSocket as unknown as WebSocketLikeConstructor;

/**
 * The service-role client: bypasses row level security. Only for work with no signed-in user
 * (start-up seeding, webhooks, analytics ingest, guest bookings), never with a user's input as the filter.
 */
export function createServiceRoleClient(connection: SupabaseConnection, serviceRoleKey: string): SupabaseClient {
  return createClient(connection.url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: connection.fetch },
    realtime: { transport: realtimeTransport },
  });
}

/**
 * An anonymous client that keeps no session: for calls whose session must not become the visitor's
 * (sign-up, which SPEC.md follows with the login view).
 */
export function createStatelessAnonClient(connection: SupabaseConnection): SupabaseClient {
  return createClient(connection.url, connection.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: connection.fetch },
    realtime: { transport: realtimeTransport },
  });
}
