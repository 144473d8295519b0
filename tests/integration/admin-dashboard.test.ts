import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { TablesInsert } from "../../supabase/types.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { createAccount, signIn, startTestApp, withOwnClient, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// The admin dashboard's figures (revenue apart: admin-revenue.test.ts) come from one function each, computed by the database, and only staff
// may call them: a customer's token is refused.

const COMPANY_TIME_ZONE = "America/New_York";

/** "YYYY-MM" of an instant in the company's time zone. */
function companyMonth(instant: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: COMPANY_TIME_ZONE, year: "numeric", month: "2-digit" }).formatToParts(new Date(instant));
  return `${parts.find((part) => part.type === "year")!.value}-${parts.find((part) => part.type === "month")!.value}`;
}

type Seeded = Pick<TablesInsert<"bookings">, "created_at" | "status" | "estimated_cost_cents" | "final_cost_cents"> & { moving_date: string | null };

// "Now" is 23:30 on 28 February in New York, already 1 March in UTC: the company's month is February.
const NOW = "2027-03-01T04:30:00Z";
const SEEDED: Seeded[] = [
  // Made on 31 January, 23:59 in New York (1 February in UTC): January's.
  { created_at: "2027-02-01T04:59:00Z", status: "completed", moving_date: "2027-01-20", estimated_cost_cents: 90_000, final_cost_cents: 95_000 },
  { created_at: "2027-01-10T15:00:00Z", status: "completed", moving_date: "2027-01-25", estimated_cost_cents: 120_000, final_cost_cents: null },
  { created_at: "2027-01-12T15:00:00Z", status: "cancelled", moving_date: "2027-02-02", estimated_cost_cents: 70_000 },
  // Made on 1 February, 00:00 in New York: February's.
  { created_at: "2027-02-01T05:00:00Z", status: "completed", moving_date: "2027-02-10", estimated_cost_cents: 80_000, final_cost_cents: 150_000 },
  { created_at: "2027-02-03T15:00:00Z", status: "pending", moving_date: "2027-03-10", estimated_cost_cents: 60_000 },
  { created_at: "2027-02-14T15:00:00Z", status: "pending", moving_date: "2027-03-12", estimated_cost_cents: null },
  { created_at: "2027-02-20T15:00:00Z", status: "confirmed", moving_date: "2027-03-15", estimated_cost_cents: 50_000 },
  { created_at: "2027-02-25T15:00:00Z", status: "in_progress", moving_date: "2027-02-28", estimated_cost_cents: 40_000 },
  // Made on 28 February, 23:00 in New York (1 March in UTC): February's, the current month's.
  { created_at: "2027-03-01T04:00:00Z", status: "completed", moving_date: "2027-02-27", estimated_cost_cents: 30_000, final_cost_cents: null },
  { created_at: "2027-03-01T04:10:00Z", status: "completed", moving_date: null, estimated_cost_cents: null, final_cost_cents: null },
  { created_at: "2026-12-05T15:00:00Z", status: "completed", moving_date: "2026-12-20", estimated_cost_cents: 55_000, final_cost_cents: 56_000 },
];

/** What the cards must say, computed here from the rows seeded, as of `now`. */
function expectedStats(rows: Seeded[], now: string) {
  const thisMonth = companyMonth(now);
  const [year, month] = thisMonth.split("-").map(Number) as [number, number];
  const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
  return {
    total_bookings: rows.length,
    bookings_this_month: rows.filter((row) => companyMonth(row.created_at!) === thisMonth).length,
    bookings_last_month: rows.filter((row) => companyMonth(row.created_at!) === lastMonth).length,
    pending_bookings: rows.filter((row) => row.status === "pending").length,
    completed_moves: rows.filter((row) => row.status === "completed").length,
  };
}

/** A signed-in person: their browser, and their own Supabase client for the database's answers to them. */
type Person = SignedInVisitor & { client: AppSupabaseClient };

let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let admin: Person;
let moderator: Person;
let customer: Person;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  [admin, moderator, customer] = await Promise.all([
    signIn(app, "admin", { fullName: "Ada Admin" }).then(withOwnClient),
    signIn(app, "moderator", { fullName: "Mo Moderator" }).then(withOwnClient),
    signIn(app, "customer", { fullName: "Cam Customer" }).then(withOwnClient),
  ]);
  for (const row of SEEDED) {
    // A move date is required; the row without one stands for a completed move whose date is outside every month compared.
    await insertStoredBooking(service, customer, { ...row, moving_date: row.moving_date ?? "2025-06-01" });
  }
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe.skipIf(usingHostedBackend)("admin_dashboard_stats", () => {
  it("counts bookings, pending and completed moves by the company's calendar months", async () => {
    const { data, error } = await admin.client.rpc("admin_dashboard_stats", { _at: NOW });
    expect(error).toBeNull();
    const expected = expectedStats(SEEDED, NOW);
    expect(expected).toMatchObject({ bookings_this_month: 7, bookings_last_month: 3 });
    expect(data).toEqual([expected]);
  });

  it("gives zero for a previous month without bookings", async () => {
    const now = "2026-12-20T12:00:00Z";
    const { data, error } = await admin.client.rpc("admin_dashboard_stats", { _at: now });
    expect(error).toBeNull();
    const expected = expectedStats(SEEDED, now);
    expect(expected).toMatchObject({ bookings_this_month: 1, bookings_last_month: 0 });
    expect(data).toEqual([expected]);
  });

  it("answers moderators, and counts as of now when no instant is given", async () => {
    const { data, error } = await moderator.client.rpc("admin_dashboard_stats");
    expect(error).toBeNull();
    expect(data).toEqual([expectedStats(SEEDED, new Date().toISOString())]);
  });

  it("follows every change to the bookings: status, cost, move date, new and deleted bookings", async () => {
    const seeded = await service.from("bookings").select("id, status").order("created_at");
    const [first, second, third] = seeded.data!;
    expect((await admin.client.rpc("set_booking_status", { _booking_id: first!.id, _status: "pending" })).error).toBeNull();
    expect(
      (await service.from("bookings").update({ status: "completed", final_cost_cents: 77_700, moving_date: "2027-02-11" }).eq("id", second!.id)).error,
    ).toBeNull();
    expect((await service.from("bookings").delete().eq("id", third!.id)).error).toBeNull();
    await insertStoredBooking(service, customer, {
      created_at: "2027-02-28T12:00:00Z",
      status: "completed",
      moving_date: "2027-01-31",
      estimated_cost_cents: 12_345,
    });

    const { data: stored } = await service.from("bookings").select("created_at, status, moving_date, estimated_cost_cents, final_cost_cents");
    for (const now of [NOW, "2027-01-15T12:00:00Z"]) {
      const { data, error } = await admin.client.rpc("admin_dashboard_stats", { _at: now });
      expect(error).toBeNull();
      expect(data).toEqual([expectedStats(stored!, now)]);
    }
  });

  it("refuses customers", async () => {
    const { data, error } = await customer.client.rpc("admin_dashboard_stats");
    expect(data).toBeNull();
    expect(error?.code).toBe("42501");
  });
});

describe.skipIf(usingHostedBackend)("the Users tab's accounts (admin_users_page, admin_users_count)", () => {
  it("lists the 10 newest accounts with name, email, joined date and roles, and how many there are", async () => {
    for (let index = 0; index < 9; index++) await createAccount(app, "customer", { label: `person-${index}`, fullName: index === 0 ? "" : `Person ${index}` });
    await backend.sql("update public.profiles set created_at = now() - interval '1 day' where user_id = $1", [admin.user.id]);
    await backend.sql("update public.profiles set created_at = now() + interval '1 minute' where user_id = $1", [moderator.user.id]);

    const { data, error } = await moderator.client.rpc("admin_users_page", { _limit: 10 });
    expect(error).toBeNull();
    const newest = await backend.sql<{ id: string; email: string; created_at: Date; full_name: string | null }>(
      "select u.id, u.email, p.created_at, p.full_name from auth.users u join public.profiles p on p.user_id = u.id order by p.created_at desc, u.id desc limit 10",
    );
    const [{ count }] = (await backend.sql<{ count: number }>("select count(*)::int as count from auth.users")) as [{ count: number }];
    expect(count).toBe(12);
    const counted = await moderator.client.rpc("admin_users_count").single();
    expect(counted.data).toEqual({ matching: 12, total: 12 });
    expect(data).toHaveLength(10);
    expect(data!.map((row) => row.user_id)).toEqual(newest.map((row) => row.id));
    expect(data![0]).toEqual({
      user_id: moderator.user.id,
      full_name: "Mo Moderator",
      email: moderator.user.email,
      avatar_url: null,
      phone: null,
      address: null,
      bio: null,
      joined_at: expect.any(String),
      roles: ["moderator", "user"],
    });
    expect(new Date(data![0]!.joined_at).getTime()).toBe(newest[0]!.created_at.getTime());
    expect(data!.some((row) => row.user_id === admin.user.id)).toBe(false);
    const unnamed = data!.filter((row) => row.full_name === null);
    expect(unnamed).toHaveLength(1);

    const { data: admins } = await admin.client.rpc("admin_users_page", { _limit: 100 });
    expect(admins).toHaveLength(12);
    expect(admins!.find((row) => row.user_id === admin.user.id)?.roles).toEqual(["admin", "user"]);
  });

  it("refuses customers", async () => {
    for (const call of [customer.client.rpc("admin_users_page"), customer.client.rpc("admin_users_count")]) {
      const { data, error } = await call;
      expect(data).toBeNull();
      expect(error?.code).toBe("42501");
    }
  });
});

describe("/admin", () => {
  it("shows staff the cards' figures, and is for staff only", async () => {
    const { count } = await service.from("bookings").select("*", { count: "exact", head: true });
    const page = await moderator.visitor.get("/admin");
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Total Bookings ${count} `);
    await expectStaffOnly("/admin", { guest: app.visitor(), customer: customer.visitor, hidden: ["Total Bookings", "Pending Bookings"] });
  });
});
