import { redirect } from "react-router";
import { getRequestSupabase } from "~/services/auth.server";
import type { Route } from "./+types/logout";

/** Ends this browser's session on the auth server and clears its cookies (scope "local": other devices stay signed in). */
export async function action({ request, context }: Route.ActionArgs) {
  const { error } = await getRequestSupabase(request, context).auth.signOut({ scope: "local" });
  if (error) context.logger.warn({ err: error }, "sign-out could not reach the auth server; cookies cleared anyway");
  return redirect("/");
}

/** Never sign out on GET: a link or prefetch must not end a session. */
export function loader() {
  return redirect("/");
}
