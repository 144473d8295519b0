import { pino } from "pino";
import type { RouterContextProvider } from "react-router";
import { createRequestContext, type AppServices } from "../../../app/load-context.ts";
import { sessionMiddleware } from "../../../app/middleware/session.server.ts";
import { TEST_PUBLIC_URL } from "./app-harness.ts";

// One browser for integration tests: a cookie jar shared by every request it sends, each request run
// through the root middleware (the session read from the cookies) and then a route's loader or action,
// as React Router runs them. For stories where what one visitor leaves in the browser matters to the next.

/** What React Router hands a loader or an action (and the middleware before them). */
interface RouteArgs {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: RouterContextProvider;
}

/** A route module's loader or action (each declares its own route's argument type). */
type RouteFunction = (args: never) => unknown;

export interface Answer {
  status: number;
  /** Where a redirect points, or null. */
  location: string | null;
  /** What the route returned (unwrapped from `data()`), or null for a response. */
  value: unknown;
}

export interface TestBrowser {
  get(path: string, loader: RouteFunction, params?: Record<string, string | undefined>): Promise<Answer>;
  post(path: string, action: RouteFunction, form: Record<string, string>, params?: Record<string, string | undefined>): Promise<Answer>;
  /** The cookies the browser holds now, by name. */
  cookies(): Map<string, string>;
  /** Drops one cookie, as a script clearing it would. */
  forget(name: string): void;
}

/** Every browser made from one `services` shares the process's limits, as visitors of one server do. */
export function createTestBrowser(services: AppServices, { clientIp = "127.0.0.1" }: { clientIp?: string } = {}): TestBrowser {
  const jar = new Map<string, string>();

  async function send(request: Request, route: RouteFunction, params: Record<string, string | undefined>): Promise<Answer> {
    const context = createRequestContext(services, { logger: pino({ level: "silent" }), cspNonce: "nonce", clientIp });
    const args: RouteArgs = { request, url: new URL(request.url), pattern: "", params, context };
    let value: unknown = null;
    const run = async (): Promise<Response> => {
      let result: unknown;
      try {
        result = await (route as (args: RouteArgs) => unknown)(args);
      } catch (thrown) {
        result = thrown;
      }
      if (result instanceof Response) return result;
      if (isData(result)) {
        value = result.data;
        return new Response(null, result.init ?? undefined);
      }
      if (result instanceof Error) throw result;
      value = result;
      return new Response(null, { status: 200 });
    };
    const response = await sessionMiddleware(args, run);
    if (!response) throw new Error("the session middleware answered nothing");
    keepCookies(jar, response.headers.getSetCookie());
    return { status: response.status, location: response.headers.get("Location"), value };
  }

  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  return {
    get(path, loader, params = {}) {
      return send(new Request(`${TEST_PUBLIC_URL}${path}`, { headers: { Cookie: cookieHeader() } }), loader, params);
    },
    post(path, action, form, params = {}) {
      const request = new Request(`${TEST_PUBLIC_URL}${path}`, {
        method: "POST",
        headers: { Cookie: cookieHeader(), Origin: TEST_PUBLIC_URL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
      return send(request, action, params);
    },
    cookies: () => new Map(jar),
    forget: (name) => void jar.delete(name),
  };
}

function isData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "type" in value && value.type === "DataWithResponseInit";
}

/** What a browser does with Set-Cookie: store the value, or forget the cookie when it is expired. */
function keepCookies(jar: Map<string, string>, setCookies: string[]) {
  for (const line of setCookies) {
    const [pair, ...attributes] = line.split(";");
    const name = pair!.slice(0, pair!.indexOf("=")).trim();
    const value = pair!.slice(pair!.indexOf("=") + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key, raw] = attribute.split("=").map((part) => part.trim());
      if (key?.toLowerCase() === "max-age") return Number(raw) <= 0;
      if (key?.toLowerCase() === "expires") return Date.parse(raw ?? "") <= Date.now();
      return false;
    });
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}
