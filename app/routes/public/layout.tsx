import { Outlet } from "react-router";
import { ErrorPage, accountFromError, errorMessage, errorStatus } from "~/components/error-page";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useFrameAccount } from "~/root";
import { errorPageMeta } from "../error-meta";
import type { Route } from "./+types/layout";

/** The public frame: the landing page, the reset-password page and the not-found page. */
export default function PublicLayout() {
  const account = useFrameAccount();
  return (
    <>
      <SiteHeader account={account} />
      <Outlet />
      <SiteFooter />
    </>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : []);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const account = useFrameAccount() ?? accountFromError(error);
  return <ErrorPage status={errorStatus(error)} account={account} message={errorMessage(error)} />;
}

