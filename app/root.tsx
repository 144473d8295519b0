import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { COMPANY } from "./domain/company";
import { useNonce } from "./nonce";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e40af" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased">
        {children}
        {/* SPEC.md §9: at most 3 toasts visible, each for 4 s. */}
        <Toaster visibleToasts={3} duration={4000} position="top-center" richColors closeButton />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const meta: Route.MetaFunction = () => [{ title: `${COMPANY.name} · ${COMPANY.tagline}` }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && error.status < 500 ? error.statusText : "Something went wrong on our side.";
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-brand-700">{status}</p>
      <h1 className="text-xl font-semibold">{message}</h1>
      <a href="/" className="font-medium text-brand-700 underline underline-offset-4">
        Return to Home
      </a>
    </main>
  );
}
