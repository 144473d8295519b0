import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, startTestApp, type TestApp } from "./support/app-client.ts";

// The integration tests' browser: requests go through the production build's handler, the session
// lives in the cookies the app set, and each role signs in through the login form to its own home.

let backend: TestBackend;
let app: TestApp;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
});

afterAll(async () => {
  await backend?.close();
});

describe("signIn", () => {
  it("leaves a guest signed out, with no cookies", async () => {
    const { visitor, user } = await signIn(app, "guest");
    expect(user).toBeNull();
    const page = await visitor.get("/dashboard");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/?auth=login&redirectTo=%2Fdashboard");
    expect(visitor.cookies().size).toBe(0);
  });

  it.each([
    ["customer", "/dashboard", "My Bookings"],
    ["moderator", "/admin", "Moderator"],
    ["admin", "/admin", "Administrator"],
  ] as const)("signs a %s in through the login form, and the session cookie opens their home", async (role, home, shown) => {
    const { visitor, user } = await signIn(app, role, { fullName: `Sam ${role}` });
    expect(visitor.cookies().has(app.services.sessionCookieName)).toBe(true);
    expect((await visitor.get("/")).location).toBe(home);
    const page = await visitor.get(home);
    expect(page.status).toBe(200);
    expect(page.text).toContain(user.email);
    expect(page.text).toContain(shown);
  });

  it("keeps the session until the visitor signs out", async () => {
    const { visitor } = await signIn(app, "customer");
    const signedOut = await visitor.post("/logout", {}, { redirect: "follow" });
    expect(signedOut.status).toBe(200);
    expect(visitor.cookies().has(app.services.sessionCookieName)).toBe(false);
    expect((await visitor.get("/dashboard")).status).toBe(302);
  });
});

describe("a visitor's data requests", () => {
  it("decode each route's loader data, and a guard's redirect", async () => {
    const { visitor, user } = await signIn(app, "admin");
    const layout = await visitor.loaderData<{ email: string; roleLabel: string }>("/admin", "routes/admin/layout");
    expect(layout).toMatchObject({ email: user.email, roleLabel: "Administrator" });
    const guest = await app.visitor().data("/admin");
    expect(guest.redirect).toEqual({ location: "/?auth=login&redirectTo=%2Fadmin", status: 302 });
  });
});
