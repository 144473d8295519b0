import type { AppRole } from "./roles";

/** What the company's staff may do. The database holds the same map (public.role_permissions) and
 *  checks it in every policy and admin function; a test keeps the two equal. */
export const PERMISSIONS = [
  "bookings:read",
  "bookings:status",
  "bookings:write",
  "bookings:bill",
  "customers:read",
  "analytics:read",
  "settings:write",
  "users:read",
  "users:manage",
  "schedule:read",
  "schedule:manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Admins may do everything; moderators read everything (the schedule too), change the status of
 *  bookings and complete a move with its bill; customers (the `user` role, or no role) nothing in the
 *  admin area. */
export const ROLE_PERMISSIONS: Readonly<Record<AppRole, readonly Permission[]>> = {
  admin: PERMISSIONS,
  moderator: ["bookings:read", "bookings:status", "bookings:bill", "customers:read", "analytics:read", "users:read", "schedule:read"],
  user: [],
};

/** Reading bookings is what opens the admin area; every page and action below it asks for its own. */
export const ADMIN_AREA_PERMISSION: Permission = "bookings:read";

export function hasPermission(roles: ReadonlySet<AppRole>, permission: Permission): boolean {
  for (const role of roles) if (ROLE_PERMISSIONS[role].includes(permission)) return true;
  return false;
}

/** The role a person is shown with: the strongest they hold. */
export function leadingRole(roles: ReadonlySet<AppRole>): AppRole | null {
  if (roles.has("admin")) return "admin";
  if (roles.has("moderator")) return "moderator";
  return roles.has("user") ? "user" : null;
}
