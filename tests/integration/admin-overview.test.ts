import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Route } from "../../app/routes/admin/+types/overview.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// /admin: the stat cards for staff, the Users tab only for those who may read users, and a database
// that cannot be read shows its message in place of the cards rather than an error page.

type Overview = Route.ComponentProps["loaderData"];
const OVERVIEW = "routes/admin/overview";

let backend: TestBackend;
let app: TestApp;
let admin: SignedInVisitor;
let customer: SignedInVisitor;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  // One after the other: the Users tab lists the newest account first.
  admin = await signIn(app, "admin", { fullName: "Ada Admin" });
  customer = await signIn(app, "customer", { fullName: "Cam Customer" });
  await insertStoredBooking(app.serviceRole, admin, { status: "pending" });
  await insertStoredBooking(app.serviceRole, admin, { status: "completed", final_cost_cents: 120_000 });
});

afterAll(async () => {
  await backend?.close();
});

describe("/admin", () => {
  it("gives staff the stat cards, and the users on the Users tab", async () => {
    const overview = await admin.visitor.load<Overview>("/admin", OVERVIEW);
    expect(overview.status).toBe(200);
    // Revenue is money collected: neither booking's deposit was paid.
    expect(overview.value.stats).toMatchObject({
      totalBookings: 2,
      pendingBookings: 1,
      completedMoves: 1,
      revenue: { totalCents: 0, thisMonthCents: 0, lastMonthCents: 0 },
    });
    expect(overview.value.usersPreview).toBeNull();
    expect((await admin.visitor.get("/admin")).text).toMatch(/Total Bookings 2 .*Pending Bookings 1 .*Completed Moves 1 /);

    const usersTab = await admin.visitor.load<Overview>("/admin?tab=users", OVERVIEW);
    expect(usersTab.value.usersPreview).toEqual({
      users: [
        {
          id: customer.user.id,
          fullName: "Cam Customer",
          email: customer.user.email,
          avatarUrl: null,
          phone: null,
          address: null,
          bio: null,
          joinedAt: expect.any(String),
          roles: ["user"],
        },
        {
          id: admin.user.id,
          fullName: "Ada Admin",
          email: admin.user.email,
          avatarUrl: null,
          phone: null,
          address: null,
          bio: null,
          joinedAt: expect.any(String),
          roles: ["admin", "user"],
        },
      ],
      total: 2,
    });
  });

  it("answers 403 on the Users tab, and on the page, to anyone but staff, and sends a guest to sign in", async () => {
    const refused = await customer.visitor.load<Overview>("/admin?tab=users", OVERVIEW);
    expect(refused.status).toBe(403);
    await expectStaffOnly("/admin?tab=users", { guest: app.visitor(), customer: customer.visitor, hidden: ["Ada Admin", admin.user.email] });
    await expectStaffOnly("/admin", { guest: app.visitor(), customer: customer.visitor, hidden: ["Total Bookings"] });
  });

  it("shows the page without figures when the database cannot be read", async () => {
    // Every read of the database answers 503, as an unreachable project does; signing in, granting
    // the role and the signed-in account (session and roles) still answer, so the guard lets the admin in.
    const unreachable: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return url.pathname.startsWith("/rest/v1/") && !["/rest/v1/user_roles", "/rest/v1/rpc/signed_in_account"].includes(url.pathname)
        ? Promise.resolve(new Response("upstream unavailable", { status: 503 }))
        : backend.fetch(input, init);
    };
    const broken = await startTestApp(backend, { supabase: { ...app.options.supabase, fetch: unreachable } });
    const { visitor } = await signIn(broken, "admin");
    const overview = await visitor.load<Overview>("/admin?tab=users", OVERVIEW);
    expect(overview.status).toBe(200);
    expect(overview.value.stats).toBeNull();
    expect(overview.value.usersPreview).toBeNull();
  });
});
