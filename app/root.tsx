import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { FlashToast } from "./components/flash-toast";
import { NavigationProgress } from "./components/navigation-progress";
import { COMPANY } from "./domain/company";
import { useNonce } from "./nonce";
import { getOptionalUser, isAdmin } from "./services/auth.server";
import { takeToast } from "./services/toast.server";

export interface Account {
  name: string;
  email: string;
  isAdmin: boolean;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [toast, user] = await Promise.all([takeToast(request, context), getOptionalUser(request, context)]);
  const account: Account | null = user
    ? {
        name: typeof user.user_metadata.full_name === "string" && user.user_metadata.full_name ? user.user_metadata.full_name : (user.email ?? ""),
        email: user.email ?? "",
        isAdmin: await isAdmin(request, context, user),
      }
    : null;
  return { toast, account };
}

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

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <NavigationProgress />
      <FlashToast toast={loaderData.toast} />
      <Outlet />
    </>
  );
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
