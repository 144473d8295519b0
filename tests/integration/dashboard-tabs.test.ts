import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importAppServer } from "../../server/app-server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { pageScripts } from "./support/page-scripts.ts";

// The customer dashboard's tabs as pages of their own (/dashboard, /dashboard/profile,
// /dashboard/gallery) through the app's request handler: their earlier addresses (`?tab=`) lead to
// them, and the overview's page names none of the other tabs' code.

let backend: TestBackend;
let app: TestApp;
let customer: SignedInVisitor;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  customer = await signIn(app, "customer", { label: "tabs", fullName: "Tabitha Tabs" });
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

const scriptsOf = (html: string) => new Set(pageScripts(html));

describe("the tabs' pages", () => {
  it.each([
    ["/dashboard", "My Bookings", "Overview"],
    ["/dashboard/profile", "Profile", "Profile"],
    ["/dashboard/gallery", "Photo Gallery", "Gallery"],
  ])("%s is its own page, its tab marked as the open one", async (address, title, tab) => {
    const page = await customer.visitor.get(address);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<title>${title} · `);
    expect(page.text).toContain("Hi, Tabitha!");
    const current = [...page.html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);
    expect(current).toEqual([tab]);
  });

  it("names none of the profile form's or the gallery's code on the overview", async () => {
    const { build } = await importAppServer(path.resolve("build"));
    /** A route's own module and every module it imports, as built. */
    const codeOf = (routeId: string) => {
      const route = build.assets.routes[routeId];
      if (!route) throw new Error(`no route ${routeId} in the build`);
      return new Set([route.module, ...(route.imports ?? [])]);
    };
    const overview = scriptsOf((await customer.visitor.get("/dashboard")).html);
    // The overview's own code is counted: the lists are read from the page as it is built.
    expect(overview.has(build.assets.routes["routes/dashboard/overview"]!.module)).toBe(true);
    const shared = new Set([
      ...codeOf("root"),
      ...codeOf("routes/dashboard/layout"),
      ...codeOf("routes/dashboard/tabs-layout"),
      ...codeOf("routes/dashboard/overview"),
    ]);
    for (const [address, routeId] of [
      ["/dashboard/profile", "routes/dashboard/profile"],
      ["/dashboard/gallery", "routes/dashboard/gallery"],
    ] as const) {
      const own = [...codeOf(routeId)].filter((file) => !shared.has(file));
      // The form's or the uploader's code is there: the check below has something to find.
      expect(own.length).toBeGreaterThan(0);
      const page = scriptsOf((await customer.visitor.get(address)).html);
      expect(own.filter((file) => !page.has(file))).toEqual([]);
      expect(own.filter((file) => overview.has(file))).toEqual([]);
    }
  });
});

describe("the tabs' earlier addresses", () => {
  it.each([
    ["/dashboard?tab=profile", "/dashboard/profile"],
    ["/dashboard?tab=gallery", "/dashboard/gallery"],
    [
      "/dashboard?tab=gallery&preview=1f0c8c2e-6b1a-4a57-9a43-0c3f4a6b9d21&upload=1",
      "/dashboard/gallery?preview=1f0c8c2e-6b1a-4a57-9a43-0c3f4a6b9d21&upload=1",
    ],
    ["/dashboard/?from=email&tab=profile", "/dashboard/profile?from=email"],
    ["/dashboard?tab=overview", "/dashboard"],
    ["/dashboard?tab=%3Cscript%3E", "/dashboard"],
  ])("a visit to %s moves permanently to %s", async (earlier, now) => {
    const page = await customer.visitor.get(earlier);
    expect(page.status).toBe(301);
    expect(page.location).toBe(now);
    expect((await customer.visitor.get(now)).status).toBe(200);
  });

  it("moves before the sign-in, so that the sign-in comes back to the new address", async () => {
    const stranger = app.visitor();
    const moved = await stranger.get("/dashboard?tab=gallery");
    expect(moved).toMatchObject({ status: 301, location: "/dashboard/gallery" });
    const login = await stranger.get(moved.location!);
    expect(login.status).toBe(302);
    expect(new URL(login.location!, "https://movers.example").searchParams.get("redirectTo")).toBe("/dashboard/gallery");
  });

  it("sends a profile form posted to the earlier address on with 308, and the form sent again there is saved", async () => {
    const rita = await signIn(app, "customer", { label: "rita", fullName: "Rita Earlier" });
    const form = () => {
      const body = new FormData();
      body.set("intent", "save-profile");
      body.set("fullName", "Rita Resent");
      body.set("avatar", new File([], ""));
      return body;
    };
    const moved = await rita.visitor.post("/dashboard?index&tab=profile", form());
    expect(moved).toMatchObject({ status: 308, location: "/dashboard/profile" });
    // Nothing is saved by the redirect itself.
    expect((await app.serviceRole.from("profiles").select("full_name").eq("user_id", rita.user.id).maybeSingle()).data?.full_name).not.toBe("Rita Resent");

    // The browser sends the same body to the new address.
    const saved = await rita.visitor.post(moved.location!, form());
    expect(saved).toMatchObject({ status: 302, location: "/dashboard/profile" });
    const stored = await app.serviceRole.from("profiles").select("full_name").eq("user_id", rita.user.id).single();
    expect(stored.data?.full_name).toBe("Rita Resent");
  });

  it("tells a page's script that posts to the earlier address to send it again there (308)", async () => {
    const answer = await customer.visitor.act("/dashboard?index&tab=gallery", { intent: "delete", imageId: "1f0c8c2e-6b1a-4a57-9a43-0c3f4a6b9d21" });
    expect(answer).toMatchObject({ status: 308, location: "/dashboard/gallery" });
  });

  it("sends a gallery form posted to the earlier address on with 308", async () => {
    const moved = await customer.visitor.post("/dashboard?index&tab=gallery", { intent: "delete", imageId: "1f0c8c2e-6b1a-4a57-9a43-0c3f4a6b9d21" });
    expect(moved).toMatchObject({ status: 308, location: "/dashboard/gallery" });
  });

  it("leaves a stray post to the overview refused as before", async () => {
    const page = await customer.visitor.post("/dashboard?index", { intent: "anything" });
    expect(page.status).toBe(405);
  });
});
