import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import figtreeLatin from "@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url";
import { ErrorPage, accountFromError, errorMessage, errorStatus, errorTitle } from "./components/error-page";
import { FlashToast } from "./components/flash-toast";
import { Toasts } from "./components/toasts";
import { NavigationProgress } from "./components/navigation-progress";
import { CompanyProvider } from "./components/company-context";
import { DEFAULT_COMPANY_FACTS, companyFacts } from "./domain/company-settings";
import { settingsContext } from "./context";
import { sessionMiddleware } from "./middleware/session.server";
import { useNonce } from "./nonce";
import { usePageAnalytics } from "./hooks/use-page-analytics";
import { currentAccount } from "./services/session.server";
import { takeToast } from "./services/toast.server";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

/** The site frame's data: the signed-in account (header, menus), the company's facts, a message carried by a redirect. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [toast, account, settings] = await Promise.all([takeToast(request, context), currentAccount(context), context.get(settingsContext)()]);
  return { toast, account, company: companyFacts(settings) };
}

/** The frame's account, for layouts and error boundaries below the root. */
export function useFrameAccount() {
  return useRouteLoaderData<typeof loader>("root")?.account ?? null;
}

export const links: Route.LinksFunction = () => [
  // A stylesheet with a precedence is one React writes early in the head, before the scripts' module
  // preloads: the browser fetches the CSS that blocks the first paint before the JavaScript that does not.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  // Every page sets its text in Figtree: fetched alongside the stylesheet rather than after it.
  { rel: "preload", href: figtreeLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

const ZOD_WITHOUT_EVAL = "globalThis.__zod_globalConfig={jitless:true}";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1741b6" />
        {/* Zod compiles faster object parsers with eval, probing for it as each schema is made: the
            Content-Security-Policy forbids eval, so each probe is a reported violation. Zod reads this
            shared setting before any of its modules run, so in the browser it never tries. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased">
        {children}
        {/* At most 3 toasts visible, each for 4 s. */}
        {/* At the foot of the screen (bottom-right, across the bottom on phones): clear of the sticky
            header and of each page's heading, and raised above the wizard's button bar (app.css). */}
        <Toasts
          visibleToasts={3}
          duration={4000}
          position="bottom-right"
          offset={{ bottom: "var(--toast-offset-bottom)" }}
          mobileOffset={{ bottom: "var(--toast-offset-bottom)" }}
          richColors
          closeButton
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  usePageAnalytics();
  return (
    <CompanyProvider facts={loaderData.company}>
      <NavigationProgress />
      <FlashToast toast={loaderData.toast} />
      <Outlet />
    </CompanyProvider>
  );
}

export const meta: Route.MetaFunction = ({ error, loaderData }) => {
  const company = loaderData?.company ?? DEFAULT_COMPANY_FACTS;
  return error ? [{ title: `${errorTitle(errorStatus(error))} · ${company.name}` }] : [{ title: `${company.name} · ${company.tagline}` }];
};

/** Errors no layout caught, and refusals of a guard (no loader has run then). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const account = useFrameAccount() ?? accountFromError(error);
  return <ErrorPage status={errorStatus(error)} account={account} message={errorMessage(error)} />;
}
