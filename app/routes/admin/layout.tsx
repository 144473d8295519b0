import { requireAdmin } from "~/middleware/guards.server";
import { errorPageMeta } from "../frame-meta";
import { LayoutErrorBoundary, LayoutFrame } from "../layout-frame";
import type { Route } from "./+types/layout";

/** Only admins below this layout: signed-out visitors go to the login view, others see Access Denied. */
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export default function AdminLayout() {
  return <LayoutFrame width="wide" />;
}

export const meta: Route.MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : [{ name: "robots", content: "noindex" }]);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LayoutErrorBoundary error={error} />;
}
