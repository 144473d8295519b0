import { errorPageMeta } from "../frame-meta";
import { LayoutErrorBoundary, LayoutFrame } from "../layout-frame";
import type { Route } from "./+types/layout";

/** The public frame: the landing page, the reset-password page, the payment pages and the not-found page. */
export default function PublicLayout() {
  return <LayoutFrame main={false} footer />;
}

export const meta: Route.MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : []);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LayoutErrorBoundary error={error} />;
}
