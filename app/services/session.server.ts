import type { User } from "@supabase/supabase-js";
import { href, type RouterContextProvider } from "react-router";
import { requestContext, sessionContext } from "~/context";
import { displayName, preferredFullName, type Account } from "~/domain/account";
import { ADMIN_AREA_PERMISSION, hasPermission } from "~/domain/permissions";
import type { AppRole } from "~/domain/roles";
import { authViewPath } from "~/domain/auth-views";
import { safeRedirectPath } from "~/domain/safe-redirect";
import type { Logger } from "pino";
import { accountAvatarUrl, readProfileName } from "./profiles.server";
import type { AppSupabaseClient } from "./supabase.server";

/** The user behind the request's cookies, checked with the auth server (getUser, never getSession). */
export async function readUser(supabase: AppSupabaseClient, logger: Logger): Promise<User | null> {
  try {
    const { data } = await supabase.auth.getUser();
    return data.user ?? null;
  } catch (error) {
    logger.warn({ err: error }, "could not read the session");
    return null;
  }
}

/** The user's own roles; any error counts as none (an outage must not open the admin area). */
export async function readRoles(supabase: AppSupabaseClient, user: User, logger: Logger): Promise<ReadonlySet<AppRole>> {
  const { data, error } = await supabase.from("user_roles").select("role").eq("user_id", user.id);
  if (error) {
    logger.warn({ err: error }, "could not read the user's roles; treating them as a customer");
    return new Set();
  }
  return new Set(data.map((row) => row.role));
}

// Each request's answer, read once however many loaders ask.
const fullNames = new WeakMap<Readonly<RouterContextProvider>, Promise<string>>();

/**
 * The signed-in visitor's full name as every page shows it: the one on their profile, else the one
 * they signed up with ("" when neither, or when nobody is signed in).
 */
export function signedInFullName(context: Readonly<RouterContextProvider>): Promise<string> {
  let name = fullNames.get(context);
  if (!name) {
    const { supabase, user } = context.get(sessionContext);
    name = user
      ? readProfileName(supabase, user.id, context.get(requestContext).logger).then((profileName) => preferredFullName(profileName, user.user_metadata))
      : Promise.resolve("");
    fullNames.set(context, name);
  }
  return name;
}

/** The signed-in visitor as the site frame shows them, or null. */
export async function currentAccount(context: Readonly<RouterContextProvider>): Promise<Account | null> {
  const session = context.get(sessionContext);
  if (!session.user) return null;
  // The profile and the roles are asked at once: neither waits for the other.
  const [fullName, roles] = await Promise.all([signedInFullName(context), session.roles()]);
  return {
    name: displayName(fullName, session.user.email),
    email: session.user.email ?? "",
    staff: hasPermission(roles, ADMIN_AREA_PERMISSION),
    avatarUrl: accountAvatarUrl(session.supabase, session.user),
  };
}

/** Staff (admins, moderators) start in the admin area, customers on their dashboard. */
export function homePath(roles: ReadonlySet<AppRole>): string {
  return hasPermission(roles, ADMIN_AREA_PERMISSION) ? href("/admin") : href("/dashboard");
}

/** The login view, sending the visitor back to where they were after signing in. */
export function loginPathFor(request: Request): string {
  const { pathname, search } = new URL(request.url);
  return authViewPath("login", safeRedirectPath(`${pathname}${search}`));
}
