import { requireUser } from "~/middleware/guards.server";
import { errorPageMeta } from "../frame-meta";
import { LayoutErrorBoundary, LayoutFrame } from "../layout-frame";
import type { Route } from "./+types/layout";

/** Only signed-in customers (and admins) below this layout; the others go to the login view. */
export const middleware: Route.MiddlewareFunction[] = [requireUser];

export default function DashboardLayout() {
  return <LayoutFrame width="wide" footer />;
}

// The title of an error this layout caught; each page names itself. No "noindex": a crawler is sent
// to the sign-in page and never sees a page behind it.
export const meta: Route.MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : []);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LayoutErrorBoundary error={error} />;
}
