import type { AppRole } from "./roles";

// Accounts as the admin area shows them, apart from the users list's query and the role forms' schemas:
// the dashboard's Users tab shows accounts and parses nothing.

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

/** Why a list of users could not be shown: the database's own message, or something else went wrong (null). */
export function usersLoadFailedMessage(databaseMessage: string | null): string {
  return databaseMessage === null ? "An unexpected error occurred while loading users." : `Failed to fetch users: ${databaseMessage}`;
}
