import { ShieldAlert } from "lucide-react";
import { Link, href, isRouteErrorResponse } from "react-router";
import type { Account } from "~/domain/account";
import { LostTruckIllustration } from "./illustrations";
import { buttonClasses } from "./ui/button";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The status an error boundary shows: a thrown response's own, else 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The tab title of an error page. */
export function errorTitle(status: number): string {
  if (status === 403) return "Access Denied";
  if (status === 404) return "Page not found";
  return "Something went wrong";
}

/** The account a refusal carries when no loader ran (a guard refused before any loader). */
export function accountFromError(error: unknown): Account | null {
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null) return null;
  const account = (error.data as { account?: unknown }).account;
  return account && typeof account === "object" ? (account as Account) : null;
}

/** A refusal's own plain message (a 4xx thrown with a string), else null. */
export function errorMessage(error: unknown): string | null {
  return isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data.length <= 300 ? error.data : null;
}

/** Every error page: the site frame, what happened, and a way on. */
export function ErrorPage({ status, account, message }: { status: number; account: Account | null; message?: string | null }) {
  return (
    <>
      <SiteHeader account={account} />
      <main className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        {status === 403 && message ? (
          <>
            <ShieldAlert aria-hidden className="size-12 text-red-600" />
            <h1 className="text-2xl font-bold">{message}</h1>
            <Link to={href("/")} className={buttonClasses("outline", "md")}>
              Return to Home
            </Link>
          </>
        ) : status === 403 ? (
          <>
            <ShieldAlert aria-hidden className="size-12 text-red-600" />
            <h1 className="text-2xl font-bold">Access Denied</h1>
            <p className="text-slate-600">You don&apos;t have permission to access the admin dashboard.</p>
            <p className="text-slate-600">Please contact support if you believe this is an error.</p>
            <Link to={href("/dashboard")} className={buttonClasses("outline", "md")}>
              Go to My Bookings
            </Link>
          </>
        ) : status === 404 ? (
          <>
            <LostTruckIllustration className="max-w-60" />
            <p className="text-6xl font-bold text-brand-700">404</p>
            <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
            <Link to={href("/")} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
              Return to Home
            </Link>
          </>
        ) : (
          <>
            <p className="text-5xl font-bold text-brand-700">{status}</p>
            <h1 className="text-xl font-semibold">{status >= 500 ? "Something went wrong on our side." : (message ?? "This request could not be handled.")}</h1>
            <Link to={href("/")} className="font-medium text-brand-700 underline underline-offset-4">
              Return to Home
            </Link>
          </>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
