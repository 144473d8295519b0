import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoViews } from "../../app/services/booking-details.server.ts";
import { LIFTED_AUTH_RATE_LIMITS, createSupabaseEmulator, type SupabaseEmulator } from "../../emulators/supabase/index.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { Database } from "../../supabase/types.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { startTestApp } from "./support/app-client.ts";

// `npm run demo` on an empty data directory: a company whose customers and admin sign in, with
// bookings in every state, their deposits, histories and photos; a second run, or a run while the
// database is open elsewhere, refuses and says why.

const DEMO_PASSWORD = "DemoMovers2026";
const BOOKINGS = 60;

let dataDir: string;
let firstRun: ReturnType<typeof runDemo>;
let emulator: SupabaseEmulator;

function runDemo(...args: string[]) {
  return runDemoIn(dataDir, ...args);
}

function runDemoIn(directory: string, ...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/demo.ts", ...args], {
    env: { ...process.env, DATA_DIR: directory, ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "" },
    encoding: "utf8",
    timeout: 120_000,
  });
}

function signedInClient(on: Pick<SupabaseEmulator, "url" | "anonKey" | "fetch"> = emulator) {
  return createClient<Database>(on.url, on.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: on.fetch },
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "movers-demo-"));
  firstRun = runDemo("--bookings", String(BOOKINGS));
  emulator = await createSupabaseEmulator({ url: "http://localhost:3000", dataDir, migrationsDir: path.resolve("supabase/migrations") });
}, 180_000);

afterAll(async () => {
  await emulator?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run demo", () => {
  it("makes the bookings asked for, in every state, with deposits and histories", async () => {
    expect(firstRun.stderr).not.toMatch(/error/i);
    expect(firstRun.status).toBe(0);
    const { pg } = emulator.db;
    const statuses = await pg.query<{ status: string; count: number }>("select status, count(*)::int as count from public.bookings group by status");
    expect(statuses.rows.reduce((sum, row) => sum + row.count, 0)).toBe(BOOKINGS);
    expect(statuses.rows.map((row) => row.status).sort()).toEqual(["cancelled", "completed", "confirmed", "in_progress", "pending"]);

    const deposits = await pg.query<{ wrong: number; paid: number }>(
      `select count(*) filter (where status in ('confirmed', 'in_progress', 'completed') and
                (deposit_status <> 'paid' or stripe_checkout_session_id not like 'cs_test_%' or deposit_amount_cents <> 5000))::int as wrong,
              count(*) filter (where deposit_status = 'paid')::int as paid
       from public.bookings`,
    );
    expect(deposits.rows[0]).toEqual({ wrong: 0, paid: expect.any(Number) });
    expect(deposits.rows[0]!.paid).toBeGreaterThan(0);

    // Each history starts pending and ends with the booking's status, in order of time.
    const histories = await pg.query<{ first: string; last: string; status: string; ordered: boolean }>(
      `select b.status,
              (array_agg(e.status order by e.changed_at, e.id))[1] as first,
              (array_agg(e.status order by e.changed_at desc))[1] as last,
              bool_and(e.changed_at >= b.created_at and e.changed_at <= greatest(b.updated_at, now())) as ordered
       from public.bookings b join public.booking_status_events e on e.booking_id = b.id group by b.id, b.status`,
    );
    expect(histories.rows).toHaveLength(BOOKINGS);
    for (const history of histories.rows) expect(history).toEqual({ status: history.status, first: "pending", last: history.status, ordered: true });

    const created = await pg.query<{ newest: Date; oldest: Date }>("select max(created_at) as newest, min(created_at) as oldest from public.bookings");
    expect(created.rows[0]!.oldest.getTime()).toBeGreaterThan(Date.now() - 183 * 86_400_000);
  });

  it("groups the bulk-loaded bookings into the customer database and the service tallies", async () => {
    const { pg } = emulator.db;
    const customers = await pg.query<{ missing: number; extra: number; tallied: number }>(
      `with fresh as (
         select lower(email) as email_key, count(*) as bookings, max(created_at) as last_booking_at
         from public.bookings group by lower(email)
       ), tallied as (select email_key, bookings, last_booking_at from public.customer_tallies)
       select (select count(*) from (select * from fresh except select * from tallied) as gone)::int as missing,
              (select count(*) from (select * from tallied except select * from fresh) as added)::int as extra,
              (select count(*) from tallied)::int as tallied`,
    );
    expect(customers.rows[0]).toEqual({ missing: 0, extra: 0, tallied: expect.any(Number) });
    expect(customers.rows[0]!.tallied).toBeGreaterThan(1);
    const services = await pg.query<{ differences: number }>(
      `select count(*)::int as differences from (
         (select service_type, count(*) as bookings, sum(coalesce(final_cost_cents, estimated_cost_cents, 0)) as value_cents from public.bookings group by service_type
          except select service_type, bookings, value_cents from public.service_tallies)
         union all
         (select service_type, bookings, value_cents from public.service_tallies
          except select service_type, count(*), sum(coalesce(final_cost_cents, estimated_cost_cents, 0)) from public.bookings group by service_type)
       ) as differing`,
    );
    expect(services.rows[0]).toEqual({ differences: 0 });
  });

  it("bills every completed move, with most balances paid and tips beside them, as the app keeps them", async () => {
    const { pg } = emulator.db;
    const checks = await pg.query<{ unbilled: number; bills: number; paid: number; tipped: number; crewless: number; due_wrong: number }>(
      `select (select count(*)::int from public.bookings b where b.status = 'completed' and not exists (select from public.booking_bills bb where bb.booking_id = b.id)) as unbilled,
              (select count(*)::int from public.booking_bills) as bills,
              (select count(*)::int from public.bill_payments where status = 'paid') as paid,
              (select count(*)::int from public.bill_payments where tip_cents > 0) as tipped,
              (select count(*)::int from public.booking_bills where crew_number is null) as crewless,
              (select count(*)::int from public.bookings b join public.booking_bills bb on bb.booking_id = b.id
               where b.billed_at is distinct from bb.billed_at or b.balance_due_cents is distinct from public.bill_balance_due(bb.id)) as due_wrong`,
    );
    const facts = checks.rows[0]!;
    expect(facts).toMatchObject({ unbilled: 0, crewless: 0, due_wrong: 0 });
    expect(facts.bills).toBeGreaterThan(0);
    expect(facts.paid).toBeGreaterThan(0);
    expect(facts.tipped).toBeGreaterThan(0);
  });

  it("fills the last 48 hours of website analytics, so the admin's reports show a funnel with paying visitors", async () => {
    const admin = signedInClient();
    expect((await admin.auth.signInWithPassword({ email: "owner@example.com", password: DEMO_PASSWORD })).error).toBeNull();
    const { data: totals } = await admin.rpc("admin_website_totals").single();
    expect(totals!.page_views).toBeGreaterThan(500);
    expect(totals!.visitors).toBeGreaterThan(400);
    expect(totals!.anonymous_page_views).toBeGreaterThan(0);
    expect(totals!.average_seconds_on_site).toBeGreaterThan(0);
    const { data: funnel } = await admin.rpc("admin_website_funnel", { _pages: ["/", "/book", "/payment-success"] });
    const [landing, wizard, paid] = funnel!.map((step) => step.visitors);
    expect(landing).toBeGreaterThan(wizard!);
    expect(wizard).toBeGreaterThan(paid!);
    expect(paid).toBeGreaterThan(0);
    const { data: exits } = await admin.rpc("admin_website_exit_pages");
    expect(exits!.length).toBe(5);
    const { data: recent } = await admin.rpc("admin_website_recent_events");
    expect(recent).toHaveLength(10);
  });

  it("stores photos for bookings, readable by the admin", async () => {
    const admin = signedInClient();
    const signedIn = await admin.auth.signInWithPassword({ email: "owner@example.com", password: DEMO_PASSWORD });
    expect(signedIn.error).toBeNull();
    const { data: photos } = await admin.from("booking_images").select("path, booking_id");
    expect(photos!.length).toBeGreaterThan(0);
    const file = await admin.storage.from("booking-images").download(photos![0]!.path);
    expect(file.error).toBeNull();
    expect(file.data!.type).toBe("image/jpeg");
    const { data: stats } = await admin.rpc("admin_dashboard_stats").single();
    expect(stats!.total_bookings).toBe(BOOKINGS);
  });

  it("gives 200 customers who sign in with the demo password and see their own bookings", async () => {
    const customers = await emulator.db.pg.query<{ email: string; bookings: number }>(
      `select u.email, (select count(*)::int from public.bookings b where b.user_id = u.id) as bookings
       from auth.users u where not exists (select 1 from public.user_roles r where r.user_id = u.id and r.role = 'admin') order by bookings desc`,
    );
    expect(customers.rows).toHaveLength(200);
    const customer = signedInClient();
    const signedIn = await customer.auth.signInWithPassword({ email: customers.rows[0]!.email, password: DEMO_PASSWORD });
    expect(signedIn.error).toBeNull();
    const { data: own } = await customer.from("bookings").select("id, user_id");
    expect(own).toHaveLength(customers.rows[0]!.bookings);
    expect(own!.every((booking) => booking.user_id === signedIn.data.user!.id)).toBe(true);
  });

  it("gives every customer a profile with their join date, email and the phone their bookings give, listed by /admin/users", async () => {
    const profiles = await emulator.db.pg.query<{
      profiles: number;
      joined_apart: number;
      wrong_email: number;
      wrong_phone: number;
      addresses: number;
      bios: number;
    }>(
      `select count(*)::int as profiles,
              count(*) filter (where p.created_at <> u.created_at)::int as joined_apart,
              count(*) filter (where p.email is distinct from u.email)::int as wrong_email,
              count(*) filter (where exists (select 1 from public.bookings b where b.user_id = u.id and b.phone <> p.phone) or p.phone is null)::int as wrong_phone,
              count(p.address)::int as addresses,
              count(p.bio)::int as bios
       from auth.users u join public.profiles p on p.user_id = u.id
       where u.email like '%@demo.metromovers.example'`,
    );
    expect(profiles.rows[0]).toEqual({
      profiles: 200,
      joined_apart: 0,
      wrong_email: 0,
      wrong_phone: 0,
      addresses: expect.any(Number),
      bios: expect.any(Number),
    });
    expect(profiles.rows[0]!.addresses).toBeGreaterThan(100);
    expect(profiles.rows[0]!.bios).toBeGreaterThan(20);

    const admin = signedInClient();
    const signedIn = await admin.auth.signInWithPassword({ email: "owner@example.com", password: DEMO_PASSWORD });
    expect(signedIn.error).toBeNull();
    const { data: counted } = await admin.rpc("admin_users_count").single();
    expect(counted).toEqual({ matching: 201, total: 201 });
    const { data: page } = await admin.rpc("admin_users_page", { _search: "smith", _limit: 25 });
    expect(page!.length).toBeGreaterThan(0);
    expect(page!.every((row) => `${row.full_name} ${row.email}`.toLowerCase().includes("smith"))).toBe(true);
  });

  it("refuses while the database is open in another process", () => {
    const second = runDemo();
    expect(second.status).toBe(1);
    expect(second.stderr).toContain("is open in another process");
  });

  it("refuses a second run on the same data directory", async () => {
    await emulator.close();
    const second = runDemo();
    emulator = await createSupabaseEmulator({ url: "http://localhost:3000", dataDir, migrationsDir: path.resolve("supabase/migrations") });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain("already holds the demo company");
    const { rows } = await emulator.db.pg.query<{ count: number }>("select count(*)::int as count from public.bookings");
    expect(rows[0]!.count).toBe(BOOKINGS);
    // A demo run and two openings of the database: more than the default on a busy machine.
  }, 60_000);

  it("refuses a --bookings that is not a whole number", () => {
    const refused = runDemo("--bookings", "lots");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("--bookings takes a whole number");
  });
});

// What a first `npm start` leaves before the demo runs: the admin account with the password that start
// printed, and a real customer with a booking newer than any the demo makes.
describe("npm run demo after the server's first start", () => {
  const SERVER_ADMIN_PASSWORD = "Printed-At-First-Start-1";
  let directory: string;
  let database: TestBackend;
  let run: ReturnType<typeof runDemo>;
  let realBookingId: string;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "movers-demo-started-"));
    const started = await createSupabaseEmulator({ url: "http://localhost:3000", dataDir: directory, migrationsDir: path.resolve("supabase/migrations") });
    try {
      const service = createClient<Database>(started.url, started.serviceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: { fetch: started.fetch },
      });
      const admin = await service.auth.admin.createUser({ email: "owner@example.com", password: SERVER_ADMIN_PASSWORD, email_confirm: true });
      expect(admin.error).toBeNull();
      expect((await service.from("user_roles").insert({ user_id: admin.data.user!.id, role: "admin" })).error).toBeNull();
      const customer = await service.auth.admin.createUser({ email: "real.customer@example.com", password: "Real-Customer-1", email_confirm: true });
      expect(customer.error).toBeNull();
      const booking = await service
        .from("bookings")
        .insert({
          user_id: customer.data.user!.id,
          full_name: "Real Customer",
          email: "real.customer@example.com",
          phone: "404-555-0100",
          moving_from: "1 Peachtree St, Atlanta",
          moving_to: "2 Ponce de Leon Ave, Atlanta",
          moving_date: "2027-03-01",
          team_type: "elite",
          service_type: "local",
          property_size: "2_bedroom",
          estimated_cost_cents: 100_000,
          deposit_amount_cents: 5_000,
        })
        .select("id")
        .single();
      expect(booking.error).toBeNull();
      realBookingId = booking.data!.id;
    } finally {
      await started.close();
    }
    run = runDemoIn(directory, "--bookings", String(BOOKINGS));
    // The test signs in as every demo customer who has photos, more than GoTrue's burst from one address.
    database = await startTestBackend({
      url: "http://localhost:3000",
      dataDir: directory,
      migrationsDir: path.resolve("supabase/migrations"),
      authRateLimits: LIFTED_AUTH_RATE_LIMITS,
    });
  }, 180_000);

  /** Rows of a query run on the demo's database. */
  const query = async <Row = Record<string, unknown>>(sql: string, params: unknown[] = []) => ({ rows: await database.sql<Row>(sql, params) });

  afterAll(async () => {
    await database?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it("sets the admin's password to the demo password, and says so", async () => {
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Admin: owner@example.com with the password ${DEMO_PASSWORD}`);
    const admin = signedInClient(database);
    expect((await admin.auth.signInWithPassword({ email: "owner@example.com", password: DEMO_PASSWORD })).error).toBeNull();
    const signedIn = await admin.auth.getUser();
    const { data: roles } = await admin.from("user_roles").select("role").eq("user_id", signedIn.data.user!.id);
    expect(roles).toContainEqual({ role: "admin" });
  });

  it("attaches photos to demo customers' bookings only, each served to its owner by the app's photo route", async () => {
    expect(run.status).toBe(0);
    const { rows: strays } = await query<{ id: string }>(
      `select i.id from public.booking_images i join public.bookings b on b.id = i.booking_id join auth.users u on u.id = b.user_id
       where u.email not like '%@demo.metromovers.example'`,
    );
    expect(strays).toEqual([]);
    const { rows: realPhotos } = await query("select 1 from public.booking_images where booking_id = $1", [realBookingId]);
    expect(realPhotos).toHaveLength(0);

    const { rows: owners } = await query<{ user_id: string; email: string }>(
      "select distinct b.user_id, u.email from public.booking_images i join public.bookings b on b.id = i.booking_id join auth.users u on u.id = b.user_id",
    );
    expect(owners.length).toBeGreaterThan(0);
    // Each owner signs in to the app through its login form, and opens their photos' addresses.
    const app = await startTestApp(database);
    let served = 0;
    for (const owner of owners) {
      const browser = app.visitor();
      const signedIn = await browser.post("/?index", { intent: "login", email: owner.email, password: DEMO_PASSWORD });
      expect(signedIn.status, owner.email).toBe(302);
      const { rows } = await query<{ id: string; path: string; file_name: string }>(
        "select i.id, i.path, i.file_name from public.booking_images i join public.bookings b on b.id = i.booking_id where b.user_id = $1",
        [owner.user_id],
      );
      for (const photo of photoViews(rows)) {
        for (const address of [photo.url, photo.thumbUrl]) {
          expect(address).not.toBeNull();
          const response = await browser.send(new Request(new URL(address!, TEST_PUBLIC_URL)));
          expect({ address, status: response.status }).toEqual({ address, status: 200 });
          expect(response.headers.get("content-type")).toBe("image/jpeg");
          served += 1;
        }
      }
    }
    const { rows: total } = await query<{ count: number }>("select count(*)::int as count from public.booking_images");
    expect(served).toBe(total[0]!.count * 2);
  }, 120_000);
});
