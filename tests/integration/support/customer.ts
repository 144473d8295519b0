import type { AppSupabaseClient } from "../../../app/services/supabase.server.ts";
import { signIn, type SignedInVisitor, type TestApp } from "./app-client.ts";

/** A customer signed in to the app, with their own Supabase client as well (row level security applies to it). */
export interface Customer extends SignedInVisitor {
  client: AppSupabaseClient;
}

/** A new customer (email from `label`) signed in through the app's login form, and with their own client. */
export async function signInCustomer(app: TestApp, label: string, fullName?: string): Promise<Customer> {
  const signedIn = await signIn(app, "customer", { label, fullName });
  return { ...signedIn, client: await signedIn.database() };
}
