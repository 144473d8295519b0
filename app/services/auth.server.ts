import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import type { SupabaseClient, User } from "@supabase/supabase-js";
import { type AppLoadContext, data, redirect } from "react-router";
import { safeRedirectPath } from "~/domain/safe-redirect";

const clients = new WeakMap<Request, SupabaseClient>();
const users = new WeakMap<Request, Promise<User | null>>();
const adminChecks = new WeakMap<Request, Promise<boolean>>();

/**
 * The signed-in user's Supabase client for this request (@supabase/ssr): the session lives in
 * HttpOnly cookies, and every cookie it writes (sign-in, refresh, sign-out) goes onto the response,
 * redirects included. One client per request.
 */
export function getRequestSupabase(request: Request, context: AppLoadContext): SupabaseClient {
  let client = clients.get(request);
  if (!client) {
    client = createServerClient(context.supabase.url, context.supabase.anonKey, {
      cookies: {
        getAll: () => parseCookieHeader(request.headers.get("Cookie") ?? "").map(({ name, value }) => ({ name, value: value ?? "" })),
        setAll: (cookiesToSet, headers) => {
          for (const { name, value, options } of cookiesToSet) {
            context.response.appendCookie(serializeCookieHeader(name, value, options));
          }
          for (const [name, value] of Object.entries(headers)) context.response.setHeader(name, value);
        },
      },
      cookieOptions: { httpOnly: true, sameSite: "lax", secure: context.cookies.secure, path: "/" },
      global: { fetch: context.supabase.fetch },
    });
    clients.set(request, client);
  }
  return client;
}

/** The user behind the request's cookies, checked with the auth server (getUser, never getSession). */
export function getOptionalUser(request: Request, context: AppLoadContext): Promise<User | null> {
  let user = users.get(request);
  if (!user) {
    user = getRequestSupabase(request, context)
      .auth.getUser()
      .then(({ data: result }) => result.user ?? null)
      .catch((error: unknown) => {
        context.logger.warn({ err: error }, "could not read the session");
        return null;
      });
    users.set(request, user);
  }
  return user;
}

/** Where the login view sends the visitor back to, after signing in. */
export function loginPath(request: Request): string {
  const { pathname, search } = new URL(request.url);
  return `/?auth=login&redirectTo=${encodeURIComponent(safeRedirectPath(`${pathname}${search}`))}`;
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<User> {
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect(loginPath(request));
  return user;
}

/**
 * The has_role RPC; any error counts as not an admin (SPEC.md §6). Asked once per request: the root
 * loader (account menu) and the page's own loader both need it.
 */
export function isAdmin(request: Request, context: AppLoadContext, user: User): Promise<boolean> {
  let check = adminChecks.get(request);
  if (!check) {
    check = askHasRole(request, context, user);
    adminChecks.set(request, check);
  }
  return check;
}

async function askHasRole(request: Request, context: AppLoadContext, user: User): Promise<boolean> {
  const { data: result, error } = await getRequestSupabase(request, context).rpc("has_role", { _user_id: user.id, _role: "admin" });
  if (error) {
    context.logger.warn({ err: error }, "admin check failed; treating as not an admin");
    return false;
  }
  return result === true;
}

/** Signed-out visitors go to the login view; signed-in non-admins get a 403 the admin area renders as Access Denied. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<User> {
  const user = await requireUser(request, context);
  if (!(await isAdmin(request, context, user))) throw data({ reason: "not-admin" }, { status: 403 });
  return user;
}

export async function homePathFor(request: Request, context: AppLoadContext, user: User): Promise<string> {
  return (await isAdmin(request, context, user)) ? "/admin" : "/dashboard";
}
