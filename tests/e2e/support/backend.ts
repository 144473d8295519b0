import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { manageBookingToken } from "../../../app/services/manage-links.server.ts";
import { createApiKeys } from "../../../emulators/supabase/index.ts";
import { failedMessageAbout } from "../../../server/testing/failed-message.ts";
import { caughtAuthEmailsTo, type CaughtAuthEmail } from "../../support/caught-auth-emails.ts";
import { E2E_DATA_DIR, e2eBaseUrl } from "./environment.ts";

// Test data goes in through the server's own Supabase API with the service-role key (as a seed
// script would against a hosted project), never through the UI under test.

let serviceClient: Promise<SupabaseClient> | undefined;

export function getServiceClient(): Promise<SupabaseClient> {
  serviceClient ??= (async () => {
    const secret = readFileSync(path.join(E2E_DATA_DIR, "jwt-secret"), "utf8").trim();
    const { serviceRoleKey } = await createApiKeys(secret);
    return createClient(e2eBaseUrl(), serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
  })();
  return serviceClient;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

let counter = 0;

/** A confirmed customer (or admin) account with a unique email. */
export async function createTestUser(options: { fullName?: string; admin?: boolean } = {}): Promise<TestUser> {
  const client = await getServiceClient();
  const email = `customer-${Date.now().toString(36)}-${counter++}@example.com`;
  const password = "Passw0rdOk";
  const fullName = options.fullName ?? "Casey Customer";
  const { data, error } = await client.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { full_name: fullName } });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  if (options.admin) {
    const grant = await client.from("user_roles").insert({ user_id: data.user.id, role: "admin" });
    if (grant.error) throw new Error(`could not grant admin: ${grant.error.message}`);
  }
  return { id: data.user.id, email, password, fullName };
}

export type SentEmail = CaughtAuthEmail;

/**
 * The Checkout Sessions the embedded Stripe has made for this booking (its metadata's booking_id), read
 * from DATA_DIR/stripe/state.json, which the emulator writes before it answers each API request.
 */
export function checkoutSessionsFor(bookingId: string): Array<{ id: string; status: string }> {
  let state: { sessions: Array<{ session: { id: string; status: string; metadata?: Record<string, string> } }> };
  try {
    state = JSON.parse(readFileSync(path.join(E2E_DATA_DIR, "stripe", "state.json"), "utf8")) as typeof state;
  } catch {
    return [];
  }
  return state.sessions
    .map((record) => record.session)
    .filter((session) => session.metadata?.booking_id === bookingId)
    .map((session) => ({ id: session.id, status: session.status }));
}

/** The refunds the embedded Stripe has made of this payment intent, read from DATA_DIR/stripe/state.json. */
export function stripeRefundsFor(paymentIntentId: string): Array<{ id: string; amount: number; status: string }> {
  let state: { refunds?: Array<{ id: string; amount: number; status: string; payment_intent: string }> };
  try {
    state = JSON.parse(readFileSync(path.join(E2E_DATA_DIR, "stripe", "state.json"), "utf8")) as typeof state;
  } catch {
    return [];
  }
  return (state.refunds ?? [])
    .filter((refund) => refund.payment_intent === paymentIntentId)
    .map((refund) => ({ id: refund.id, amount: refund.amount, status: refund.status }));
}

/** The newest auth email the embedded mail catcher received for this address (under DATA_DIR/mail; another server's with `dataDir`). */
export function latestEmailTo(address: string, dataDir = E2E_DATA_DIR): SentEmail | undefined {
  return caughtAuthEmailsTo(address, dataDir).at(-1);
}

/** A finished move of this customer's, written as the server writes bookings (service role). */
export async function createCompletedBooking(user: Pick<TestUser, "id" | "email" | "fullName">, move: { from: string; to: string; serviceType: string }) {
  const client = await getServiceClient();
  const { data, error } = await client
    .from("bookings")
    .insert({
      user_id: user.id,
      full_name: user.fullName,
      email: user.email,
      phone: "(404) 555-0111",
      moving_from: move.from,
      moving_to: move.to,
      moving_date: "2026-01-15",
      team_type: "elite",
      service_type: move.serviceType,
      property_size: "1_bedroom",
      estimated_cost_cents: 70_000,
      status: "completed",
    })
    .select("id")
    .single();
  if (error) throw new Error(`could not create a booking: ${error.message}`);
  return data.id as string;
}

/**
 * A booking of this customer's, written as the server writes bookings (service role): a pending local
 * move with its deposit unpaid unless `row` says otherwise (any column of the bookings table).
 * Returns the stored row.
 */
export async function createBooking(user: Pick<TestUser, "id" | "email" | "fullName">, row: Record<string, unknown> = {}) {
  const client = await getServiceClient();
  const { data, error } = await client
    .from("bookings")
    .insert({
      user_id: user.id,
      full_name: user.fullName,
      email: user.email,
      phone: "(404) 555-0111",
      moving_from: "12 Oak St, Atlanta, GA",
      moving_to: "98 Pine Ave, Decatur, GA",
      moving_date: "2027-06-15",
      moving_time: "10:00",
      team_type: "elite",
      service_type: "local",
      property_size: "2_bedroom",
      estimated_hours: 6,
      estimated_cost_cents: 100_000,
      deposit_amount_cents: 5_000,
      ...row,
    })
    .select("*")
    .single();
  if (error) throw new Error(`could not create a booking: ${error.message}`);
  return data as Record<string, unknown> & { id: string; created_at: string };
}

/** Gives a date its own crews, as an admin does from the schedule (the day stays open). */
export async function setDayCrews(day: string, crews: number) {
  const client = await getServiceClient();
  const { error } = await client.from("schedule_days").upsert({ day, crews, closed: false, reason: null });
  if (error) throw new Error(`could not set the crews of ${day}: ${error.message}`);
}

/** A message about `booking` that failed for good, as the sender leaves one the provider refused (see failedMessageAbout). */
export async function failedMessage(booking: Awaited<ReturnType<typeof createBooking>>, refusal: string): Promise<number> {
  return failedMessageAbout(await getServiceClient(), booking, refusal);
}

/** The 'Manage your booking' link of `booking`'s emails, as this worker's server signs it (its session secret is kept in its data directory). */
export function manageLinkOf(booking: { id: string; email: string }): string {
  const secret = readFileSync(path.join(E2E_DATA_DIR, "session-secret"), "utf8").trim();
  return `/manage?${new URLSearchParams({ token: manageBookingToken(secret, booking) })}`;
}
