import { Outlet } from "react-router";
import { ErrorPage, accountFromError, errorMessage, errorStatus } from "~/components/error-page";
import { SiteHeader } from "~/components/site-header";
import { useFrameAccount } from "~/root";
import { errorPageMeta } from "../error-meta";
import type { Route } from "./+types/layout";

/** The booking wizard's frame: open to guests and customers alike. */
export default function BookLayout() {
  const account = useFrameAccount();
  return (
    <>
      <SiteHeader account={account} />
      <main className="mx-auto max-w-2xl px-4 py-8">
        <Outlet />
      </main>
    </>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : [{ name: "robots", content: "noindex" }]);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const account = useFrameAccount() ?? accountFromError(error);
  return <ErrorPage status={errorStatus(error)} account={account} message={errorMessage(error)} />;
}
