import type { Enums } from "../../supabase/types";

/** Application roles. Admins run the admin area; the others are shown as badges only. */
export const APP_ROLES = ["admin", "moderator", "user"] as const satisfies ReadonlyArray<Enums<"app_role">>;
export type AppRole = (typeof APP_ROLES)[number];
