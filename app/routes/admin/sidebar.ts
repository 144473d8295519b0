import { redirect } from "react-router";
import { sidebarCookie, type SidebarState } from "~/domain/admin-sidebar";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { readFormBody } from "~/services/form-body.server";
import type { Route } from "./+types/sidebar";

/** The sidebar's toggle without JavaScript: keeps the chosen state in its cookie and goes back. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const state: SidebarState = form.get("state") === "collapsed" ? "collapsed" : "expanded";
  const back = safeRedirectPath(form.get("redirectTo"), "/admin");
  return redirect(back.startsWith("/admin") ? back : "/admin", { headers: { "Set-Cookie": sidebarCookie(state) } });
}

export function loader() {
  return redirect("/admin");
}
