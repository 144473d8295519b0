import { createClient, type SupabaseClient } from "@supabase/supabase-js";

/** How this server reaches Supabase: a hosted project, or the embedded emulator through an in-process fetch. */
export interface SupabaseConnection {
  url: string;
  anonKey: string;
  fetch: typeof fetch;
}

/**
 * The service-role client: bypasses row level security. Only for work with no signed-in user
 * (start-up seeding, webhooks, analytics ingest, guest bookings), never with a user's input as the filter.
 */
export function createServiceRoleClient(connection: SupabaseConnection, serviceRoleKey: string): SupabaseClient {
  return createClient(connection.url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: connection.fetch },
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
  });
}
