import { redirect } from "react-router";
import { movedDashboardTabAddress } from "~/domain/dashboard-tabs";
import { requireUser } from "~/middleware/guards.server";
import { errorPageMeta } from "../frame-meta";
import { LayoutErrorBoundary, LayoutFrame } from "../layout-frame";
import type { Route } from "./+types/layout";

/**
 * A tab's earlier address goes to its page first, signed in or not (so the sign-in comes back to the
 * new one). Permanently: 301 for a visit, 308 for a form posted from a page open since then, which
 * the browser sends again, body and all, to the new address.
 */
const movedTabs: Route.MiddlewareFunction = ({ request }) => {
  const moved = movedDashboardTabAddress(new URL(request.url));
  if (moved) throw redirect(moved, request.method === "GET" || request.method === "HEAD" ? 301 : 308);
};

/** Only signed-in customers (and admins) below this layout; the others go to the login view. */
export const middleware: Route.MiddlewareFunction[] = [movedTabs, requireUser];

export default function DashboardLayout() {
  return <LayoutFrame width="wide" footer />;
}

// The title of an error this layout caught; each page names itself. No "noindex": a crawler is sent
// to the sign-in page and never sees a page behind it.
export const meta: Route.MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : []);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LayoutErrorBoundary error={error} />;
}
