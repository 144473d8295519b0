import { z } from "zod";
import { ADMIN_BOOKINGS_PAGE_SIZE } from "./admin-bookings-query";
import type { AppRole } from "./roles";
import { parseSearchedListQuery, searchedListSearch, type SearchedListQuery } from "./searched-list-query";

/** Accounts on one page of /admin/users, as many as the other admin lists show. */
export const ADMIN_USERS_PAGE_SIZE = ADMIN_BOOKINGS_PAGE_SIZE;

/** How many accounts the Users tab of /admin shows: the first page of /admin/users, shorter. */
export const USERS_PREVIEW_SIZE = 10;

/** One account as the admin area shows it: its profile, its email and its roles. */
export interface AdminUser {
  id: string;
  fullName: string | null;
  email: string | null;
  /** The avatar stored in the account's own folder of the avatars bucket; null for anything else. */
  avatarUrl: string | null;
  phone: string | null;
  address: string | null;
  bio: string | null;
  joinedAt: string;
  roles: AppRole[];
}

/** The newest accounts (the Users tab), and how many there are in all. */
export interface UsersPreview {
  users: AdminUser[];
  total: number;
}

/** The name a person is shown by; accounts without one are "Unnamed User". */
export function userDisplayName(fullName: string | null): string {
  return fullName?.trim() || "Unnamed User";
}

/** Who a message about an account names: its name, else its email, else "Unnamed User". */
export function accountName(fullName: string | null, email: string | null): string {
  return fullName?.trim() || email || "Unnamed User";
}

/** The page's state in the URL: `q` (name, email or phone) and `page`, as every searched admin list. */
export type AdminUsersQuery = SearchedListQuery;
export const parseAdminUsersQuery = parseSearchedListQuery;
export const adminUsersSearch = searchedListSearch;

// Roles ----------------------------------------------------------------------------------------------

/** The roles an admin grants and revokes on /admin/users; `user` is every account's badge, never changed here. */
export const MANAGED_ROLES = ["admin", "moderator"] as const satisfies readonly AppRole[];
export type ManagedRole = (typeof MANAGED_ROLES)[number];

export const GRANT_ROLE_INTENT = "grant-role";
export const REVOKE_ROLE_INTENT = "revoke-role";

/** What the confirmation's button sends: granting the admin role takes it. */
export const CONFIRMED = "1";

/** One role form of one account: grant or revoke, which role, whose; `confirm` once the admin role's grant was confirmed. */
export const roleChangeSchema = z.object({
  intent: z.enum([GRANT_ROLE_INTENT, REVOKE_ROLE_INTENT]),
  userId: z.uuid(),
  role: z.enum(MANAGED_ROLES),
  confirm: z.literal(CONFIRMED).optional(),
});

export type RoleChange = z.infer<typeof roleChangeSchema>;

/** Granting the admin role (everything, the roles of everyone included) is asked twice: a change that still needs its confirmation. */
export function needsConfirmation(change: RoleChange): boolean {
  return change.intent === GRANT_ROLE_INTENT && change.role === "admin" && change.confirm !== CONFIRMED;
}

/** The list's URL that asks to confirm making `userId` an admin: `?…&confirm=<userId>&role=admin`. */
export function adminGrantConfirmationSearch(query: AdminUsersQuery, userId: string): string {
  const params = new URLSearchParams(searchedListSearch(query));
  params.set("confirm", userId);
  params.set("role", "admin");
  return `?${params.toString()}`;
}

/** The account the URL asks to confirm making an admin, or null. */
export function adminGrantToConfirm(params: URLSearchParams): string | null {
  if (params.get("role") !== "admin") return null;
  const parsed = z.uuid().safeParse(params.get("confirm"));
  return parsed.success ? parsed.data : null;
}

const withArticle = (role: ManagedRole) => (role === "admin" ? "an admin" : "a moderator");

/** What the page says after a role form, and when one is refused. */
export const ROLE_MESSAGES = {
  updated: "Role Updated",
  unchanged: "Role Unchanged",
  granted: (name: string, role: ManagedRole) => `${name} is now ${withArticle(role)}.`,
  revoked: (name: string, role: ManagedRole) => `${name} is no longer ${withArticle(role)}.`,
  alreadyHeld: (name: string, role: ManagedRole) => `${name} is already ${withArticle(role)}.`,
  notHeld: (name: string, role: ManagedRole) => `${name} is not ${withArticle(role)}.`,
  ownAdminRole: "You cannot revoke your own admin role.",
  lastAdmin: "There must be at least one admin.",
  notFound: "That account no longer exists.",
  failed: "Failed to update the role.",
} as const;

/** The button of a role form: what pressing it does to the account. */
export function roleActionLabel(role: ManagedRole, held: boolean): string {
  return `${held ? "Remove" : "Make"} ${role}`;
}

// Failures -------------------------------------------------------------------------------------------

/** Why a list of users could not be shown: the database's own message, or something else went wrong (null). */
export function usersLoadFailedMessage(databaseMessage: string | null): string {
  return databaseMessage === null ? "An unexpected error occurred while loading users." : `Failed to fetch users: ${databaseMessage}`;
}
