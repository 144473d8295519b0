import type { User } from "@supabase/supabase-js";
import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { sessionContext, userContext } from "~/context";
import { currentAccount, loginPathFor } from "~/services/session.server";

function signedInUser(request: Request, context: Readonly<RouterContextProvider>): User {
  const { user } = context.get(sessionContext);
  if (!user) throw redirect(loginPathFor(request));
  return user;
}

/** Signed-out visitors go to the login view and come back after signing in. */
export const requireUser: MiddlewareFunction<Response> = ({ request, context }) => {
  context.set(userContext, signedInUser(request, context));
};

/**
 * Signed-out visitors go to the login view; signed-in non-admins get a 403 rendered as Access
 * Denied. No loader has run when a middleware refuses, so the refusal carries the account the
 * site frame shows.
 */
export const requireAdmin: MiddlewareFunction<Response> = async ({ request, context }) => {
  const user = signedInUser(request, context);
  if (!(await context.get(sessionContext).isAdmin())) {
    throw data({ account: await currentAccount(context) }, { status: 403 });
  }
  context.set(userContext, user);
};
