import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Route as BookingsTab } from "../../app/routes/admin/+types/overview.ts";
import type { Route as Frame } from "../../app/routes/admin/+types/overview-layout.ts";
import type { Route as UsersTab } from "../../app/routes/admin/+types/overview-users.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// /admin: the stat cards for staff, the Users tab only for those who may read users, and a database
// that cannot be read shows its message in place of the cards rather than an error page. The tabs
// that were `/admin?tab=…` are pages of their own, the old addresses moved there for good.

type Stats = Frame.ComponentProps["loaderData"];
type Bookings = BookingsTab.ComponentProps["loaderData"];
type Users = UsersTab.ComponentProps["loaderData"];
const FRAME = "routes/admin/overview-layout";
const BOOKINGS_TAB = "routes/admin/overview";
const USERS_TAB = "routes/admin/overview-users";

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
    const overview = await admin.visitor.load<Stats>("/admin", FRAME);
    expect(overview.status).toBe(200);
    // Revenue is money collected: neither booking's deposit was paid.
    expect(overview.value.stats).toMatchObject({
      totalBookings: 2,
      pendingBookings: 1,
      completedMoves: 1,
      revenue: { totalCents: 0, thisMonthCents: 0, lastMonthCents: 0 },
    });
    expect((await admin.visitor.data("/admin")).routes).not.toHaveProperty(USERS_TAB);
    expect((await admin.visitor.get("/admin")).text).toMatch(/Total Bookings 2 .*Pending Bookings 1 .*Completed Moves 1 /);

    const usersTab = await admin.visitor.load<Users>("/admin/overview/users", USERS_TAB);
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
    const refused = await customer.visitor.load<Users>("/admin/overview/users", USERS_TAB);
    expect(refused.status).toBe(403);
    await expectStaffOnly("/admin/overview/users", { guest: app.visitor(), customer: customer.visitor, hidden: ["Ada Admin", admin.user.email] });
    await expectStaffOnly("/admin", { guest: app.visitor(), customer: customer.visitor, hidden: ["Total Bookings"] });
    await expectStaffOnly("/admin/overview/analytics", { guest: app.visitor(), customer: customer.visitor, hidden: ["Total Bookings"] });
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
    const stats = await visitor.load<Stats>("/admin/overview/users", FRAME);
    expect(stats.status).toBe(200);
    expect(stats.value.stats).toBeNull();
    expect((await visitor.load<Users>("/admin/overview/users", USERS_TAB)).value.usersPreview).toBeNull();
  });
});

describe("the tabs that were /admin?tab=…", () => {
  it("move for good to their own pages, the rest of the address kept", async () => {
    const users = await admin.visitor.get("/admin?tab=users");
    expect(users.status).toBe(301);
    expect(users.location).toBe("/admin/overview/users");
    const analytics = await admin.visitor.get("/admin?tab=analytics&from=mail&note=a+b");
    expect(analytics.status).toBe(301);
    expect(analytics.location).toBe("/admin/overview/analytics?from=mail&note=a+b");
    // The browser's router is sent on alike.
    const data = await admin.visitor.load<Users>("/admin?tab=users", USERS_TAB);
    expect(data).toMatchObject({ status: 301, location: "/admin/overview/users" });
    // Followed, the users are there, under the same stat cards.
    const followed = await admin.visitor.get("/admin?tab=users", { redirect: "follow" });
    expect(followed.status).toBe(200);
    expect(followed.text).toContain("Ada Admin");
    expect(followed.text).toMatch(/Total Bookings \d+ /);
  });

  it("keep the bookings tab at /admin, its sub-tab in the address", async () => {
    for (const path of ["/admin?tab=bookings&view=pending", "/admin?view=pending"]) {
      const tab = await admin.visitor.load<Bookings>(path, BOOKINGS_TAB);
      expect(tab.status, path).toBe(200);
      expect(tab.value.view, path).toBe("pending");
      expect(
        tab.value.bookings.rows.map((row) => row.status),
        path,
      ).toEqual(["pending"]);
    }
  });

  it("leave the status form's posts alone: the change is made, back to the same address", async () => {
    const booking = await insertStoredBooking(app.serviceRole, customer, { status: "pending" });
    const answer = await admin.visitor.act("/admin?index&tab=users", { intent: "set-status", bookingId: booking.id, status: "cancelled" });
    expect(answer).toMatchObject({ status: 302, location: "/admin?tab=users" });
    const stored = await app.serviceRole.from("bookings").select("status").eq("id", booking.id).single();
    expect(stored.data?.status).toBe("cancelled");
  });
});
