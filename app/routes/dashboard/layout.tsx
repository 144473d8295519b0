import { requireUser } from "~/middleware/guards.server";
import { errorPageMeta } from "../frame-meta";
import { LayoutErrorBoundary, LayoutFrame } from "../layout-frame";
import type { Route } from "./+types/layout";

/** Only signed-in customers (and admins) below this layout; the others go to the login view. */
export const middleware: Route.MiddlewareFunction[] = [requireUser];

export default function DashboardLayout() {
  return <LayoutFrame width="wide" />;
}

export const meta: Route.MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : [{ name: "robots", content: "noindex" }]);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LayoutErrorBoundary error={error} />;
}
