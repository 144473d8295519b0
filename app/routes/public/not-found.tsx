import { data } from "react-router";
import { requestContext } from "~/context";
import type { Route } from "./+types/not-found";

/** Any path no route matches: a 404 in the public frame, the path logged once. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.get(requestContext).logger.warn({ path: pathname }, "page not found");
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
