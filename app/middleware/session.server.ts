import type { MiddlewareFunction } from "react-router";
import { requestContext, servicesContext, sessionContext } from "~/context";
import type { AppRole } from "~/domain/roles";
import { readSignedIn } from "~/services/session.server";
import { createVisitorClient, type AppSupabaseClient } from "~/services/supabase.server";
import { clearShownToast } from "~/services/toast.server";

/**
 * Runs first for every page and data request: makes the visitor's Supabase client and reads the
 * user once, then puts the headers queued during the request (cookies written by sign-in, token
 * refresh, sign-out and flash messages) onto whatever response comes back, redirects and error
 * pages included. Pages for a signed-in user are never stored by browsers or proxies, unless the
 * route chose a private cache itself (see withHeaders).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(servicesContext);
  const { logger, responseHeaders, clientIp } = context.get(requestContext);
  let client: AppSupabaseClient | undefined;
  const supabase = () => (client ??= createVisitorClient(request, services.supabase, { secureCookies: services.secureCookies, responseHeaders, clientIp }));
  // Without a Supabase auth cookie there is no session to read: most anonymous visits need no client
  // at all, and one is made only when a loader or action asks for it.
  const hasSession = (request.headers.get("Cookie") ?? "").includes(services.sessionCookieName);
  const visitor = hasSession ? await readSignedIn(supabase(), services.checkAccessToken, logger) : null;
  const user = visitor?.user ?? null;
  const roles: ReadonlySet<AppRole> = visitor?.roles ?? new Set();
  context.set(sessionContext, {
    get supabase() {
      return supabase();
    },
    user,
    roles: () => Promise.resolve(roles),
    profile: visitor?.profile ?? null,
  });

  const response = await next();
  await clearShownToast(context, response);
  const signedIn = user !== null || responseHeaders.has("Set-Cookie");
  return withHeaders(response, responseHeaders, signedIn);
};

function withHeaders(response: Response, queued: Headers, signedIn: boolean): Response {
  const target = new Response(response.body, response);
  for (const cookie of queued.getSetCookie()) target.headers.append("Set-Cookie", cookie);
  queued.forEach((value, name) => {
    if (name !== "set-cookie") target.headers.set(name, value);
  });
  // A route that keeps its response in the browser's own cache (a gallery photo: its address never
  // shows other bytes) keeps that, even when a token refresh queued "no-store" with new cookies:
  // "private" keeps it out of shared caches, and browsers never replay a cached Set-Cookie.
  const own = response.headers.get("Cache-Control");
  if (own?.startsWith("private") && !own.includes("no-store")) {
    target.headers.set("Cache-Control", own);
    target.headers.delete("Expires");
    target.headers.delete("Pragma");
  } else if (signedIn) target.headers.set("Cache-Control", "private, no-store");
  return target;
}
