// Clients of a bench server's embedded backends, for seeding data and reading it back: never for
// what is being timed, which goes through the server's pages as a browser's requests would.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { createApiKeys } from "../../emulators/supabase/index.ts";
import type { Database } from "../../supabase/types.ts";
import type { BenchServer } from "./server.ts";

export type BenchClient = SupabaseClient<Database>;

const WITHOUT_SESSION = { auth: { persistSession: false, autoRefreshToken: false } } as const;

/** The service role's and a guest's clients, with keys made from the JWT secret in the server's data directory. */
export async function benchClients(server: Pick<BenchServer, "origin" | "dataDir">): Promise<{ service: BenchClient; guest: BenchClient }> {
  const { serviceRoleKey, anonKey } = await createApiKeys(readFileSync(path.join(server.dataDir, "jwt-secret"), "utf8").trim());
  return {
    service: createClient<Database>(server.origin, serviceRoleKey, WITHOUT_SESSION),
    guest: createClient<Database>(server.origin, anonKey, WITHOUT_SESSION),
  };
}

/** A customer account, its email confirmed, under a new address that starts with `label`. */
export async function createBenchCustomer(
  service: BenchClient,
  { label, password, fullName = "Bench Customer" }: { label: string; password: string; fullName?: string },
): Promise<{ id: string; email: string }> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { full_name: fullName } });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  return { id: data.user.id, email };
}
