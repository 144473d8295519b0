import { z } from "zod/mini";

/** What a visitor does on a page that is worth counting, beyond views and exits: contact links followed. */
export const ANALYTICS_CUSTOM_EVENTS = ["phone_click", "email_click"] as const;

/** The kinds of website analytics events the table accepts. */
export const ANALYTICS_EVENT_TYPES = ["page_view", "page_exit", "custom", ...ANALYTICS_CUSTOM_EVENTS] as const;

/** Event types a beacon may send ("custom" alone says nothing, so only the named ones). */
export const BEACON_EVENT_TYPES = ["page_view", "page_exit", ...ANALYTICS_CUSTOM_EVENTS] as const;

/** The largest beacon body read; anything longer is refused unread. */
export const MAX_BEACON_BYTES = 4 * 1024;

/**
 * A beacon's body, as the page script sends it with navigator.sendBeacon. Unknown keys are refused
 * (a user id in particular: the server reads the user from the session cookie, never from the body).
 */
export const beaconSchema = z.strictObject({
  session_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/))),
  page_path: z.string().check(z.minLength(1), z.maxLength(2048), z.startsWith("/")),
  event_type: z.enum(BEACON_EVENT_TYPES),
  time_on_page: z.optional(z.int().check(z.gte(0), z.lte(86_400))),
  user_agent: z.optional(z.string().check(z.maxLength(1024))),
  viewport_width: z.optional(z.int().check(z.gte(0), z.lte(20_000))),
  viewport_height: z.optional(z.int().check(z.gte(0), z.lte(20_000))),
  referrer: z.optional(z.nullable(z.string().check(z.maxLength(2048)))),
});
export type Beacon = z.infer<typeof beaconSchema>;
