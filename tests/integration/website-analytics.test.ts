import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAID_PAGE } from "../../app/domain/analytics-pages.ts";
import { FUNNEL_PAGES, WEBSITE_ANALYTICS_MESSAGES } from "../../app/domain/website-analytics.ts";
import type { loader } from "../../app/routes/admin/overview-analytics.tsx";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { TablesInsert } from "../../supabase/types.ts";
import { signInCustomer, signInStaff, type SignedInCustomer } from "./support/app-harness.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";

// The Website Analytics tab's figures, computed by the database's admin_website_* functions, checked
// against figures computed here from the seeded rows: events older than the 48 hours and later than
// the window's end never count, visitors are their visitor id (else their visit id), and the events of
// visitors who send Global Privacy Control (no id at all) are page views only. Only staff who may read
// analytics get them; a customer and an anonymous caller are refused with 42501.

type Event = TablesInsert<"website_analytics"> & { created_at: string };

const NOW = new Date("2027-04-01T12:30:00Z");
const HOUR = 3_600_000;
const at = (hoursBefore: number) => new Date(NOW.getTime() - hoursBefore * HOUR).toISOString();
const hex = (n: number) => n.toString(16).padStart(32, "0");

/** A seeded, repeatable mix of visitors: buyers who go through the funnel, browsers who leave, a customer from the dashboard, GPC visitors. */
function seedEvents(): Event[] {
  const events: Event[] = [];
  let clock = 47.5; // hours before NOW, counting down, so every event has its own time
  const tick = () => at((clock -= 0.05));
  const add = (event: Omit<Event, "created_at">, created_at = tick()) => events.push({ user_agent: "seed", ...event, created_at });

  const steps = ["/", ...FUNNEL_PAGES.slice(1, -1)];
  for (let visitor = 1; visitor <= 14; visitor++) {
    const id = hex(visitor);
    const referrer = visitor % 3 === 0 ? "https://www.google.com" : visitor % 3 === 1 ? null : "https://www.yelp.com";
    // How far each visitor gets: some stop on the landing page, some in the wizard, four pay.
    const reached = [1, 2, 3, 6, 6, 4, 2, 7, 1, 5, 7, 6, 7, 7][visitor - 1]!;
    const session = visitor % 4 === 0 ? `visit-${visitor}-abcdef` : null;
    const entry = visitor === 5 ? "/book" : "/";
    add({ visitor_id: id, session_id: session, page_path: entry, event_type: "page_view", referrer });
    for (const page of steps.slice(entry === "/" ? 1 : 2, reached)) add({ visitor_id: id, session_id: session, page_path: page, event_type: "page_view" });
    if (reached === 7) add({ visitor_id: id, page_path: PAID_PAGE, event_type: "page_view", referrer: "https://checkout.stripe.com" });
    if (visitor % 2 === 0) add({ visitor_id: id, session_id: session, page_path: "/", event_type: "phone_click" });
    if (visitor % 3 !== 2)
      add({ visitor_id: id, session_id: session, page_path: events.at(-1)!.page_path, event_type: "page_exit", time_on_page: 20 + visitor * 7 });
  }
  // A signed-in customer who books from the dashboard: never on the landing page, and pays.
  add({ visitor_id: hex(40), page_path: "/user-dashboard", event_type: "page_view", referrer: "https://mail.example.com" });
  for (const page of FUNNEL_PAGES.slice(1)) add({ visitor_id: hex(40), page_path: page, event_type: "page_view" });
  // The visitor id could not be computed (no salt): the browser's visit id stands in.
  add({ session_id: "visit-no-salt-123", page_path: "/", event_type: "page_view", referrer: "https://www.google.com" });
  add({ session_id: "visit-no-salt-123", page_path: "/book", event_type: "page_view" });
  add({ session_id: "visit-no-salt-123", page_path: "/book", event_type: "page_exit", time_on_page: 95 });
  // Global Privacy Control: no visitor id, no visit id.
  for (const page of ["/", "/", "/book", "/about"]) add({ page_path: page, event_type: "page_view" });
  add({ page_path: "/about", event_type: "page_exit", time_on_page: 300 });
  // Outside the window: before it (at its very start too) and after it.
  add({ visitor_id: hex(1), page_path: "/old-page", event_type: "page_view" }, at(49));
  add({ visitor_id: hex(99), page_path: "/", event_type: "page_view" }, at(48));
  add({ visitor_id: hex(99), page_path: PAID_PAGE, event_type: "page_view" }, at(48.01));
  add({ visitor_id: hex(98), page_path: "/", event_type: "page_exit", time_on_page: 999 }, at(60));
  add({ visitor_id: hex(97), page_path: "/future", event_type: "page_view" }, new Date(NOW.getTime() + 60_000).toISOString());
  // At the window's very end: counted.
  add({ visitor_id: hex(2), page_path: "/about", event_type: "page_view" }, NOW.toISOString());
  return events;
}

// What the functions must answer, computed from the rows ---------------------------------------------

const inWindow = (event: Event) => Date.parse(event.created_at) > NOW.getTime() - 48 * HOUR && Date.parse(event.created_at) <= NOW.getTime();
const keyOf = (event: Event) => (event.visitor_id ? `v:${event.visitor_id}` : event.session_id ? `s:${event.session_id}` : null);
const byName = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
const newestFirst = (a: Event, b: Event) => Date.parse(b.created_at) - Date.parse(a.created_at);

function countBy<T>(items: T[], key: (item: T) => string | null): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

function expected(events: Event[]) {
  const window = events.filter(inWindow);
  const views = window.filter((event) => event.event_type === "page_view");
  const visitors = new Set(window.map(keyOf).filter((key) => key !== null));
  const seconds = new Map<string, number>();
  for (const exit of window.filter((event) => event.event_type === "page_exit" && keyOf(event) && event.time_on_page != null)) {
    seconds.set(keyOf(exit)!, (seconds.get(keyOf(exit)!) ?? 0) + exit.time_on_page!);
  }
  const viewsByPage = countBy(views, (event) => event.page_path);
  const lastPage = new Map<string, string>();
  for (const event of [...window].sort(newestFirst).reverse()) if (keyOf(event)) lastPage.set(keyOf(event)!, event.page_path);
  const exitsByPage = countBy([...lastPage.values()], (page) => page);
  const paid = new Set(
    views
      .filter((event) => event.page_path === PAID_PAGE)
      .map(keyOf)
      .filter((key) => key !== null),
  );
  const entries = new Map<string, Event>();
  for (const view of [...views].sort(newestFirst).reverse()) {
    const key = keyOf(view);
    if (key && paid.has(key) && !entries.has(key)) entries.set(key, view);
  }
  const ranked = (counts: Map<string | null, number>) => [...counts].sort(([a, x], [b, y]) => y - x || byName(a, b)).slice(0, 5);
  const firstHour = Math.floor((NOW.getTime() - 48 * HOUR) / HOUR) * HOUR;
  return {
    totals: {
      page_views: views.length,
      visitors: visitors.size,
      anonymous_page_views: views.filter((event) => keyOf(event) === null).length,
      timed_visitors: seconds.size,
      average_seconds_on_site: Math.round([...seconds.values()].reduce((sum, value) => sum + value, 0) / seconds.size),
    },
    popularPages: ranked(viewsByPage).map(([page_path, views]) => ({ page_path, views })),
    exitPages: [...exitsByPage]
      .map(([page_path, exits]) => ({ page_path, exits, views: viewsByPage.get(page_path) ?? 0 }))
      .sort((a, b) => b.exits - a.exits || b.views - a.views || byName(a.page_path, b.page_path))
      .slice(0, 5),
    recentEvents: [...window]
      .sort(newestFirst)
      .slice(0, 10)
      .map((event) => ({ at: event.created_at, event_type: event.event_type, page_path: event.page_path, time_on_page: event.time_on_page ?? null })),
    hourlyViews: Array.from({ length: 49 }, (_, index) => {
      const hour = firstHour + index * HOUR;
      return { hour: new Date(hour).toISOString(), views: views.filter((event) => Math.floor(Date.parse(event.created_at) / HOUR) * HOUR === hour).length };
    }),
    funnel: FUNNEL_PAGES.map((page_path, index) => ({
      step: index + 1,
      page_path,
      visitors: new Set(
        views
          .filter((event) => event.page_path === page_path)
          .map(keyOf)
          .filter((key) => key !== null),
      ).size,
    })),
    paidReferrers: ranked(countBy([...entries.values()], (event) => event.referrer ?? null)).map(([name, visitors]) => ({
      source: "referrer",
      name,
      visitors,
    })),
    paidEntryPages: ranked(countBy([...entries.values()], (event) => event.page_path)).map(([name, visitors]) => ({ source: "entry_page", name, visitors })),
  };
}

// ---------------------------------------------------------------------------------------------------

let backend: TestBackend;
let service: SupabaseClient;
let admin: SignedInCustomer;
let moderator: SignedInCustomer;
let customer: SignedInCustomer;
let seeded: Event[];
let want: ReturnType<typeof expected>;

const _at = NOW.toISOString();
const withIso = <T extends { created_at?: string; hour?: string }>(rows: T[]) =>
  rows.map(({ created_at, hour, ...rest }) => ({
    ...rest,
    ...(created_at !== undefined ? { at: new Date(created_at).toISOString() } : {}),
    ...(hour !== undefined ? { hour: new Date(hour).toISOString() } : {}),
  }));

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.createClient({ key: "service_role" });
  [admin, moderator, customer] = await Promise.all([
    signInStaff(backend, "admin", "web-admin", "Ada Admin"),
    signInStaff(backend, "moderator", "web-moderator", "Mo Moderator"),
    signInCustomer(backend, "web-customer"),
  ]);
  seeded = seedEvents();
  const { error } = await service.from("website_analytics").insert(seeded);
  if (error) throw error;
  want = expected(seeded);
}, 60_000);

afterAll(async () => {
  await backend?.close();
});

describe("the website analytics functions", () => {
  it("seed a window worth reading: visitors of every kind, and events outside it", () => {
    expect(want.totals.anonymous_page_views).toBe(4);
    expect(want.funnel.at(-1)!.visitors).toBe(5);
    expect(seeded.filter((event) => !inWindow(event)).length).toBe(5);
    expect(want.exitPages.length).toBe(5);
  });

  it("count page views, visitors (GPC visitors as views only) and the average time on site", async () => {
    const { data, error } = await admin.client.rpc("admin_website_totals", { _at });
    expect(error).toBeNull();
    expect(data).toEqual([want.totals]);
  });

  it("rank the pages viewed most, at most five", async () => {
    const { data, error } = await admin.client.rpc("admin_website_popular_pages", { _at, _limit: 5 });
    expect(error).toBeNull();
    expect(data).toEqual(want.popularPages);
  });

  it("rank the pages visits ended on, with that page's views", async () => {
    const { data, error } = await admin.client.rpc("admin_website_exit_pages", { _at, _limit: 5 });
    expect(error).toBeNull();
    expect(data).toEqual(want.exitPages);
  });

  it("list the ten newest events of the window", async () => {
    const { data, error } = await admin.client.rpc("admin_website_recent_events", { _at, _limit: 10 });
    expect(error).toBeNull();
    expect(withIso(data!)).toEqual(withIso(want.recentEvents.map(({ at: created_at, ...rest }) => ({ created_at, ...rest }))));
  });

  it("count page views in each hour the window touches, adding up to the total", async () => {
    const { data, error } = await admin.client.rpc("admin_website_hourly_views", { _at });
    expect(error).toBeNull();
    expect(withIso(data!)).toEqual(want.hourlyViews);
    expect(data!.reduce((sum, hour) => sum + hour.views, 0)).toBe(want.totals.page_views);
  });

  it("count the visitors at each step of the funnel, from the landing page to a paid deposit", async () => {
    const { data, error } = await admin.client.rpc("admin_website_funnel", { _pages: [...FUNNEL_PAGES], _at });
    expect(error).toBeNull();
    expect(data).toEqual(want.funnel);
    const refused = await admin.client.rpc("admin_website_funnel", { _pages: [], _at });
    expect(refused.error?.code).toBe("22023");
  });

  it("tell where the visitors who paid came from: their referrers and first pages", async () => {
    const { data, error } = await admin.client.rpc("admin_website_paid_sources", { _paid_page: PAID_PAGE, _at, _limit: 5 });
    expect(error).toBeNull();
    expect(data).toEqual([...want.paidReferrers, ...want.paidEntryPages]);
  });

  it("may be read by a moderator, and are refused to a customer and to an anonymous caller with 42501", async () => {
    expect((await moderator.client.rpc("admin_website_totals", { _at })).data).toEqual([want.totals]);
    const anonymous = backend.createClient({ key: "anon" });
    const calls = [
      ["admin_website_totals", { _at }],
      ["admin_website_popular_pages", { _at }],
      ["admin_website_exit_pages", { _at }],
      ["admin_website_recent_events", { _at }],
      ["admin_website_hourly_views", { _at }],
      ["admin_website_funnel", { _pages: ["/"], _at }],
      ["admin_website_paid_sources", { _paid_page: PAID_PAGE, _at }],
    ] as const;
    for (const [name, args] of calls) {
      expect((await customer.client.rpc(name, args as never)).error?.code, `${name} as a customer`).toBe("42501");
      expect((await anonymous.rpc(name, args as never)).error?.code, `${name} anonymously`).toBe("42501");
    }
  });
});

const TAB = "/admin/overview/analytics";

/** The Website Analytics tab as `who` opens it, through the app's request handler: the page's status, and its loader's data when it has some. */
async function load(who: SignedInVisitor): Promise<{ status: number; value: (Awaited<ReturnType<typeof loader>> & { stats: unknown }) | null }> {
  const page = await who.visitor.get(TAB);
  if (page.status !== 200) return { status: page.status, value: null };
  const [tab, frame] = await Promise.all([
    who.visitor.loaderData<Awaited<ReturnType<typeof loader>>>(TAB, "routes/admin/overview-analytics"),
    // The stat cards above the tabs.
    who.visitor.loaderData<{ stats: unknown }>(TAB, "routes/admin/overview-layout"),
  ]);
  return { status: 200, value: { ...tab, stats: frame.stats } };
}

describe("the /admin/overview/analytics loader", () => {
  let app: TestApp;
  /** The database function the app's calls of which get `answer` instead of the database's (none unless set). */
  let broken: { rpc: string; answer: () => Response } | null = null;

  beforeAll(async () => {
    const database: typeof fetch = (input, init) => {
      const call = new Request(input, init);
      return broken && new URL(call.url).pathname === `/rest/v1/rpc/${broken.rpc}` ? Promise.resolve(broken.answer()) : backend.fetch(call);
    };
    app = await startTestApp(backend, { supabase: { url: backend.url, anonKey: backend.anonKey, fetch: database } });
  }, 120_000);

  /** What an admin sees while the database answers `answer` for calls of `rpc`. */
  async function whileBroken(rpc: string, answer: () => Response) {
    const admin = await signIn(app, "admin", { label: `web-${rpc}` });
    broken = { rpc, answer };
    try {
      return await load(admin);
    } finally {
      broken = null;
    }
  }

  it("gives a moderator the report, and a customer the 403 page", async () => {
    const read = await load(await signIn(app, "moderator", { label: "web-moderator" }));
    expect(read.status).toBe(200);
    expect(read.value).toMatchObject({ websiteAnalytics: { kind: "ready", report: { totals: { pageViews: expect.any(Number) } } } });
    expect((await load(await signIn(app, "customer", { label: "web-customer" }))).status).toBe(403);
  });

  it("says 'Failed to fetch website analytics' when the database fails, and the rest of the dashboard still loads", async () => {
    const failed = await whileBroken("admin_website_exit_pages", () => new Response("{}", { status: 500 }));
    expect(failed.status).toBe(200);
    expect(failed.value).toMatchObject({ websiteAnalytics: { kind: "failed", message: WEBSITE_ANALYTICS_MESSAGES.fetchFailed }, stats: expect.anything() });
  });

  it("says 'Failed to process analytics data' when the database answers what the report cannot read", async () => {
    const failed = await whileBroken(
      "admin_website_popular_pages",
      () => new Response(JSON.stringify([{ page_path: "/", views: "many" }]), { status: 200, headers: { "content-type": "application/json" } }),
    );
    expect(failed.status).toBe(200);
    expect(failed.value).toMatchObject({ websiteAnalytics: { kind: "failed", message: WEBSITE_ANALYTICS_MESSAGES.processFailed } });
  });
});
