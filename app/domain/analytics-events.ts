import { z } from "zod";

/** What a visitor does on a page that is worth counting, beyond views and exits: contact links followed. */
export const ANALYTICS_CUSTOM_EVENTS = ["phone_click", "email_click"] as const;

/** The kinds of website analytics events the table accepts. */
export const ANALYTICS_EVENT_TYPES = ["page_view", "page_exit", "custom", ...ANALYTICS_CUSTOM_EVENTS] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Event types a beacon may send ("custom" alone says nothing, so only the named ones). */
export const BEACON_EVENT_TYPES = ["page_view", "page_exit", ...ANALYTICS_CUSTOM_EVENTS] as const;

/** The largest beacon body read; anything longer is refused unread. */
export const MAX_BEACON_BYTES = 4 * 1024;

/**
 * A beacon's body, as the page script sends it with navigator.sendBeacon. Unknown keys are refused
 * (a user id in particular: the server reads the user from the session cookie, never from the body).
 */
export const beaconSchema = z.strictObject({
  session_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  page_path: z.string().min(1).max(2048).startsWith("/"),
  event_type: z.enum(BEACON_EVENT_TYPES),
  time_on_page: z.number().int().min(0).max(86_400).optional(),
  user_agent: z.string().max(1024).optional(),
  viewport_width: z.number().int().min(0).max(20_000).optional(),
  viewport_height: z.number().int().min(0).max(20_000).optional(),
  referrer: z.string().max(2048).nullable().optional(),
});
export type Beacon = z.infer<typeof beaconSchema>;

/** A path segment that names one record: a UUID, a number, or a long token. */
const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|[A-Za-z0-9_-]{24,})$/i;

/** The customer dashboard's home, as the reports name it. */
export const CUSTOMER_DASHBOARD_PAGE = "/user-dashboard";

/**
 * The page a path counts as: query and fragment dropped, trailing slashes removed, ids collapsed
 * (`/dashboard/bookings/:id`), the customer dashboard's home as `/user-dashboard`. Null for
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
  return normalised === "/dashboard" ? CUSTOMER_DASHBOARD_PAGE : normalised;
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
