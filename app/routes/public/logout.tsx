import { href, redirect } from "react-router";
import { requestContext, sessionContext } from "~/context";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { forgetDraftCookie } from "~/services/drafts.server";
import { readFormBody } from "~/services/form-body.server";
import type { Route } from "./+types/logout";

/**
 * Ends this browser's session on the auth server and clears its cookies (scope "local": other devices
 * stay signed in), the booking draft's included: whoever uses the browser next starts their own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Signing out works whatever the body; only a form's redirectTo is read.
  const redirectTo = await readFormBody(request).then(
    (form) => form.get("redirectTo"),
    () => null,
  );
  const { error } = await context.get(sessionContext).supabase.auth.signOut({ scope: "local" });
  if (error) context.get(requestContext).logger.warn({ err: error }, "sign-out could not reach the auth server; cookies cleared anyway");
  await forgetDraftCookie(context);
  // A page that asked to sign out first (the email confirmation page) comes back to itself.
  return redirect(safeRedirectPath(redirectTo, href("/")));
}

/** Never sign out on GET: a link or prefetch must not end a session. */
export function loader() {
  return redirect(href("/"));
}
