import { href, type RouterContextProvider } from "react-router";
import { sessionContext } from "~/context";
import { displayName, preferredFullName, type Account, type AccountProfile } from "~/domain/account";
import { ADMIN_AREA_PERMISSION, hasPermission } from "~/domain/permissions";
import type { AppRole } from "~/domain/roles";
import { authViewPath } from "~/domain/auth-views";
import { safeRedirectPath } from "~/domain/safe-redirect";
import type { Logger } from "pino";
import type { AccessTokenCheck, SessionUser } from "./access-tokens.server";
import { profileAvatarUrl } from "./profiles.server";
import type { AppSupabaseClient } from "./supabase.server";

/** A signed-in visitor as every page needs them, read once with the session. */
export interface SignedIn {
  user: SessionUser;
  roles: ReadonlySet<AppRole>;
  /** What the account's profile holds (null each when it does not). */
  profile: AccountProfile;
}

/**
 * The visitor behind the request's cookies, or null. The session comes from the cookies (refreshed
 * first when its access token is about to expire, which writes new cookies); the access token's
 * signature and expiry are checked here, and the database says in one call whether the session it
 * names still exists (ended elsewhere: no visitor) along with the roles and the profile. Any error
 * counts as signed out: an outage must not open the admin area.
 */
export async function readSignedIn(supabase: AppSupabaseClient, checkAccessToken: AccessTokenCheck, logger: Logger): Promise<SignedIn | null> {
  try {
    const { data: stored } = await supabase.auth.getSession();
    if (!stored.session) return null;
    const user = await userOf(supabase, checkAccessToken, stored.session.access_token);
    if (!user) return null;
    const { data, error } = await supabase.rpc("signed_in_account").maybeSingle();
    if (error) logger.warn({ err: error }, "could not read the signed-in account; treating the visitor as signed out");
    if (!data) return null;
    const profile = { fullName: data.full_name ?? null, avatarUrl: data.avatar_url ?? null, phone: data.phone ?? null, address: data.address ?? null };
    return { user, roles: new Set(data.roles), profile };
  } catch (error) {
    logger.warn({ err: error }, "could not read the session");
    return null;
  }
}

/** The user a token names, checked here; a token no key here can check (a legacy secret not given to this server) is checked by the auth server. */
async function userOf(supabase: AppSupabaseClient, checkAccessToken: AccessTokenCheck, token: string): Promise<SessionUser | null> {
  const verdict = await checkAccessToken(token);
  if (verdict.kind === "user") return verdict.user;
  if (verdict.kind === "refused") return null;
  const { data } = await supabase.auth.getUser(token);
  return data.user ? { id: data.user.id, email: data.user.email, user_metadata: data.user.user_metadata ?? {} } : null;
}

/** The user's own roles; any error counts as none (an outage must not open the admin area). */
export async function readRoles(supabase: AppSupabaseClient, user: SessionUser, logger: Logger): Promise<ReadonlySet<AppRole>> {
  const { data, error } = await supabase.from("user_roles").select("role").eq("user_id", user.id);
  if (error) {
    logger.warn({ err: error }, "could not read the user's roles; treating them as a customer");
    return new Set();
  }
  return new Set(data.map((row) => row.role));
}

/**
 * The signed-in visitor's full name as every page shows it: the one on their profile, else the one
 * they signed up with ("" when neither, or when nobody is signed in).
 */
export function signedInFullName(context: Readonly<RouterContextProvider>): string {
  const { user, profile } = context.get(sessionContext);
  return user ? preferredFullName(profile?.fullName ?? null, user.user_metadata) : "";
}

/** The signed-in visitor as the site frame shows them, or null. */
export async function currentAccount(context: Readonly<RouterContextProvider>): Promise<Account | null> {
  const session = context.get(sessionContext);
  if (!session.user) return null;
  return {
    name: displayName(signedInFullName(context), session.user.email),
    email: session.user.email ?? "",
    staff: hasPermission(await session.roles(), ADMIN_AREA_PERMISSION),
    avatarUrl: profileAvatarUrl(session.supabase, session.user.id, session.profile?.avatarUrl ?? null),
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
