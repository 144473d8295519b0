import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signJwt, startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signInCustomer } from "./support/app-harness.ts";
import { startAnalyticsServer, type AnalyticsTestServer } from "./support/analytics-server.ts";

const JWT_SECRET = "a-test-jwt-secret-of-at-least-32-characters";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let backend: TestBackend;
let service: SupabaseClient;
let server: AnalyticsTestServer;

beforeAll(async () => {
  backend = await startTestBackend({ jwtSecret: JWT_SECRET });
  service = backend.createClient({ key: "service_role" });
  server = await startAnalyticsServer(backend, { jwtSecret: JWT_SECRET });
});

afterAll(async () => {
  await server?.close();
  await backend?.close();
});

/** A browser of its own: a user agent no other test sends, so its rows are told apart. */
const browserOf = (label: string) => `${BROWSER} test/${label}-${randomUUID()}`;

function beacon(
  body: unknown,
  {
    userAgent = BROWSER,
    contentType = "text/plain;charset=UTF-8",
    headers = {},
  }: { userAgent?: string; contentType?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${server.origin}/api/analytics`, {
    method: "POST",
    headers: { "content-type": contentType, "user-agent": userAgent, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function rowsOf(userAgent: string, target = server) {
  await target.ingest.flush();
  const { data, error } = await service.from("website_analytics").select("*").eq("user_agent", userAgent).order("created_at");
  if (error) throw error;
  return data as Array<Record<string, unknown>>;
}

const pageView = (overrides: Record<string, unknown> = {}) => ({
  session_id: "s-4f1c2b9e7d",
  page_path: "/book/details",
  event_type: "page_view",
  viewport_width: 390,
  viewport_height: 844,
  referrer: "https://www.google.com/search?q=movers",
  ...overrides,
});

describe("POST /api/analytics", () => {
  it("stores a valid beacon once, path normalised, referrer reduced to its origin, with a visitor id and no address", async () => {
    const userAgent = browserOf("valid");
    const sent = await beacon(pageView({ page_path: "/dashboard/bookings/1f0c8c2e-6b1a-4a57-9a43-0c3f4a6b9d21?tab=x#top" }), {
      userAgent,
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(sent.status).toBe(204);
    const exit = await beacon(
      { session_id: "s-4f1c2b9e7d", page_path: "/", event_type: "page_exit", time_on_page: 37 },
      {
        userAgent,
        contentType: "application/json",
        headers: { "x-forwarded-for": "203.0.113.7" },
      },
    );
    expect(exit.status).toBe(204);

    const rows = await rowsOf(userAgent);
    expect(rows).toMatchObject([
      {
        session_id: "s-4f1c2b9e7d",
        user_id: null,
        page_path: "/dashboard/bookings/:id",
        event_type: "page_view",
        time_on_page: null,
        viewport_width: 390,
        viewport_height: 844,
        referrer: "https://www.google.com",
      },
      { page_path: "/", event_type: "page_exit", time_on_page: 37, referrer: null },
    ]);
    expect(rows[0]!.visitor_id).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[1]!.visitor_id).toBe(rows[0]!.visitor_id);
    expect(JSON.stringify(rows)).not.toContain("203.0.113.7");
  });

  it("gives another browser, or another address, another visitor id", async () => {
    const first = browserOf("visitor-a");
    const second = browserOf("visitor-b");
    await beacon(pageView(), { userAgent: first, headers: { "x-forwarded-for": "198.51.100.1" } });
    await beacon(pageView(), { userAgent: first, headers: { "x-forwarded-for": "198.51.100.2" } });
    await beacon(pageView(), { userAgent: second, headers: { "x-forwarded-for": "198.51.100.1" } });
    const [fromOne, fromTwo] = await rowsOf(first);
    const [secondBrowser] = await rowsOf(second);
    expect(new Set([fromOne!.visitor_id, fromTwo!.visitor_id, secondBrowser!.visitor_id]).size).toBe(3);
  });

  it("refuses each kind of bad body with a plain 4xx and writes nothing", async () => {
    const userAgent = browserOf("bad");
    const refusals: Array<[label: string, answer: Promise<Response>, status: number]> = [
      ["wrong types", beacon(pageView({ viewport_width: "390" }), { userAgent }), 400],
      ["a negative time", beacon(pageView({ event_type: "page_exit", time_on_page: -5 }), { userAgent }), 400],
      ["unknown event type", beacon(pageView({ event_type: "purchase" }), { userAgent }), 400],
      ["missing page path", beacon({ session_id: "s-4f1c2b9e7d", event_type: "page_view" }, { userAgent }), 400],
      ["missing event type", beacon({ page_path: "/" }, { userAgent }), 400],
      ["a user id in the body", beacon(pageView({ user_id: randomUUID() }), { userAgent }), 400],
      ["not JSON", beacon("page_view /", { userAgent }), 400],
      ["a JSON array", beacon([pageView()], { userAgent }), 400],
      ["another site's page", beacon(pageView({ page_path: "//evil.example/x" }), { userAgent }), 400],
      ["too big", beacon(pageView({ referrer: `https://example.com/${"x".repeat(5000)}` }), { userAgent }), 413],
      ["wrong content type", beacon(pageView(), { userAgent, contentType: "application/x-www-form-urlencoded" }), 415],
      ["no content type", beacon(pageView(), { userAgent, contentType: "" }), 415],
    ];
    for (const [label, answer, status] of refusals) {
      const response = await answer;
      expect(response.status, label).toBe(status);
      expect(response.headers.get("content-type"), label).toMatch(/^text\/plain/);
      expect((await response.text()).length, label).toBeGreaterThan(0);
    }
    expect(await rowsOf(userAgent)).toEqual([]);
  });

  it("refuses a body that grows past 4 KB without a declared length, without reading the rest", async () => {
    const userAgent = browserOf("streamed");
    const chunk = new TextEncoder().encode("x".repeat(1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // A client that would go on forever: the server must stop it.
        sent += 1;
        if (sent > 10_000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${server.origin}/api/analytics`, {
      method: "POST",
      headers: { "content-type": "text/plain", "user-agent": userAgent },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(10_000);
    expect(await rowsOf(userAgent)).toEqual([]);
  });

  it("stores no beacon's view of the paid page, which only the server counts, but keeps its exit", async () => {
    const userAgent = browserOf("forged-payment");
    expect((await beacon(pageView({ page_path: "/payment-success?session_id=cs_test_x" }), { userAgent })).status).toBe(204);
    expect((await beacon(pageView({ page_path: "/payment-success", event_type: "page_exit", time_on_page: 12 }), { userAgent })).status).toBe(204);
    expect((await rowsOf(userAgent)).map((row) => [row.event_type, row.page_path])).toEqual([["page_exit", "/payment-success"]]);
  });

  it("answers bots 204 and stores nothing", async () => {
    const googlebot = `Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) ${randomUUID()}`;
    expect((await beacon(pageView(), { userAgent: googlebot })).status).toBe(204);
    expect(await rowsOf(googlebot)).toEqual([]);
  });

  it("counts Do Not Track and Global Privacy Control visitors without a session or visitor id", async () => {
    const dnt = browserOf("dnt");
    const gpc = browserOf("gpc");
    expect((await beacon(pageView(), { userAgent: dnt, headers: { dnt: "1" } })).status).toBe(204);
    expect((await beacon(pageView(), { userAgent: gpc, headers: { "sec-gpc": "1" } })).status).toBe(204);
    for (const userAgent of [dnt, gpc]) {
      expect(await rowsOf(userAgent)).toMatchObject([{ event_type: "page_view", page_path: "/book/details", session_id: null, visitor_id: null }]);
    }
  });

  it("stores no user, session or visitor id for a signed-in visitor who sends Do Not Track or Global Privacy Control", async () => {
    const customer = await signInCustomer(backend, "beacon-opted-out");
    const { data } = await customer.client.auth.getSession();
    const cookie = `sb-localhost-auth-token=base64-${Buffer.from(JSON.stringify(data.session)).toString("base64url")}`;
    for (const optOut of [{ dnt: "1" }, { "sec-gpc": "1" }] as Array<Record<string, string>>) {
      const userAgent = browserOf("signed-in-opted-out");
      expect((await beacon(pageView(), { userAgent, headers: { cookie, ...optOut } })).status).toBe(204);
      const page = await fetch(`${server.origin}/page/opted-out`, { headers: { "user-agent": userAgent, accept: "text/html", cookie, ...optOut } });
      expect(page.status).toBe(200);
      await page.text();
      expect(await rowsOf(userAgent)).toMatchObject([
        { page_path: "/book/details", user_id: null, session_id: null, visitor_id: null },
        { page_path: "/page/opted-out", user_id: null, session_id: null, visitor_id: null },
      ]);
    }
  });

  it("takes the user from a valid session cookie, never from a forged one", async () => {
    const customer = await signInCustomer(backend, "beacon-user");
    const { data } = await customer.client.auth.getSession();
    const cookieOf = (session: unknown) => `sb-localhost-auth-token=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
    const signedIn = browserOf("signed-in");
    await beacon(pageView(), { userAgent: signedIn, headers: { cookie: cookieOf(data.session) } });
    const forged = browserOf("forged");
    const forgedToken = await signJwt(
      { sub: customer.user.id, role: "authenticated", exp: Math.floor(Date.now() / 1000) + 600 },
      "another-secret-of-at-least-32-characters",
    );
    await beacon(pageView(), { userAgent: forged, headers: { cookie: cookieOf({ ...data.session, access_token: forgedToken }) } });
    expect(await rowsOf(signedIn)).toMatchObject([{ user_id: customer.user.id }]);
    expect(await rowsOf(forged)).toMatchObject([{ user_id: null }]);
  });

  it("limits beacons per client address with 429", async () => {
    const limited = await startAnalyticsServer(backend, { jwtSecret: JWT_SECRET, eventsPerMinute: 3 });
    try {
      const userAgent = browserOf("limited");
      const send = (address: string) =>
        fetch(`${limited.origin}/api/analytics`, {
          method: "POST",
          headers: { "content-type": "text/plain", "user-agent": userAgent, "x-forwarded-for": address },
          body: JSON.stringify(pageView()),
        });
      const statuses = [];
      for (let index = 0; index < 5; index++) statuses.push((await send("192.0.2.10")).status);
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
      expect((await send("192.0.2.11")).status).toBe(204);
      expect(await rowsOf(userAgent, limited)).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it("stamps each event with the moment it arrived, not its batch's, so a visit's pages keep their order", async () => {
    const batching = await startAnalyticsServer(backend, { jwtSecret: JWT_SECRET, flushEveryMs: 3_600_000 });
    try {
      const userAgent = browserOf("ordered");
      const before = Date.now();
      for (const page_path of ["/first", "/second", "/third"]) {
        expect(
          (
            await fetch(`${batching.origin}/api/analytics`, {
              method: "POST",
              headers: { "content-type": "text/plain", "user-agent": userAgent },
              body: JSON.stringify(pageView({ page_path })),
            })
          ).status,
        ).toBe(204);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const rows = await rowsOf(userAgent, batching);
      expect(rows.map((row) => row.page_path)).toEqual(["/first", "/second", "/third"]);
      const times = rows.map((row) => Date.parse(String(row.created_at)));
      expect(new Set(times).size).toBe(3);
      expect(times[0]).toBeGreaterThanOrEqual(before - 1000);
    } finally {
      await batching.close();
    }
  });

  it("writes every accepted event on shutdown, even those still waiting for their batch", async () => {
    const stopping = await startAnalyticsServer(backend, { jwtSecret: JWT_SECRET, flushEveryMs: 3_600_000 });
    const userAgent = browserOf("shutdown");
    const statuses = await Promise.all(
      Array.from({ length: 250 }, (_, index) =>
        fetch(`${stopping.origin}/api/analytics`, {
          method: "POST",
          headers: { "content-type": "text/plain", "user-agent": userAgent },
          body: JSON.stringify(pageView({ page_path: `/page-${index}` })),
        }).then((response) => response.status),
      ),
    );
    expect(statuses.every((status) => status === 204)).toBe(true);
    await stopping.close();
    const { count } = await service.from("website_analytics").select("*", { count: "exact", head: true }).eq("user_agent", userAgent);
    expect(count).toBe(250);
  });
});

describe("page views of document requests", () => {
  const load = (path: string, userAgent: string, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}${path}`, { headers: { "user-agent": userAgent, accept: "text/html", ...headers } }).then((response) => response.text());

  it("records successful HTML documents once, and nothing for data requests, the admin area or non-HTML answers", async () => {
    const userAgent = browserOf("documents");
    await load("/page/one?utm_source=mail", userAgent, { referer: "https://duckduckgo.com/?q=movers" });
    await load("/dashboard", userAgent);
    await load("/page/one.data", userAgent);
    await load("/admin", userAgent);
    await load("/api/anything", userAgent);
    await load("/not-html", userAgent);
    await load("/payment-success?session_id=cs_test_a1", userAgent, { referer: "https://checkout.stripe.com/c/pay/cs_test_a1" });
    const rows = await rowsOf(userAgent);
    expect(rows.map((row) => [row.event_type, row.page_path, row.session_id, row.referrer])).toEqual([
      ["page_view", "/page/one", null, "https://duckduckgo.com"],
      ["page_view", "/user-dashboard", null, null],
      ["page_view", "/payment-success", null, "https://checkout.stripe.com"],
    ]);
    expect(rows[0]!.visitor_id).toMatch(/^[0-9a-f]{32}$/);
  });
});
