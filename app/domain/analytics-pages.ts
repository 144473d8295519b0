// Which pages are counted, and under which name: shared by the server and the page script.

/** A path segment that names one record: a UUID, a number, or a long token. */
const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|[A-Za-z0-9_-]{24,})$/i;

/** The customer dashboard's home, as the reports name it. */
export const CUSTOMER_DASHBOARD_PAGE = "/user-dashboard";

/**
 * The dashboard's tab pages (`dashboardTabPath`, written out here so that every page's script does not
 * load the tabs' module): the reports count them all as its home, as when the tabs shared one address.
 */
const DASHBOARD_TAB_PAGES = new Set<string>(["/dashboard", "/dashboard/profile", "/dashboard/gallery"]);

/** The landing page, where the booking funnel starts. */
export const LANDING_PAGE = "/";

/** Each booking wizard step's page: the first step is at /book (also reachable as /book/contact, counted as /book). */
export function wizardStepPage(step: string): string {
  return step === "contact" ? "/book" : `/book/${step}`;
}

/**
 * Where Stripe Checkout sends a customer back, rendered (status 200) only once the deposit is paid.
 * Only the server counts its views: a beacon naming it is not stored, so nobody can count a payment
 * that was not made.
 */
export const PAID_PAGE = "/payment-success";

/** Pages whose views only the server records (a beacon's view of them is dropped). */
export function isServerCountedPage(page: string): boolean {
  return page === PAID_PAGE;
}

/**
 * The page a path counts as: query and fragment dropped, trailing slashes removed, ids collapsed
 * (`/dashboard/bookings/:id`), the customer dashboard's home and tabs as `/user-dashboard`, the wizard's first
 * step as `/book` whichever of its two addresses it was shown at. Null for
 * something that is not a path of this site.
 */
export function normalisePagePath(raw: string): string | null {
  const path = raw.split(/[?#]/, 1)[0]!;
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  const segments = path
    .split("/")
    .filter((segment) => segment.length > 0)
    .map((segment) => (ID_SEGMENT.test(segment) ? ":id" : segment));
  const normalised = `/${segments.join("/")}`.slice(0, 512);
  if (DASHBOARD_TAB_PAGES.has(normalised)) return CUSTOMER_DASHBOARD_PAGE;
  return normalised === "/book/contact" ? wizardStepPage("contact") : normalised;
}

/** Areas and endpoints whose requests are never counted as page views. */
const UNTRACKED_PREFIXES = ["/admin", "/api"];

/** True for a path whose successful HTML document request counts as a page view (never data requests, files, the admin area or the API). */
export function isTrackedPage(path: string): boolean {
  if (path.endsWith(".data") || /\.[a-z0-9]{1,8}$/i.test(path)) return false;
  return !UNTRACKED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The referrer as the reports group it: its origin only, or null for none, the site itself, or something unreadable. */
export function referrerOrigin(referrer: string | null | undefined, siteOrigin: string): string | null {
  if (!referrer) return null;
  try {
    const origin = new URL(referrer).origin;
    return origin === "null" || origin === siteOrigin ? null : origin;
  } catch {
    return null;
  }
}
