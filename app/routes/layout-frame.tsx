import { Outlet } from "react-router";
import { ErrorPage, accountFromError, errorMessage, errorStatus } from "~/components/error-page";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useFrameAccount } from "~/root";

const WIDTHS = {
  narrow: "max-w-2xl",
  // One column on phones and tablets; on large screens room for a panel beside it.
  narrowWithPanel: "max-w-2xl lg:max-w-5xl",
  wide: "max-w-6xl",
} as const;

/** The site frame a layout renders around its routes: the header, the page, and the footer if asked. */
export function LayoutFrame({ width, footer = false, main = true }: { width?: keyof typeof WIDTHS; footer?: boolean; main?: boolean }) {
  const account = useFrameAccount();
  return (
    <>
      <SiteHeader account={account} />
      {main ? (
        <main className={`mx-auto ${WIDTHS[width ?? "wide"]} px-4 py-8`}>
          <Outlet />
        </main>
      ) : (
        <Outlet />
      )}
      {footer ? <SiteFooter /> : null}
    </>
  );
}

/** Every layout's error boundary: the shared error page in the site frame. */
export function LayoutErrorBoundary({ error }: { error: unknown }) {
  const account = useFrameAccount() ?? accountFromError(error);
  return <ErrorPage status={errorStatus(error)} account={account} message={errorMessage(error)} />;
}
