import { z } from "zod/mini";
import { ADMIN_BOOKINGS_PAGE_SIZE } from "./admin-list-pages";
import type { AppRole } from "./roles";
import { searchedList, type SearchedListQuery } from "./searched-list-query";

/** Accounts on one page of /admin/users, as many as the other admin lists show. */
export const ADMIN_USERS_PAGE_SIZE = ADMIN_BOOKINGS_PAGE_SIZE;

/** The page's state in the URL: `q` (name, email or phone), the sorted column and `page`. Without a sort, the newest account first. */
export const usersList = searchedList({ name: "asc", email: "asc", joined: "desc" });
export type AdminUserSort = (typeof usersList.columns)[number];
export type AdminUsersQuery = SearchedListQuery<AdminUserSort>;
export const parseAdminUsersQuery = usersList.parse;
export const adminUsersSearch = usersList.search;

export const USER_SORT_LABELS: Record<AdminUserSort, string> = {
  name: "User",
  email: "Email",
  joined: "Joined",
};

// Roles ----------------------------------------------------------------------------------------------

/** The roles an admin grants and revokes on /admin/users; `user` is every account's badge, never changed here. */
export const MANAGED_ROLES = ["admin", "moderator"] as const satisfies readonly AppRole[];
export type ManagedRole = (typeof MANAGED_ROLES)[number];

export const GRANT_ROLE_INTENT = "grant-role";
export const REVOKE_ROLE_INTENT = "revoke-role";

/** What the confirmation's button sends: every role change takes it. */
export const CONFIRMED = "1";

/** One role form of one account: grant or revoke, which role, whose; `confirm` once the change was confirmed. */
export const roleChangeSchema = z.object({
  intent: z.enum([GRANT_ROLE_INTENT, REVOKE_ROLE_INTENT]),
  userId: z.uuid(),
  role: z.enum(MANAGED_ROLES),
  confirm: z.optional(z.literal(CONFIRMED)),
});

export type RoleChange = z.infer<typeof roleChangeSchema>;

/**
 * A role opens or closes the company's records to a person, so every change is asked twice: the
 * list's button leads to a confirmation saying what the change does, whose button makes it.
 */
export function needsConfirmation(change: RoleChange): boolean {
  return change.confirm !== CONFIRMED;
}

/** The account and role whose change the list asks to confirm. */
export interface RoleChangeToConfirm {
  userId: string;
  role: ManagedRole;
}

/** The list's URL that asks to confirm changing `role` of `userId`: `?…&confirm=<userId>&role=<role>`. */
export function roleChangeConfirmationSearch(query: AdminUsersQuery, { userId, role }: RoleChangeToConfirm): string {
  const params = new URLSearchParams(adminUsersSearch(query));
  params.set("confirm", userId);
  params.set("role", role);
  return `?${params.toString()}`;
}

/** The role change the URL asks to confirm, or null. */
export function roleChangeToConfirm(params: URLSearchParams): RoleChangeToConfirm | null {
  const role = z.enum(MANAGED_ROLES).safeParse(params.get("role"));
  const userId = z.uuid().safeParse(params.get("confirm"));
  return role.success && userId.success ? { userId: userId.data, role: role.data } : null;
}

/** What the confirmation asks, and what the change gives or takes away. */
export function roleChangeQuestion(name: string, role: ManagedRole, held: boolean): { question: string; consequence: string; button: string } {
  if (role === "admin")
    return held
      ? {
          question: `Remove ${name}'s admin role?`,
          consequence: "They will no longer change bookings, the company's settings or anyone's roles.",
          button: "Confirm: remove admin",
        }
      : {
          question: `Make ${name} an admin?`,
          consequence: "An admin can change every booking, the company's settings and everyone's roles.",
          button: "Confirm: make admin",
        };
  return held
    ? {
        question: `Remove ${name}'s moderator role?`,
        consequence: "They will no longer see the bookings, customers, schedule or analytics.",
        button: "Confirm: remove moderator",
      }
    : {
        question: `Make ${name} a moderator?`,
        consequence:
          "A moderator sees every booking, customer and account, the schedule and analytics, changes bookings' statuses and completes moves with their bills.",
        button: "Confirm: make moderator",
      };
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
