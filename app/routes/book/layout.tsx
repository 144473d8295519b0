import { errorPageMeta } from "../frame-meta";
import { LayoutErrorBoundary, LayoutFrame } from "../layout-frame";
import type { Route } from "./+types/layout";

/** The booking wizard's frame: open to guests and customers alike, with room for the summary beside the steps on large screens. */
export default function BookLayout() {
  return <LayoutFrame width="narrowWithPanel" />;
}

export const meta: Route.MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : [{ name: "robots", content: "noindex" }]);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LayoutErrorBoundary error={error} />;
}
