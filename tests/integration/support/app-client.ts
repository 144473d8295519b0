import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { pino, type Logger } from "pino";
import { isRouteErrorResponse, UNSAFE_decodeViaTurboStream as decodeViaTurboStream, UNSAFE_SingleFetchRedirectSymbol } from "react-router";
import type { AppServices } from "../../../app/context.ts";
import type { Toast } from "../../../app/domain/toast.ts";
import type { AppOptions } from "../../../app/load-context.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../../app/services/supabase.server.ts";
import { uniqueEmail, type TestBackend } from "../../../emulators/supabase/testing/index.ts";
import type { Database } from "../../../supabase/types.ts";
import { importAppServer, type AppServer } from "../../../server/app-server.ts";
import { TEST_PASSWORD, TEST_PUBLIC_URL, testAppOptions } from "./app-harness.ts";

// Integration tests send a standard Request through the production build's request handler, as the
// Express server does: the root and layout middleware, the guards, cookies and headers all run, with
// the request context made by the build's own entry (context keys are compared by identity, so a test
// never sets one). A visitor keeps its cookies between requests, as a browser does.

const BUILD_DIRECTORY = path.resolve("build");
const BUILD_FILE = path.join(BUILD_DIRECTORY, "server/index.js");
// What Vite builds into build/server/index.js: the app, and the server build's entry.
const BUILD_SOURCES = [path.resolve("app"), path.resolve("server/app.ts")];

let loadedBuild: Promise<AppServer> | undefined;

/** The production server build, loaded once per test file; refused when missing or older than the app's code. */
function productionBuild(): Promise<AppServer> {
  return (loadedBuild ??= (async () => {
    const built = modifiedAt(BUILD_FILE);
    if (built === null) throw new Error(`${BUILD_FILE} is missing: run \`npm run build\` before the integration tests`);
    const newest = newestSource(BUILD_SOURCES);
    if (newest && newest.at > built) {
      throw new Error(`the server build is older than ${path.relative(process.cwd(), newest.file)}: run \`npm run build\` before the integration tests`);
    }
    return importAppServer(BUILD_DIRECTORY);
  })());
}

// Loading starts as soon as a test file imports this module, while its test backend starts.
void productionBuild().catch(() => {
  // Reported by startTestApp, where a test awaits it.
});

function modifiedAt(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** The most recently changed file the build is made from (the app's own unit tests are not). */
function newestSource(sources: string[]): { file: string; at: number } | null {
  let newest: { file: string; at: number } | null = null;
  const consider = (file: string) => {
    const at = modifiedAt(file);
    if (at !== null && (!newest || at > newest.at)) newest = { file, at };
  };
  for (const source of sources) {
    if (!statSync(source).isDirectory()) {
      consider(source);
      continue;
    }
    for (const entry of readdirSync(source, { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) consider(path.join(entry.parentPath, entry.name));
    }
  }
  return newest;
}

/** What the server knows of one request besides the request itself. */
export interface RequestFacts {
  /** The caller's address (rate limits count per address); 127.0.0.1 unless given. */
  clientIp?: string;
}

/** What the app needs of its Supabase: a test backend, or the one the server's own wiring started. */
export type AppBackend = Parameters<typeof testAppOptions>[0];

export interface TestApp<Backend extends AppBackend = TestBackend> {
  readonly backend: Backend;
  /** The options the app was started with (testAppOptions against the test backend, with the overrides). */
  readonly options: AppOptions;
  /** The app's process-wide services, made by the build's own entry as the server makes them. */
  readonly services: AppServices;
  /** The service role's client, typed, for seeding and reading what the database ended up with. */
  readonly serviceRole: AppSupabaseClient;
  /** Sends one request through the app as the server does, and returns its answer. */
  handle(request: Request, facts?: RequestFacts): Promise<Response>;
  /** A new browser with no cookies. */
  visitor(facts?: RequestFacts): Visitor;
}

export interface TestAppOptions {
  /** Where the requests' logs go; silent unless a test reads them. */
  logger?: Logger;
}

/**
 * The production build serving `backend`, with the options testAppOptions gives (`overrides` replace
 * whole fields). Each call makes its own services (rate limit counters, settings cache), as a new
 * server process would; the build itself is loaded once per test file.
 */
export async function startTestApp<Backend extends AppBackend = TestBackend>(
  backend: Backend,
  overrides: Partial<AppOptions> = {},
  { logger }: TestAppOptions = {},
): Promise<TestApp<Backend>> {
  const entry = await productionBuild();
  const options = testAppOptions(backend, overrides);
  const services = entry.createAppServices(options);
  const handler = entry.createRequestHandler(entry.build, "production");
  const requestLogger = logger ?? pino({ level: "silent" });
  const app: TestApp<Backend> = {
    backend,
    options,
    services,
    serviceRole: createServiceRoleClient(options.supabase, options.serviceRoleKey),
    handle(request, { clientIp = "127.0.0.1" } = {}) {
      return handler(request, entry.createRequestContext(services, { logger: requestLogger, cspNonce: "test-nonce", clientIp }));
    },
    visitor: (facts) => createVisitor(app, facts),
  };
  return app;
}

/** One answer as the visitor received it. */
export interface Page {
  status: number;
  headers: Headers;
  /** Where a redirect points (as the Location header says), or null. */
  location: string | null;
  /** The address this answer came from (the last one, after following redirects). */
  url: string;
  /** The body as sent. */
  html: string;
  /** The body's text as a reader sees it: tags, scripts and styles removed, entities decoded, spaces collapsed. */
  text: string;
}

/** One route's part of a single-fetch answer: what its loader or action returned, or what it threw. */
export type RouteResult = { data: unknown } | { error: unknown };

/** A single-fetch (`.data`) answer, decoded. */
export interface DataAnswer {
  status: number;
  headers: Headers;
  /** A redirect the route asked for (single fetch answers it with 202 and a body), or null. */
  redirect: { location: string; status: number } | null;
  /** Each matched route's result by route id (a loader request); for an action, under the key "action". */
  routes: Record<string, RouteResult>;
}

/**
 * One route's answer as the page's router receives it: the status, where a redirect points, and what
 * the route returned (`data`) or threw (`data` of an error response, or the error itself).
 */
export interface RouteOutcome<T = unknown> {
  status: number;
  location: string | null;
  value: T;
}

export interface RequestOptions {
  /** "follow" follows redirects (cookies kept at each hop) as a browser does; "manual" (the default) returns the redirect. */
  redirect?: "follow" | "manual";
  headers?: Record<string, string>;
}

export interface Visitor {
  /** A document request for `path` (starting with "/"). */
  get(path: string, options?: RequestOptions): Promise<Page>;
  /**
   * A form post to `path`, urlencoded, with the Origin a browser sends. Multipart when `form` is
   * FormData; a stream is a body of the test's own making, sent as it comes with the test's headers.
   */
  post(path: string, form: Record<string, string> | URLSearchParams | FormData | ReadableStream<Uint8Array>, options?: RequestOptions): Promise<Page>;
  /** The loaders' data for `path` as the browser's router asks for it (single fetch, `.data`), decoded. */
  data(path: string, options?: { headers?: Record<string, string> }): Promise<DataAnswer>;
  /** What one route's loader returned for `path`; throws with the answer when it redirected or threw. */
  loaderData<T = unknown>(path: string, routeId: string): Promise<T>;
  /** An action's answer as the browser's router asks for it (a `.data` form post), decoded. */
  submit(path: string, form: Record<string, string> | URLSearchParams | FormData): Promise<DataAnswer>;
  /** `routeId`'s loader answer for `path` (single fetch), whether it returned, redirected or threw. */
  load<T = unknown>(path: string, routeId: string): Promise<RouteOutcome<T>>;
  /** The action's answer to a form posted to `path` (single fetch, as the page's router posts it), whether it returned, redirected or threw. */
  act<T = unknown>(path: string, form: Record<string, string> | URLSearchParams | FormData): Promise<RouteOutcome<T>>;
  /** The flash message `path` shows (the root loader takes it from its cookie), or null. */
  toast(path: string): Promise<Toast | null>;
  /** Sends a request of the test's own making with this visitor's cookies (and keeps the cookies it sets). */
  send(request: Request): Promise<Response>;
  /** The cookies the browser holds now, by name. */
  cookies(): Map<string, string>;
  /** Drops one cookie, as a script clearing it would. */
  forget(name: string): void;
}

const MAX_REDIRECTS = 10;

function createVisitor(app: Pick<TestApp<AppBackend>, "handle">, facts: RequestFacts = {}): Visitor {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  async function send(request: Request): Promise<Response> {
    if (jar.size > 0 && !request.headers.has("Cookie")) request.headers.set("Cookie", cookieHeader());
    const response = await app.handle(request, facts);
    keepCookies(jar, response.headers.getSetCookie());
    return response;
  }

  async function page(first: Request, redirect: RequestOptions["redirect"] = "manual"): Promise<Page> {
    let request = first;
    for (let hop = 0; ; hop++) {
      const response = await send(request);
      const location = response.headers.get("Location");
      if (redirect === "follow" && location && response.status >= 300 && response.status < 400) {
        if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects from ${first.url}`);
        request = new Request(new URL(location, request.url));
        continue;
      }
      const html = await response.text();
      return { status: response.status, headers: response.headers, location, url: request.url, html, text: visibleText(html) };
    }
  }

  /** Decodes a single-fetch answer as the browser's router does: loaders' answers by route, an action's alone. */
  async function dataAnswer(response: Response, method: "GET" | "POST"): Promise<DataAnswer> {
    const answer: DataAnswer = { status: response.status, headers: response.headers, redirect: null, routes: {} };
    // A redirect without a body: where to in the headers.
    const headerRedirect = response.headers.get("X-Remix-Redirect");
    if (response.status === 204 && headerRedirect) {
      answer.redirect = { location: headerRedirect, status: Number(response.headers.get("X-Remix-Status") ?? "302") };
      return answer;
    }
    if (!response.body || !(response.headers.get("Content-Type") ?? "").includes("text/x-script")) {
      throw new Error(`expected a single-fetch answer, got ${response.status} ${response.headers.get("Content-Type")}: ${await response.text()}`);
    }
    const decoded = await decodeViaTurboStream(response.body, globalThis);
    await decoded.done;
    const value = decoded.value;
    if (typeof value !== "object" || value === null) throw new Error(`unexpected single-fetch answer: ${String(value)}`);
    const redirect = method === "GET" ? (UNSAFE_SingleFetchRedirectSymbol in value ? value[UNSAFE_SingleFetchRedirectSymbol] : null) : value;
    if (typeof redirect === "object" && redirect !== null && "redirect" in redirect && typeof redirect.redirect === "string" && "status" in redirect) {
      answer.redirect = { location: redirect.redirect, status: Number(redirect.status) };
      return answer;
    }
    if (method === "POST") {
      if (isRouteResult(value)) answer.routes.action = value;
      return answer;
    }
    for (const [routeId, result] of Object.entries(value)) {
      if (isRouteResult(result)) answer.routes[routeId] = result;
    }
    return answer;
  }

  const formRequest = (
    url: string,
    form: Record<string, string> | URLSearchParams | FormData | ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
  ) =>
    new Request(url, {
      method: "POST",
      headers: { Origin: TEST_PUBLIC_URL, ...headers },
      body: form instanceof FormData || form instanceof URLSearchParams || form instanceof ReadableStream ? form : new URLSearchParams(form),
      // A stream is sent as it is read (Node's fetch asks for this with a streamed body).
      duplex: "half",
    } as RequestInit);

  const visitor: Visitor = {
    get: (path, { redirect, headers } = {}) => page(new Request(`${TEST_PUBLIC_URL}${path}`, { headers }), redirect),
    post: (path, form, { redirect, headers } = {}) => page(formRequest(`${TEST_PUBLIC_URL}${path}`, form, headers), redirect),
    async data(path, { headers } = {}) {
      return dataAnswer(await send(new Request(dataUrl(path), { headers })), "GET");
    },
    async loaderData<T>(path: string, routeId: string): Promise<T> {
      const answer = await visitor.data(path);
      const result = answer.routes[routeId];
      if (!result || !("data" in result)) {
        throw new Error(`${routeId} gave no data for ${path}: ${answer.status} ${JSON.stringify({ redirect: answer.redirect, routes: answer.routes })}`);
      }
      return result.data as T;
    },
    async submit(path, form) {
      return dataAnswer(await send(formRequest(dataUrl(path), form)), "POST");
    },
    async load<T>(path: string, routeId: string) {
      return outcome<T>(await visitor.data(path), routeId);
    },
    async act<T>(path: string, form: Record<string, string> | URLSearchParams | FormData) {
      return outcome<T>(await visitor.submit(path, form), "action");
    },
    async toast(path) {
      const root = await visitor.loaderData<{ toast: Toast | null }>(path, "root");
      return root.toast;
    },
    send,
    cookies: () => new Map(jar),
    forget: (name) => void jar.delete(name),
  };
  return visitor;
}

/**
 * `routeId`'s part of a single-fetch answer, as the page shows it: a redirect, or an error thrown by the
 * route or a layout above it (the routes come root first), answers for it.
 */
function outcome<T>(answer: DataAnswer, routeId: string): RouteOutcome<T> {
  if (answer.redirect) return { status: answer.redirect.status, location: answer.redirect.location, value: null as T };
  for (const [id, result] of Object.entries(answer.routes)) {
    if ("error" in result) {
      const error = result.error;
      if (isRouteErrorResponse(error)) return { status: error.status, location: null, value: error.data as T };
      return { status: answer.status, location: null, value: error as T };
    }
    if (id === routeId) return { status: answer.status, location: null, value: result.data as T };
  }
  throw new Error(`${routeId} did not answer: ${answer.status} ${JSON.stringify(answer.routes)}`);
}

function isRouteResult(value: unknown): value is RouteResult {
  return typeof value === "object" && value !== null && ("data" in value || "error" in value);
}

/** Where the browser's router asks for a page's data: `/admin/users?q=ann` → `/admin/users.data?q=ann`, `/` → `/_root.data`. */
function dataUrl(pagePath: string): string {
  const url = new URL(pagePath, TEST_PUBLIC_URL);
  const index = url.searchParams.has("index");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  if (index) url.searchParams.set("index", "");
  return url.href;
}

/** What a browser does with Set-Cookie: store the value, or forget the cookie when it is expired. */
function keepCookies(jar: Map<string, string>, setCookies: string[]) {
  for (const line of setCookies) {
    const [pair = "", ...attributes] = line.split(";");
    const name = pair.slice(0, pair.indexOf("=")).trim();
    const value = pair.slice(pair.indexOf("=") + 1).trim();
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

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/** The text of an HTML document as a reader sees it, one space between words. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? decodeNumeric(name) ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}

function decodeNumeric(name: string): string | undefined {
  if (!name.startsWith("#")) return undefined;
  const code = name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return Number.isFinite(code) ? String.fromCodePoint(code) : undefined;
}

export type AccountRole = "customer" | "moderator" | "admin";

export interface Account {
  id: string;
  email: string;
  fullName: string;
  password: string;
}

export interface SignedInVisitor {
  visitor: Visitor;
  user: Account;
  /** The account's own Supabase client (its own token, so row level security applies), for checks below the app. */
  database(): Promise<AppSupabaseClient>;
}

export interface SignInOptions {
  /** Starts the account's email address (a unique one is made from it); the role unless given. */
  label?: string;
  fullName?: string;
  /** The visitor to sign in (keeping its cookies, such as a guest's draft); a new one unless given. */
  visitor?: Visitor;
}

/**
 * A visitor signed in as `role`: the account is made confirmed through the backend's admin API, its
 * staff role granted with the service role as an admin's grant would be, and the visitor signs in
 * through the app's own login form, keeping the session cookies. A guest has no account.
 */
export async function signIn(app: TestApp, role: "guest", options?: Pick<SignInOptions, "visitor">): Promise<{ visitor: Visitor; user: null }>;
export async function signIn(app: TestApp, role: AccountRole, options?: SignInOptions): Promise<SignedInVisitor>;
export async function signIn(
  app: TestApp,
  role: AccountRole | "guest",
  { label = role, fullName, visitor = app.visitor() }: SignInOptions = {},
): Promise<SignedInVisitor | { visitor: Visitor; user: null }> {
  if (role === "guest") return { visitor, user: null };
  const account = await createAccount(app, role, { label, fullName });
  const answer = await visitor.post("/?index", { intent: "login", email: account.email, password: account.password });
  if (answer.status !== 302) throw new Error(`signing in as ${account.email} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  return { visitor, user: account, database: () => accountClient(app, account) };
}

/** A signed-in visitor with their own Supabase client at hand, for tests that check the database's answers to them as well. */
export async function withOwnClient(signedIn: SignedInVisitor): Promise<SignedInVisitor & { client: AppSupabaseClient }> {
  return { ...signedIn, client: await signedIn.database() };
}

/** A confirmed account holding `role` (customers hold none but the badge), not signed in anywhere. */
export async function createAccount(
  app: TestApp,
  role: AccountRole,
  { label = role, fullName }: Pick<SignInOptions, "label" | "fullName"> = {},
): Promise<Account> {
  const email = uniqueEmail(label);
  const name = fullName ?? `${label.charAt(0).toUpperCase()}${label.slice(1)} Tester`;
  const user = await app.backend.adminCreateUser(email, TEST_PASSWORD, { full_name: name });
  if (role !== "customer") {
    const { error } = await app.serviceRole.from("user_roles").insert({ user_id: user.id, role });
    if (error) throw error;
  }
  return { id: user.id, email, fullName: name, password: TEST_PASSWORD };
}

async function accountClient(app: TestApp, account: Account): Promise<AppSupabaseClient> {
  const client = createClient<Database>(app.options.supabase.url, app.options.supabase.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: app.backend.fetch },
  });
  const { error } = await client.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error) throw error;
  return client;
}
