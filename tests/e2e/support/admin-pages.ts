import type { Locator, Page } from "@playwright/test";

/** Every page of the admin area besides /admin itself (the dashboard's Bookings tab), for checks that visit them all. */
export const ADMIN_PAGES = [
  "/admin/overview/users",
  "/admin/overview/analytics",
  "/admin/bookings",
  "/admin/pending",
  "/admin/active",
  "/admin/schedule",
  "/admin/customers",
  "/admin/users",
  "/admin/analytics",
  "/admin/crews",
  "/admin/messages",
  "/admin/settings",
  "/admin/mail",
] as const;

/** What opens the admin drawer on a phone: a link to it before JavaScript, a dialog's button after. */
export function adminMenuTrigger(page: Page): Locator {
  return page.getByRole("link", { name: "Open admin menu" }).or(page.getByRole("button", { name: "Open admin menu" }));
}
