import type { Enums } from "../../supabase/types";

/** Application roles: admins run the admin area, moderators read it and change the status of bookings
 *  (domain/permissions.ts); `user` is a badge only. */
export const APP_ROLES = ["admin", "moderator", "user"] as const satisfies ReadonlyArray<Enums<"app_role">>;
export type AppRole = (typeof APP_ROLES)[number];
