import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_ABANDONED_LABEL } from "../../app/domain/admin-booking-row.ts";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { DEPOSIT_STATUSES, isCheckoutAbandoned } from "../../app/domain/booking-status.ts";
import type { DashboardStats } from "../../app/domain/admin-dashboard.ts";
import type { BookingsTableData } from "../../app/routes/admin/bookings-table.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { signIn, startTestApp, withOwnClient, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { crewsToSpare } from "./support/crews.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// Pending bookings whose customer left the deposit's Checkout unpaid are 'Checkout abandoned' in the
// office's table, through the app's request handler: the Status filter lists exactly them, 'Pending'
// and the pending page the pending work without them, and the sidebar's badge and the dashboard's card
// count that same pending work. The database's rule and the app's are one rule: checked case by case.

let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let admin: SignedInVisitor & { client: AppSupabaseClient };

const MINUTE = 60_000;
const at = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * MINUTE).toISOString();
/** The seeded bookings by where they stand for the office. */
const seeded: Record<"abandoned" | "pending" | "other", string[]> = { abandoned: [], pending: [], other: [] };

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  await crewsToSpare(service);
  admin = await signIn(app, "admin").then(withOwnClient);
  const moving_date = addDays(todayIn("America/New_York"), 20);
  const cases: [keyof typeof seeded, string, Parameters<typeof insertStoredBooking>[2]][] = [
    ["abandoned", "expired", { deposit_status: "expired", hold_expires_at: at(-90), checkout_expires_at: at(-60) }],
    ["abandoned", "failed", { deposit_status: "failed", hold_expires_at: at(-40), checkout_expires_at: at(20) }],
    ["abandoned", "closed unreported", { hold_expires_at: at(-30), checkout_expires_at: at(-30) }],
    ["pending", "in checkout", { hold_expires_at: at(25), checkout_expires_at: at(25) }],
    ["pending", "paying again", { hold_expires_at: at(25), checkout_expires_at: at(-60) }],
    ["pending", "hold released, checkout open", { hold_expires_at: at(-5), checkout_expires_at: at(25) }],
    ["pending", "never in checkout", {}],
    ["pending", "paid", { deposit_status: "paid", deposit_paid_at: at(-100), checkout_expires_at: at(-60) }],
    ["other", "cancelled", { status: "cancelled", deposit_status: "expired", checkout_expires_at: at(-60) }],
    ["other", "confirmed", { status: "confirmed", deposit_status: "paid", deposit_paid_at: at(-100), checkout_expires_at: at(-60) }],
  ];
  for (const [state, name, columns] of cases) {
    const booking = await insertStoredBooking(service, admin, { full_name: `Abandon Filter ${name}`, moving_date, ...columns });
    seeded[state].push(booking.id);
  }
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

const table = (path: string, search: string, routeId = "routes/admin/bookings") =>
  admin.visitor.loaderData<BookingsTableData>(`${path}?q=Abandon+Filter&${search}`, routeId);
const sorted = (ids: string[]) => [...ids].sort();
const listedIds = (listed: BookingsTableData) => sorted(listed.rows.map((row) => row.id));

/** The options of each row's status select in a page's HTML. */
const rowStatusSelects = (html: string) => [...html.matchAll(/<select[^>]*aria-label="Status of [^"]*"[^>]*>(.*?)<\/select>/g)].map((match) => match[1]!);

/** What the app's own rule says of every booking in the database now: the pending ones not abandoned. */
async function pendingWorkByTheAppsRule(): Promise<number> {
  const { data, error } = await service.from("bookings").select("status, deposit_status, hold_expires_at, checkout_expires_at").eq("status", "pending");
  if (error) throw error;
  return data.filter((row) => !isCheckoutAbandoned(row, new Date())).length;
}

describe("abandoned checkouts in the bookings table", () => {
  it("are what the Status filter 'Checkout abandoned' lists, and what 'Pending' leaves out", async () => {
    const abandoned = await table("/admin/bookings", "status=abandoned");
    expect(listedIds(abandoned)).toEqual(sorted(seeded.abandoned));
    expect(abandoned.total).toBe(seeded.abandoned.length);
    const pending = await table("/admin/bookings", "status=pending");
    expect(listedIds(pending)).toEqual(sorted(seeded.pending));
    expect(pending.total).toBe(seeded.pending.length);
    const all = await table("/admin/bookings", "");
    expect(listedIds(all)).toEqual(sorted([...seeded.abandoned, ...seeded.pending, ...seeded.other]));
    expect(all.total).toBe(10);
  });

  it("are told apart among other statuses too, when the database is asked for one side with them", async () => {
    const ids = async (statuses: string[]) => {
      const { data, error } = await admin.client.rpc("admin_bookings_page", { _search: "Abandon Filter", _statuses: statuses, _limit: 100 });
      if (error) throw error;
      return sorted(data.map((row) => row.id));
    };
    const [cancelled, confirmed] = seeded.other;
    expect(await ids(["pending", "confirmed"])).toEqual(sorted([...seeded.pending, confirmed!]));
    expect(await ids(["abandoned", "cancelled"])).toEqual(sorted([...seeded.abandoned, cancelled!]));
    const { data: count } = await admin.client.rpc("admin_bookings_count", { _search: "Abandon Filter", _statuses: ["abandoned", "cancelled"] });
    expect(count).toBe(seeded.abandoned.length + 1);
  });

  it("are no pending work: the pending page and the dashboard's Pending sub-tab leave them out", async () => {
    const pendingPage = await table("/admin/pending", "", "routes/admin/pending");
    expect(listedIds(pendingPage)).toEqual(sorted(seeded.pending));
    expect(pendingPage.total).toBe(seeded.pending.length);
    const subTab = await admin.visitor.loaderData<{ bookings: BookingsTableData }>("/admin?view=pending&q=Abandon+Filter", "routes/admin/overview");
    expect(listedIds(subTab.bookings)).toEqual(sorted(seeded.pending));
  });

  it("are counted apart alike by the sidebar's Pending badge and the dashboard's Pending Bookings card", async () => {
    const expected = await pendingWorkByTheAppsRule();
    expect(expected).toBe(seeded.pending.length);
    const layout = await admin.visitor.loaderData<{ pendingCount: number }>("/admin/bookings", "routes/admin/layout");
    expect(layout.pendingCount).toBe(expected);
    const overview = await admin.visitor.loaderData<{ stats: DashboardStats }>("/admin", "routes/admin/overview-layout");
    expect(overview.stats.pendingBookings).toBe(expected);
  });

  it("read 'Checkout abandoned' in each row's status control, in the filter, on the booking's page and in the export", async () => {
    const page = await admin.visitor.get("/admin/bookings?q=Abandon+Filter&status=abandoned");
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<option value="abandoned" selected="">${CHECKOUT_ABANDONED_LABEL}</option>`);
    // Each row's status select (and each small screen's card's) names its pending option so, every status still offered.
    const abandonedSelects = rowStatusSelects(page.html);
    expect(abandonedSelects).toHaveLength(seeded.abandoned.length * 2);
    for (const options of abandonedSelects) {
      expect(options).toContain(`<option value="pending" selected="">${CHECKOUT_ABANDONED_LABEL}</option>`);
      for (const status of ["confirmed", "in_progress", "completed", "cancelled"]) expect(options).toContain(`<option value="${status}">`);
    }
    // The cards' badges: neutral, not pending's amber.
    expect([...page.html.matchAll(/data-tone="outline"[^>]*>Checkout abandoned</g)]).toHaveLength(seeded.abandoned.length);

    const pendingSelects = rowStatusSelects((await admin.visitor.get("/admin/bookings?q=Abandon+Filter&status=pending")).html);
    expect(pendingSelects).toHaveLength(seeded.pending.length * 2);
    for (const options of pendingSelects) {
      expect(options).toContain('<option value="pending" selected="">Pending</option>');
      expect(options).not.toContain(CHECKOUT_ABANDONED_LABEL);
    }

    const details = await admin.visitor.get(`/admin/bookings/${seeded.abandoned[0]}`);
    expect(details.text).toContain(`Status ${CHECKOUT_ABANDONED_LABEL}`);
    expect((await admin.visitor.get(`/admin/bookings/${seeded.pending[0]}`)).text).toContain("Status Pending");

    const response = await admin.visitor.send(new Request(`${TEST_PUBLIC_URL}/admin/bookings/export?q=Abandon+Filter&sort=customer`));
    const records = (await response.text()).split("\r\n").slice(1, -1);
    expect(records).toHaveLength(10);
    const abandonedRecords = records.filter((record) => record.includes(`,${CHECKOUT_ABANDONED_LABEL},`));
    expect(sorted(abandonedRecords.map((record) => record.split(",")[0]!))).toEqual(sorted(seeded.abandoned));
  });
});

describe.skipIf(usingHostedBackend)("the database's booking_checkout_abandoned", () => {
  it("says what the app's isCheckoutAbandoned says, case by case", async () => {
    const now = new Date("2027-03-01T12:00:00Z");
    const instants = [null, "2027-03-01T11:00:00Z", "2027-03-01T12:00:00Z", "2027-03-01T13:00:00Z"];
    const cases = ["pending", "confirmed", "cancelled"].flatMap((status) =>
      DEPOSIT_STATUSES.flatMap((deposit_status) =>
        instants.flatMap((hold_expires_at) => instants.map((checkout_expires_at) => ({ status, deposit_status, hold_expires_at, checkout_expires_at }))),
      ),
    );
    const answers = await backend.sql<{ abandoned: boolean }>(
      `select public.booking_checkout_abandoned(
                c.value ->> 'status', c.value ->> 'deposit_status',
                (c.value ->> 'hold_expires_at')::timestamptz, (c.value ->> 'checkout_expires_at')::timestamptz, $2::timestamptz) as abandoned
         from jsonb_array_elements($1::jsonb) with ordinality as c(value, n)
        order by c.n`,
      [JSON.stringify(cases), now.toISOString()],
    );
    expect(answers.map((answer) => answer.abandoned)).toEqual(cases.map((row) => isCheckoutAbandoned(row, now)));
    expect(answers.filter((answer) => answer.abandoned).length).toBeGreaterThan(0);
  });
});
