import { Link, data } from "react-router";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.logger.warn({ path: pathname }, "page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Link to="/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
        Return to Home
      </Link>
    </main>
  );
}
