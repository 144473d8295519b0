import { hasPermission, type Permission } from "./permissions";
import type { AppRole } from "./roles";

/** Each admin page, in the sidebar's order, with the permission its loader asks for. */
export const ADMIN_PAGE_PERMISSIONS = {
  "/admin": "bookings:read",
  "/admin/bookings": "bookings:read",
  "/admin/pending": "bookings:read",
  "/admin/active": "bookings:read",
  "/admin/schedule": "schedule:read",
  "/admin/customers": "customers:read",
  "/admin/users": "users:read",
  "/admin/analytics": "analytics:read",
  // The crews' names and their tips, for payroll.
  "/admin/crews": "analytics:read",
  "/admin/messages": "bookings:read",
  "/admin/settings": "settings:write",
  // Caught mail holds every account's sign-in and reset links: admins only.
  "/admin/mail": "settings:write",
} as const satisfies Record<string, Permission>;

export type AdminPagePath = keyof typeof ADMIN_PAGE_PERMISSIONS;

/** The admin pages the holder of `roles` may open: the sidebar links to these only. The mailbox
 *  exists only while the embedded mail catcher runs. */
export function adminPagesFor(roles: ReadonlySet<AppRole>, { mailbox }: { mailbox: boolean }): AdminPagePath[] {
  return (Object.keys(ADMIN_PAGE_PERMISSIONS) as AdminPagePath[]).filter(
    (page) => hasPermission(roles, ADMIN_PAGE_PERMISSIONS[page]) && (mailbox || page !== "/admin/mail"),
  );
}
