import type { User } from "@supabase/supabase-js";
import { href, type RouterContextProvider } from "react-router";
import { sessionContext } from "~/context";
import { displayName, type Account } from "~/domain/account";
import { authViewPath } from "~/domain/auth-views";
import { safeRedirectPath } from "~/domain/safe-redirect";
import type { Logger } from "pino";
import { accountAvatarUrl } from "./profiles.server";
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

/** The has_role RPC; any error counts as not an admin (an outage must not open the admin area). */
export async function askIsAdmin(supabase: AppSupabaseClient, user: User, logger: Logger): Promise<boolean> {
  const { data, error } = await supabase.rpc("has_role", { _user_id: user.id, _role: "admin" });
  if (error) {
    logger.warn({ err: error }, "admin check failed; treating as not an admin");
    return false;
  }
  return data === true;
}

/** The signed-in visitor as the site frame shows them, or null. */
export async function currentAccount(context: Readonly<RouterContextProvider>): Promise<Account | null> {
  const session = context.get(sessionContext);
  if (!session.user) return null;
  return {
    name: displayName(session.user.user_metadata, session.user.email),
    email: session.user.email ?? "",
    isAdmin: await session.isAdmin(),
    avatarUrl: accountAvatarUrl(session.supabase, session.user),
  };
}

/** Admins start in the admin area, customers on their dashboard. */
export function homePath(isAdmin: boolean): string {
  return isAdmin ? href("/admin") : href("/dashboard");
}

/** The login view, sending the visitor back to where they were after signing in. */
export function loginPathFor(request: Request): string {
  const { pathname, search } = new URL(request.url);
  return authViewPath("login", safeRedirectPath(`${pathname}${search}`));
}
