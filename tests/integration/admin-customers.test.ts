import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_CUSTOMERS_PAGE_SIZE, customerBadge, parseAdminCustomersQuery, type AdminCustomer } from "../../app/domain/admin-customers.ts";
import type { Route } from "../../app/routes/admin/+types/customers.ts";
import { listCustomers } from "../../app/services/admin-customers.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { Tables, TablesInsert } from "../../supabase/types.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { crewsToSpare } from "./support/crews.ts";

// The customer database groups bookings by email in any letter case, guests and signed-in customers
// alike; every figure on a card is checked against a grouping computed here from the seeded rows,
// and stays equal to it after bookings change. Only staff who may read customers get any of it.

type Booking = Tables<"bookings">;

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

const STATUSES = ["pending", "confirmed", "in_progress", "completed", "cancelled"] as const;
const DEPOSITS = ["unpaid", "paid", "refunded", "paid", "failed"] as const;
const CUSTOMERS = 32;

/** Each customer i has (i % 6) + 1 bookings, the email's letter case varying, some as guests, in every status and deposit state. */
function seedRows(ownerId: string): TablesInsert<"bookings">[] {
  const rows: TablesInsert<"bookings">[] = [];
  let serial = 0;
  for (let person = 0; person < CUSTOMERS; person++) {
    for (let booking = 0; booking <= person % 6; booking++) {
      const local = `pat.${["quinn", "rivera", "stone", "tran"][person % 4]}.${person}`;
      const deposit = DEPOSITS[(serial * 3) % DEPOSITS.length]!;
      rows.push({
        user_id: (person + booking) % 3 === 0 ? null : ownerId,
        full_name: `Pat ${["Quinn", "Rivera", "Stone", "Tran"][person % 4]} ${person}${booking > 0 ? ` (v${booking})` : ""}`,
        email: `${booking % 2 === 1 ? local.toUpperCase() : local}@Insights.Example.com`,
        phone: `678-555-${String(2000 + person * 10 + booking)}`,
        moving_from: "1 Peachtree St, Atlanta",
        moving_to: "2 Auburn Ave, Atlanta",
        moving_date: "2027-02-01",
        team_type: "elite",
        service_type: "local",
        property_size: "2_bedroom",
        status: STATUSES[(serial * 7) % STATUSES.length]!,
        estimated_cost_cents: 60_000 + serial * 500,
        final_cost_cents: serial % 4 === 0 ? 70_000 + serial * 100 : null,
        deposit_amount_cents: 5_000,
        deposit_status: deposit,
        deposit_paid_at: deposit === "paid" || deposit === "refunded" ? "2026-10-01T12:00:00Z" : null,
        created_at: new Date(Date.UTC(2026, 9, 1 + ((serial * 17) % 50), 8, serial)).toISOString(),
      });
      serial++;
    }
  }
  return rows;
}

/**
 * What each booking brought in, by id: its deposit once paid, the balances paid of its bill, less
 * the refunds given back (tips are the crews'), from the database's own records of money.
 */
async function collectedByBooking(rows: Booking[]): Promise<Map<string, number>> {
  const [payments, refunds] = await Promise.all([
    service.from("bill_payments").select("booking_id, balance_cents").eq("status", "paid"),
    service.from("deposit_refunds").select("booking_id, amount_cents"),
  ]);
  if (payments.error || refunds.error) throw payments.error ?? refunds.error;
  const collected = new Map(rows.map((row) => [row.id, row.deposit_paid_at ? row.deposit_amount_cents : 0]));
  for (const payment of payments.data) collected.set(payment.booking_id, (collected.get(payment.booking_id) ?? 0) + payment.balance_cents);
  for (const refund of refunds.data) collected.set(refund.booking_id, (collected.get(refund.booking_id) ?? 0) - refund.amount_cents);
  return collected;
}

/** The customers the page must list, grouped here from every booking in the database, most recent booking first. */
async function freshGrouping(): Promise<AdminCustomer[]> {
  const { data, error } = await service.from("bookings").select("*");
  if (error) throw error;
  const collected = await collectedByBooking(data);
  const groups = new Map<string, Booking[]>();
  for (const row of data) groups.set(row.email.toLowerCase(), [...(groups.get(row.email.toLowerCase()) ?? []), row]);
  const byTime = (a: Booking, b: Booking) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? 1 : -1);
  return [...groups]
    .map(([key, rows]) => {
      const latest = [...rows].sort(byTime)[0]!;
      return {
        email_key: key,
        email: latest.email,
        full_name: latest.full_name,
        phone: latest.phone,
        last_booking_at: new Date(latest.created_at).toISOString(),
        bookings: rows.length,
        spent_cents: rows.reduce((sum, row) => sum + collected.get(row.id)!, 0),
      };
    })
    .sort((a, b) => Date.parse(b.last_booking_at) - Date.parse(a.last_booking_at) || (a.email_key < b.email_key ? -1 : 1));
}

/** The page the customer database shows for these search params, as the database answers it. */
async function page(search: string, client: AppSupabaseClient = adminDb) {
  const listed = await listCustomers(client, parseAdminCustomersQuery(new URLSearchParams(search)));
  if (listed.kind !== "listed") throw new Error("the customers could not be listed");
  return { ...listed, rows: listed.rows.map((row) => ({ ...row, last_booking_at: new Date(row.last_booking_at).toISOString() })) };
}

/** Every customer, page after page. */
async function everyCustomer(): Promise<AdminCustomer[]> {
  const all: AdminCustomer[] = [];
  for (let number = 1; ; number++) {
    const { rows, total } = await page(`page=${number}`);
    all.push(...rows);
    if (all.length >= total || rows.length === 0) return all;
  }
}

const normalized = (rows: AdminCustomer[]) => rows.map((row) => ({ ...row, last_booking_at: new Date(row.last_booking_at).toISOString() }));

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  await crewsToSpare(service);
  [admin, moderator, customer] = await Promise.all([
    signIn(app, "admin", { label: "insights-admin", fullName: "Ada Admin" }),
    signIn(app, "moderator", { label: "insights-moderator", fullName: "Mo Moderator" }),
    signIn(app, "customer", { label: "insights-customer" }),
  ]);
  [adminDb, moderatorDb, customerDb] = await Promise.all([admin.database(), moderator.database(), customer.database()]);
  const { error } = await service.from("bookings").insert(seedRows(customer.user.id));
  if (error) throw error;
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe("the customer database", () => {
  it("groups bookings by email in any case, with totals, counts, the latest name and date, most recent first, 25 a page", async () => {
    const expected = await freshGrouping();
    expect(expected).toHaveLength(CUSTOMERS);
    const first = await page("");
    expect(first.total).toBe(CUSTOMERS);
    expect(first.rows).toEqual(expected.slice(0, ADMIN_CUSTOMERS_PAGE_SIZE));
    const second = await page("page=2");
    expect(second.rows).toEqual(expected.slice(ADMIN_CUSTOMERS_PAGE_SIZE));
    expect((await page("page=3")).rows).toEqual([]);
    expect(expected.some((row) => row.spent_cents > 0 && row.bookings > 3)).toBe(true);
  });

  it("gives VIP over three bookings and New Customer at exactly one", async () => {
    const expected = await freshGrouping();
    const badges = expected.map((row) => customerBadge(row.bookings));
    expect(badges.filter((badge) => badge === "VIP")).toHaveLength(expected.filter((row) => row.bookings > 3).length);
    expect(badges.filter((badge) => badge === "New Customer")).toHaveLength(expected.filter((row) => row.bookings === 1).length);
    expect(customerBadge(4)).toBe("VIP");
    expect(customerBadge(3)).toBeNull();
    expect(customerBadge(1)).toBe("New Customer");
  });

  it("searches names, emails and phones case-insensitively, paging within the search", async () => {
    const expected = await freshGrouping();
    const cases: [string, (row: AdminCustomer) => boolean][] = [
      ["RIVERA", (row) => row.full_name.includes("Rivera")],
      ["pat.stone.10@insights", (row) => row.email_key.startsWith("pat.stone.10@")],
      ["678-555-21", (row) => row.phone.startsWith("678-555-21")],
      ["(v5)", (row) => row.full_name.includes("(v5)")],
      ["100%_", () => false],
    ];
    for (const [search, matches] of cases) {
      const wanted = expected.filter(matches);
      const listed = await page(`q=${encodeURIComponent(search)}`);
      expect(listed.total, search).toBe(wanted.length);
      expect(listed.rows, search).toEqual(wanted.slice(0, ADMIN_CUSTOMERS_PAGE_SIZE));
    }
    const pat = expected.filter((row) => row.full_name.includes("Pat"));
    expect((await page("q=pat&page=2")).rows).toEqual(pat.slice(ADMIN_CUSTOMERS_PAGE_SIZE, 2 * ADMIN_CUSTOMERS_PAGE_SIZE));
  });

  it("stays equal to a fresh grouping after inserts, updates and deletes", async () => {
    const { data: some } = await service.from("bookings").select("*").neq("deposit_status", "paid").order("created_at").limit(4);
    const [a, b, c, e] = some ?? [];
    // A paid deposit counts until it is refunded.
    const { data: paid } = await service.from("bookings").select("*").eq("deposit_status", "paid").neq("status", "completed").limit(1).single();
    const d = paid!;
    // Each change made in turn, after the figure before them is read.
    const changes = [
      () =>
        service
          .from("bookings")
          .insert({ ...seedRows(customer.user.id)[0]!, email: a!.email.toUpperCase(), full_name: "Newest Name", created_at: "2027-01-05T12:00:00Z" }),
      () => service.from("bookings").update({ status: "completed", final_cost_cents: 123_400 }).eq("id", b!.id),
      () => service.from("bookings").update({ email: "moved.away@Elsewhere.example.com" }).eq("id", c!.id),
      () =>
        backend.sql("insert into public.deposit_refunds (booking_id, payment_intent_id, amount_cents) values ($1, 'pi_customers_refund', $2)", [
          d.id,
          d.deposit_amount_cents,
        ]),
      () => service.from("bookings").update({ estimated_cost_cents: 1 }).eq("id", d.id),
      () => service.from("bookings").delete().eq("id", e!.id),
    ];
    const spentBefore = (await freshGrouping()).find((row) => row.email_key === d.email.toLowerCase())!.spent_cents;
    for (const change of changes) {
      const answer = await change();
      expect("error" in answer ? answer.error : null).toBeNull();
    }
    expect((await freshGrouping()).find((row) => row.email_key === d.email.toLowerCase())!.spent_cents).toBe(spentBefore - d.deposit_amount_cents);
    // A customer whose every booking is deleted leaves the list.
    const lonely = (await freshGrouping()).find((row) => row.bookings === 1)!;
    expect((await service.from("bookings").delete().ilike("email", lonely.email_key)).error).toBeNull();

    const expected = await freshGrouping();
    expect(expected.find((row) => row.email_key === lonely.email_key)).toBeUndefined();
    expect(expected.find((row) => row.email_key === "moved.away@elsewhere.example.com")).toBeDefined();
    expect(normalized(await everyCustomer())).toEqual(expected);
  });

  it("lets a moderator read it and refuses a customer's token with 42501", async () => {
    expect((await page("", moderatorDb)).total).toBe((await freshGrouping()).length);
    const refusedPage = await customerDb.rpc("admin_customers_page", {});
    expect(refusedPage.error?.code).toBe("42501");
    const refusedCount = await customerDb.rpc("admin_customers_count", {});
    expect(refusedCount.error?.code).toBe("42501");
    expect(await listCustomers(customerDb, parseAdminCustomersQuery(new URLSearchParams()))).toMatchObject({ kind: "failed", cause: { code: "42501" } });
    const direct = await customerDb.from("customer_tallies" as never).select("*");
    expect(direct.data ?? []).toEqual([]);
  });

  it("sorts by each column both ways, ties by email, paging within the order", async () => {
    const expected = await freshGrouping();
    const byEmail = (a: AdminCustomer, b: AdminCustomer) => (a.email_key < b.email_key ? -1 : 1);
    const orders: Record<string, (a: AdminCustomer, b: AdminCustomer) => number> = {
      name: (a, b) => (a.full_name.toLowerCase() < b.full_name.toLowerCase() ? -1 : a.full_name.toLowerCase() > b.full_name.toLowerCase() ? 1 : 0),
      bookings: (a, b) => a.bookings - b.bookings,
      spent: (a, b) => a.spent_cents - b.spent_cents,
      last: (a, b) => Date.parse(a.last_booking_at) - Date.parse(b.last_booking_at),
    };
    for (const [sort, compare] of Object.entries(orders)) {
      for (const dir of ["asc", "desc"] as const) {
        const wanted = [...expected].sort((a, b) => (dir === "asc" ? 1 : -1) * (compare(a, b) || byEmail(a, b)));
        const first = await page(`sort=${sort}&dir=${dir}`);
        const second = await page(`sort=${sort}&dir=${dir}&page=2`);
        expect([...first.rows, ...second.rows], `${sort} ${dir}`).toEqual(wanted);
      }
    }
    // A column's first click: money and counts the largest first.
    expect((await page("sort=spent")).rows[0]!.spent_cents).toBe(Math.max(...expected.map((row) => row.spent_cents)));
  });

  it("falls back to the first page, no search and its own order for malformed params", () => {
    expect(parseAdminCustomersQuery(new URLSearchParams("page=-3&q=" + "x".repeat(500)))).toEqual({ q: "", page: 1, sort: null, dir: null });
    expect(parseAdminCustomersQuery(new URLSearchParams("page=abc&q=%20Lee%20&sort=email_key;drop&dir=up"))).toEqual({
      q: "Lee",
      page: 1,
      sort: null,
      dir: null,
    });
  });

  it("refuses a sort the database does not know, whoever asks it directly", async () => {
    const refused = await adminDb.rpc("admin_customers_page", { _sort: "t.email_key; select 1" });
    expect(refused.error?.code).toBe("22023");
  });
});

type Page = Route.ComponentProps["loaderData"];

describe("/admin/customers", () => {
  it("answers a moderator, refuses a customer with 403, and says it failed when the database does", async () => {
    const read = await moderator.visitor.load<Page>("/admin/customers", "routes/admin/customers");
    expect(read.status).toBe(200);
    expect(read.value).toMatchObject({ failed: false });
    expect((await customer.visitor.load("/admin/customers", "routes/admin/customers")).status).toBe(403);

    const failing: typeof fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes("/rpc/admin_customers")
        ? Promise.resolve(new Response("{}", { status: 500 }))
        : backend.fetch(input, init);
    const unlucky = await signIn(await startTestApp(backend, { supabase: { ...app.options.supabase, fetch: failing } }), "admin", {
      label: "customers-unlucky",
      fullName: "Una Lucky",
    });
    const failed = await unlucky.visitor.load<Page>("/admin/customers", "routes/admin/customers");
    expect(failed.status).toBe(200);
    expect(failed.value).toMatchObject({ failed: true, rows: [], total: 0 });
  });

  it("renders the sorted table's headers as links that turn the order, keeping the search", async () => {
    const sorted = await admin.visitor.get("/admin/customers?q=pat&sort=spent&dir=desc");
    expect(sorted.status).toBe(200);
    expect(sorted.html).toMatch(/aria-sort="descending"[^>]*><a[^>]*href="\/admin\/customers\?q=pat&amp;sort=spent&amp;dir=asc"/);
    expect(sorted.html).toContain('href="/admin/customers?q=pat&amp;sort=name&amp;dir=asc"');
    // The search form keeps the sort.
    expect(sorted.html).toContain('<input type="hidden" name="sort" value="spent"/>');
  });

  it("shows staff the newest customer first, and is for staff only", async () => {
    const [newest] = await freshGrouping();
    const page = await admin.visitor.get("/admin/customers");
    expect(page.status).toBe(200);
    expect(page.text).toContain(newest!.full_name);
    expect(page.text).toContain(newest!.email);
    await expectStaffOnly("/admin/customers", { guest: app.visitor(), customer: customer.visitor, hidden: [newest!.full_name, newest!.email] });
  });
});
