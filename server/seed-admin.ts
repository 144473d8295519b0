import { randomBytes } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Logger } from "./logger.ts";

interface AdminAccount {
  email: string;
  /** Unset: a password is generated and printed once. */
  password?: string;
}

/**
 * Makes sure the company can sign in to the admin area on a fresh database: when no user holds the
 * admin role, creates the account (or takes the existing one with that email) and grants the role.
 * Works the same against the embedded emulator and a hosted project (service-role client).
 */
/** What a person starting the server needs to know: the account made now, and its password when generated. */
export interface AdminAccountCreated {
  email: string;
  generatedPassword?: string;
  /** An account with that email existed and was made admin: its own password stays. */
  existingAccount?: true;
}

export async function ensureAdminAccount(serviceClient: SupabaseClient, account: AdminAccount, logger: Logger): Promise<AdminAccountCreated | null> {
  const existing = await serviceClient.from("user_roles").select("user_id", { count: "exact", head: true }).eq("role", "admin");
  if (existing.error) throw new Error(`could not look up admins: ${existing.error.message}`);
  if ((existing.count ?? 0) > 0) return null;

  const password = account.password ?? generatePassword();
  const user = await createOrFindUser(serviceClient, account.email, password);
  const grant = await serviceClient.from("user_roles").upsert({ user_id: user.id, role: "admin" }, { onConflict: "user_id,role" });
  if (grant.error) throw new Error(`could not grant the admin role: ${grant.error.message}`);

  if (!user.created) {
    logger.info({ email: account.email }, "existing account made admin; its password is unchanged");
    return { email: account.email, existingAccount: true };
  }

  if (account.password) {
    logger.info({ email: account.email }, "admin account ready (password from ADMIN_PASSWORD)");
    return { email: account.email };
  }
  logger.warn({ email: account.email, password }, "admin account created with a generated password, shown only this once");
  return { email: account.email, generatedPassword: password };
}

async function createOrFindUser(serviceClient: SupabaseClient, email: string, password: string): Promise<{ id: string; created: boolean }> {
  const created = await serviceClient.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: "Administrator" },
  });
  if (created.data.user) return { id: created.data.user.id, created: true };
  if (created.error?.code !== "email_exists") throw new Error(`could not create the admin account: ${created.error?.message}`);

  for (let page = 1; ; page++) {
    const listed = await serviceClient.auth.admin.listUsers({ page, perPage: 200 });
    if (listed.error) throw new Error(`could not list users: ${listed.error.message}`);
    const match = listed.data.users.find((user) => user.email?.toLowerCase() === email.toLowerCase());
    if (match) return { id: match.id, created: false };
    if (listed.data.users.length < 200) throw new Error(`user ${email} exists but could not be found`);
  }
}

function generatePassword(): string {
  // Meets the product's own rule (upper, lower, digit, 8+) whatever the random part holds.
  return `Aa1-${randomBytes(12).toString("base64url")}`;
}
