import { z } from "zod";

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
