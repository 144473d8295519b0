import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Analytics } from "../../app/domain/admin-analytics.ts";
import type { Route } from "../../app/routes/admin/+types/analytics.ts";
import { loadAnalytics } from "../../app/services/admin-analytics.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { Tables, TablesInsert } from "../../supabase/types.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { crewsToSpare } from "./support/crews.ts";

// The analytics page's figures, computed by the database from its tallies and its record of money,
// checked against figures computed here from the seeded rows: the value of all bookings whatever their
// status, the services booked most with the money collected for each, and the last six calendar
// months in the company's time zone with the money collected in each. Only staff who may read
// analytics get them.

type Booking = Tables<"bookings">;
const COMPANY_TIME_ZONE = "America/New_York";

/** "YYYY-MM-01" of an instant's month in the company's time zone. */
function companyMonth(instant: string | Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: COMPANY_TIME_ZONE, year: "numeric", month: "2-digit" }).formatToParts(new Date(instant));
  return `${parts.find((part) => part.type === "year")!.value}-${parts.find((part) => part.type === "month")!.value}-01`;
}

// 23:30 on 31 March in New York, already 1 April in UTC: the company's month is March.
const NOW = new Date("2027-04-01T03:30:00Z");
const SERVICES = ["local", "long_distance", "commercial"] as const;
const STATUSES = ["pending", "confirmed", "in_progress", "completed", "cancelled"] as const;

let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let admin: SignedInVisitor;
let moderator: SignedInVisitor;
let customer: SignedInVisitor;
/** Each one's own Supabase client (their own token), for the database's answers below the app. */
let adminDb: AppSupabaseClient;
let moderatorDb: AppSupabaseClient;
let customerDb: AppSupabaseClient;
let empty: Analytics;
let seeded: Booking[];

/** The figures a staff member's client reads; a failure to read them fails the test. */
async function analyticsOf(db: AppSupabaseClient, at?: Date): Promise<Analytics> {
  const loaded = await loadAnalytics(db, at);
  if (loaded.kind === "failed") throw new Error("could not read the analytics", { cause: loaded.cause });
  return loaded.analytics;
}

function seedRows(ownerId: string): TablesInsert<"bookings">[] {
  return Array.from({ length: 40 }, (_, index) => ({
    user_id: index % 3 === 0 ? null : ownerId,
    full_name: `Analytics Person ${index}`,
    email: `analytics.${index % 7}@insights.example.com`,
    phone: "404-555-0199",
    moving_from: "1 Peachtree St, Atlanta",
    moving_to: "2 Auburn Ave, Atlanta",
    moving_date: "2027-05-01",
    team_type: "elite",
    service_type: SERVICES[(index * index) % SERVICES.length]!,
    property_size: "2_bedroom",
    status: STATUSES[index % STATUSES.length]!,
    estimated_cost_cents: index % 9 === 0 ? null : 40_000 + index * 1_333,
    final_cost_cents: index % 4 === 0 ? 55_000 + index * 10 : null,
    deposit_amount_cents: 5_000 + index,
    // Half of them paid their deposit a day after booking: money collected.
    deposit_status: index % 2 === 0 ? "paid" : "unpaid",
    // Spread over nine months before NOW, some at the edges of a month in New York.
    created_at:
      index === 0
        ? "2027-03-01T04:59:00Z" // 28 February, 23:59 in New York
        : index === 1
          ? "2027-04-01T03:00:00Z" // 31 March, 23:00 in New York
          : new Date(Date.UTC(2026, 6, 1) + index * 7 * 86_400_000 + index * 3_600_000).toISOString(),
  })).map((row, index) => ({
    ...row,
    deposit_paid_at: index % 2 === 0 ? new Date(Date.parse(row.created_at!) + 86_400_000).toISOString() : null,
  }));
}

const value = (row: Booking) => row.final_cost_cents ?? row.estimated_cost_cents ?? 0;
/** What a seeded booking brought in: its deposit once paid (no balances or refunds are seeded). */
const collected = (row: Booking) => (row.deposit_paid_at ? row.deposit_amount_cents : 0);
const average = (cents: number, bookings: number) => (bookings > 0 ? Math.round(cents / bookings) : 0);

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  await crewsToSpare(service);
  [admin, moderator, customer] = await Promise.all([
    signIn(app, "admin", { label: "analytics-admin", fullName: "Ada Admin" }),
    signIn(app, "moderator", { label: "analytics-moderator", fullName: "Mo Moderator" }),
    signIn(app, "customer", { label: "analytics-customer" }),
  ]);
  [adminDb, moderatorDb, customerDb] = await Promise.all([admin.database(), moderator.database(), customer.database()]);
  empty = await analyticsOf(adminDb, NOW);
  const { data, error } = await service.from("bookings").insert(seedRows(customer.user.id)).select("*");
  if (error) throw error;
  seeded = data;
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe("the analytics page's figures", () => {
  it("are zeros, never NaN, before any booking, with six empty months", () => {
    expect(empty.totals).toEqual({ totalBookings: 0, valueCents: 0, averageCents: 0 });
    expect(empty.services).toEqual([]);
    expect(empty.months.map((month) => month.month)).toEqual(["2026-10-01", "2026-11-01", "2026-12-01", "2027-01-01", "2027-02-01", "2027-03-01"]);
    expect(empty.months.every((month) => month.bookings === 0 && month.valueCents === 0 && month.averageCents === 0 && month.collectedCents === 0)).toBe(true);
  });

  it("count every booking and its value whatever the status, with the average", async () => {
    const analytics = await analyticsOf(adminDb, NOW);
    const total = seeded.reduce((sum, row) => sum + value(row), 0);
    expect(analytics.totals).toEqual({ totalBookings: seeded.length, valueCents: total, averageCents: average(total, seeded.length) });
  });

  it("rank the services booked most, at most five", async () => {
    const analytics = await analyticsOf(adminDb, NOW);
    const grouped = new Map<string, { bookings: number; valueCents: number; collectedCents: number }>();
    for (const row of seeded) {
      const current = grouped.get(row.service_type) ?? { bookings: 0, valueCents: 0, collectedCents: 0 };
      grouped.set(row.service_type, {
        bookings: current.bookings + 1,
        valueCents: current.valueCents + value(row),
        collectedCents: current.collectedCents + collected(row),
      });
    }
    const expected = [...grouped]
      .map(([serviceType, figures]) => ({ serviceType, ...figures }))
      .sort((a, b) => b.bookings - a.bookings || b.valueCents - a.valueCents || (a.serviceType < b.serviceType ? -1 : 1))
      .slice(0, 5);
    expect(analytics.services).toEqual(expected);
  });

  it("give the last six months in the company's time zone: bookings by the month made, money by the month it moved", async () => {
    const analytics = await analyticsOf(adminDb, NOW);
    const months = ["2026-10-01", "2026-11-01", "2026-12-01", "2027-01-01", "2027-02-01", "2027-03-01"];
    const expected = months.map((month) => {
      const rows = seeded.filter((row) => companyMonth(row.created_at) === month);
      const cents = rows.reduce((sum, row) => sum + value(row), 0);
      const paid = seeded.filter((row) => row.deposit_paid_at && companyMonth(row.deposit_paid_at) === month);
      return {
        month,
        bookings: rows.length,
        valueCents: cents,
        averageCents: average(cents, rows.length),
        collectedCents: paid.reduce((sum, row) => sum + collected(row), 0),
        tipsCents: 0,
      };
    });
    expect(expected.find((month) => month.month === "2027-02-01")!.bookings).toBeGreaterThan(0);
    expect(expected.filter((month) => month.collectedCents > 0).length).toBeGreaterThan(2);
    expect(analytics.months).toEqual(expected);
  });

  it("follow a booking's change of service and cost, and its deletion", async () => {
    const [first, second] = seeded;
    expect((await service.from("bookings").update({ service_type: "commercial", final_cost_cents: 99_900 }).eq("id", first!.id)).error).toBeNull();
    expect((await service.from("bookings").delete().eq("id", second!.id)).error).toBeNull();
    const { data } = await service.from("bookings").select("*");
    const rows = data ?? [];
    const analytics = await analyticsOf(adminDb, NOW);
    const total = rows.reduce((sum, row) => sum + value(row), 0);
    expect(analytics.totals.valueCents).toBe(total);
    const commercial = rows.filter((row) => row.service_type === "commercial");
    expect(analytics.services.find((entry) => entry.serviceType === "commercial")).toEqual({
      serviceType: "commercial",
      bookings: commercial.length,
      valueCents: commercial.reduce((sum, row) => sum + value(row), 0),
      collectedCents: commercial.reduce((sum, row) => sum + collected(row), 0),
    });
  });

  it("may be read by a moderator and are refused to a customer's token with 42501", async () => {
    expect((await analyticsOf(moderatorDb, NOW)).totals.totalBookings).toBeGreaterThan(0);
    for (const [name, args] of [
      ["admin_analytics_totals", {}],
      ["admin_analytics_top_services", {}],
      ["admin_analytics_months", {}],
    ] as const) {
      const refused = await customerDb.rpc(name, args);
      expect(refused.error?.code, name).toBe("42501");
    }
    expect(await loadAnalytics(customerDb)).toMatchObject({ kind: "failed", cause: expect.anything() });
  });
});

type Page = Route.ComponentProps["loaderData"];

describe("/admin/analytics", () => {
  it("answers a moderator, refuses a customer with 403, and says it failed when the database does", async () => {
    const read = await moderator.visitor.load<Page>("/admin/analytics", "routes/admin/analytics");
    expect(read.status).toBe(200);
    expect(read.value).toMatchObject({ analytics: { totals: { totalBookings: expect.any(Number) } } });
    expect((await customer.visitor.load("/admin/analytics", "routes/admin/analytics")).status).toBe(403);

    const failing: typeof fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes("/rpc/admin_analytics")
        ? Promise.resolve(new Response("{}", { status: 500 }))
        : backend.fetch(input, init);
    const unlucky = await signIn(await startTestApp(backend, { supabase: { ...app.options.supabase, fetch: failing } }), "admin", {
      label: "analytics-unlucky",
      fullName: "Una Lucky",
    });
    const failed = await unlucky.visitor.load<Page>("/admin/analytics", "routes/admin/analytics");
    expect(failed.status).toBe(200);
    expect(failed.value).toMatchObject({ analytics: null });
  });

  it("shows staff the bookings' total, and is for staff only", async () => {
    const page = await admin.visitor.get("/admin/analytics");
    expect(page.status).toBe(200);
    const { count } = await service.from("bookings").select("*", { count: "exact", head: true });
    expect(page.text).toMatch(new RegExp(`Total Bookings ${count} `));
    await expectStaffOnly("/admin/analytics", { guest: app.visitor(), customer: customer.visitor, hidden: ["Total Bookings"] });
  });
});
