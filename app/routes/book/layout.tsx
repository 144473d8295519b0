import { errorPageMeta } from "../frame-meta";
import { LayoutErrorBoundary, LayoutFrame } from "../layout-frame";
import type { Route } from "./+types/layout";

/** The booking wizard's frame: open to guests and customers alike, with room for the summary beside the steps on large screens. */
export default function BookLayout() {
  return <LayoutFrame width="narrowWithPanel" footer />;
}

// The title of an error this layout caught; each step names itself. The wizard is how a customer
// books, so search engines may list it; a step past the first sends a visitor without a draft to it.
export const meta: Route.MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : []);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LayoutErrorBoundary error={error} />;
}
