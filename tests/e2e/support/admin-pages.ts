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

/**
 * `pages` in `parts` runs of near-equal length, in order: for audits of every page that would not fit
 * one test's time, split over several tests.
 */
export function inParts<Item>(pages: readonly Item[], parts: number): Item[][] {
  const size = Math.ceil(pages.length / parts);
  return Array.from({ length: parts }, (_, part) => pages.slice(part * size, (part + 1) * size)).filter((run) => run.length > 0);
}

/** What opens the admin drawer on a phone: a link to it before JavaScript, a dialog's button after. */
export function adminMenuTrigger(page: Page): Locator {
  return page.getByRole("link", { name: "Open admin menu" }).or(page.getByRole("button", { name: "Open admin menu" }));
}
