import type { PostgrestError } from "@supabase/supabase-js";
import type { AdminUser } from "~/domain/admin-accounts";
import { ADMIN_USERS_PAGE_SIZE, usersList, type AdminUsersQuery, type ManagedRole } from "~/domain/admin-users";
import { APP_ROLES, type AppRole } from "~/domain/roles";
import { profileAvatarUrl } from "./profiles.server";
import type { AppSupabaseClient } from "./supabase.server";

// Accounts for the admin area (/admin/users and the Users tab of /admin), read and changed with the
// staff member's own client: the database functions check users:read and users:manage themselves.

export type UsersListing =
  | { kind: "listed"; users: AdminUser[]; matching: number; total: number }
  /** `databaseMessage`: what the database answered; null when something else failed (the network, say). */
  | { kind: "failed"; databaseMessage: string | null; cause: unknown };

/** An error the database (or PostgREST in front of it) answered with its own code, rather than a failed request. */
function databaseMessage(error: PostgrestError): string | null {
  return typeof error.code === "string" && error.code !== "" ? error.message : null;
}

/**
 * One page of accounts (newest first, unless sorted) for the query's search, how many match it, and how many there
 * are in all. The Users tab reads the first page with a smaller `pageSize`, so both show the same accounts.
 */
export async function listUsers(supabase: AppSupabaseClient, query: AdminUsersQuery, pageSize: number = ADMIN_USERS_PAGE_SIZE): Promise<UsersListing> {
  const search = query.q || undefined;
  try {
    const [page, count] = await Promise.all([
      supabase.rpc("admin_users_page", {
        _search: search,
        _limit: pageSize,
        _offset: (query.page - 1) * pageSize,
        _sort: query.sort ?? undefined,
        _descending: usersList.direction(query) === "desc",
      }),
      supabase.rpc("admin_users_count", { _search: search }).single(),
    ]);
    if (page.error) return { kind: "failed", databaseMessage: databaseMessage(page.error), cause: page.error };
    if (count.error) return { kind: "failed", databaseMessage: databaseMessage(count.error), cause: count.error };
    return {
      kind: "listed",
      users: page.data.map((row) => ({
        id: row.user_id,
        fullName: row.full_name,
        email: row.email,
        avatarUrl: profileAvatarUrl(supabase, row.user_id, row.avatar_url),
        phone: row.phone,
        address: row.address,
        bio: row.bio,
        joinedAt: row.joined_at,
        roles: row.roles.filter((role): role is AppRole => (APP_ROLES as readonly string[]).includes(role)),
      })),
      matching: Number(count.data.matching),
      total: Number(count.data.total),
    };
  } catch (cause) {
    return { kind: "failed", databaseMessage: null, cause };
  }
}

export type RoleChangeResult =
  /** `changed` false: the account already held the role granted, or did not hold the one revoked. */
  | { kind: "done"; changed: boolean; fullName: string | null; email: string | null }
  | { kind: "forbidden" }
  | { kind: "own-admin-role" }
  | { kind: "last-admin" }
  | { kind: "not-found" }
  | { kind: "failed"; cause: unknown };

/**
 * Grants or revokes a role through `set_user_role`, which checks the caller may manage users, refuses
 * revoking one's own admin role and the last admin, and writes the history row.
 */
export async function changeUserRole(supabase: AppSupabaseClient, change: { userId: string; role: ManagedRole; granted: boolean }): Promise<RoleChangeResult> {
  const { data, error } = await supabase.rpc("set_user_role", { _user_id: change.userId, _role: change.role, _granted: change.granted }).single();
  if (error) {
    if (error.code === "42501") return { kind: "forbidden" };
    if (error.code === "P0002") return { kind: "not-found" };
    if (error.code === "23514" && error.details === "own_admin_role") return { kind: "own-admin-role" };
    if (error.code === "23514" && error.details === "last_admin") return { kind: "last-admin" };
    return { kind: "failed", cause: error };
  }
  return { kind: "done", changed: data.changed, fullName: data.full_name, email: data.email };
}
