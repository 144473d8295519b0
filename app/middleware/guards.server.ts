import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { sessionContext, userContext } from "~/context";
import { hasPermission, type Permission } from "~/domain/permissions";
import type { SessionUser } from "~/services/access-tokens.server";
import { currentAccount, loginPathFor } from "~/services/session.server";

function signedInUser(request: Request, context: Readonly<RouterContextProvider>): SessionUser {
  const { user } = context.get(sessionContext);
  if (!user) throw redirect(loginPathFor(request));
  return user;
}

/** Signed-out visitors go to the login view and come back after signing in. */
export const requireUser: MiddlewareFunction<Response> = ({ request, context }) => {
  context.set(userContext, signedInUser(request, context));
};

/**
 * Signed-out visitors go to the login view; a signed-in user without the permission gets a 403,
 * rendered as Access Denied. The refusal carries the account the site frame shows, since no loader
 * has run when a middleware refuses. Actions call it again for the permission their change needs.
 */
export async function ensurePermission(request: Request, context: Readonly<RouterContextProvider>, permission: Permission): Promise<SessionUser> {
  const user = signedInUser(request, context);
  if (!hasPermission(await context.get(sessionContext).roles(), permission)) {
    throw data({ account: await currentAccount(context) }, { status: 403 });
  }
  return user;
}

/** Layout middleware: only users holding `permission` below this layout. */
export function requirePermission(permission: Permission): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    context.set(userContext, await ensurePermission(request, context, permission));
  };
}
