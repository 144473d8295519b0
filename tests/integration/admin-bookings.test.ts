import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingAmountCents } from "../../app/domain/admin-booking-row.ts";
import { ADMIN_BOOKING_SORTS, bookingsFilter, parseAdminBookingsQuery, type AdminBookingSort } from "../../app/domain/admin-bookings-query.ts";
import { ADMIN_BOOKINGS_PAGE_SIZE } from "../../app/domain/admin-list-pages.ts";
import { listBookings } from "../../app/services/admin-bookings.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { Tables } from "../../supabase/types.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { seedAdminBookings } from "./support/admin-bookings-seed.ts";
import { signIn, startTestApp, withOwnClient, type SignedInVisitor, type TestApp } from "./support/app-client.ts";

// The admin bookings table's search, filters, sorts and pages, each checked against rows computed
// here from the 60 seeded bookings; and nobody but staff gets any of it.

type Booking = Tables<"bookings">;

/** A signed-in person: their browser, and their own Supabase client for the database's answers to them. */
type Person = SignedInVisitor & { client: AppSupabaseClient };

let backend: TestBackend;
let app: TestApp;
let admin: Person;
let moderator: Person;
let customer: Person;
let seeded: Booking[];
const TAG = "tablecheck";

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  [admin, moderator, customer] = await Promise.all([
    signIn(app, "admin").then(withOwnClient),
    signIn(app, "moderator").then(withOwnClient),
    signIn(app, "customer").then(withOwnClient),
  ]);
  seeded = await seedAdminBookings(app.serviceRole, customer.user.id, TAG);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

/** The page the table shows for these search params on /admin/bookings, as the database answers it. */
async function page(search: string, who: Person = admin) {
  const query = parseAdminBookingsQuery(new URLSearchParams(search));
  const listed = await listBookings(who.client, bookingsFilter("all", query), query);
  if (listed.kind !== "listed") throw new Error("the bookings could not be listed");
  return listed;
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** PostgreSQL's order: nulls last ascending (first descending), ties by id in the same direction. */
function sortedBy(rows: Booking[], key: (row: Booking) => (string | number | null)[], direction: "asc" | "desc"): Booking[] {
  const sign = direction === "asc" ? 1 : -1;
  const compareKey = (a: string | number | null, b: string | number | null) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return typeof a === "number" && typeof b === "number" ? a - b : compareText(String(a), String(b));
  };
  return [...rows].sort((a, b) => {
    const [keysA, keysB] = [key(a), key(b)];
    for (let index = 0; index < keysA.length; index++) {
      const order = compareKey(keysA[index]!, keysB[index]!);
      if (order !== 0) return sign * order;
    }
    return sign * compareText(a.id, b.id);
  });
}

const SORT_KEYS: Record<AdminBookingSort, (row: Booking) => (string | number | null)[]> = {
  customer: (row) => [row.full_name.toLowerCase()],
  date: (row) => [row.moving_date, row.moving_time],
  service: (row) => [row.service_type],
  status: (row) => [row.status],
  amount: (row) => [bookingAmountCents(row)],
};

describe("the admin bookings table", () => {
  it("lists upcoming moves first, the soonest first, then past ones, the latest first, 25 a page, with the total", async () => {
    // Forty more bookings of their own tag, every other one moved into the past; gone again after,
    // so the other checks count the table's own 60.
    const mixed = await seedAdminBookings(app.serviceRole, customer.user.id, "nextmove", 40);
    try {
      const past = mixed.filter((_, index) => index % 2 === 1);
      for (const [index, row] of past.entries()) {
        const moving_date = `2025-0${1 + (index % 9)}-${10 + (index % 18)}`;
        const { error } = await app.serviceRole.from("bookings").update({ moving_date }).eq("id", row.id);
        if (error) throw error;
        row.moving_date = moving_date;
      }
      const upcoming = mixed.filter((row) => !past.includes(row));
      const expected = [...sortedBy(upcoming, SORT_KEYS.date, "asc"), ...sortedBy(past, SORT_KEYS.date, "desc")];
      const first = await page("q=nextmove");
      expect(first.total).toBe(40);
      expect(ids(first.rows)).toEqual(ids(expected.slice(0, 25)));
      expect(ids((await page("q=nextmove&page=2")).rows)).toEqual(ids(expected.slice(25)));
      expect((await page("q=nextmove&page=3")).rows).toEqual([]);
    } finally {
      await app.serviceRole.from("bookings").delete().in("id", ids(mixed));
    }
    expect((await page("")).total).toBe(60);
  });

  it("searches names, emails, phones and both addresses, case-insensitively", async () => {
    const cases: [string, (row: Booking) => boolean][] = [
      ["LEE", (row) => row.full_name.includes("Lee") || row.email.includes("lee")],
      ["555-1", (row) => row.phone.includes("555-1")],
      ["auburn ave", (row) => `${row.moving_from} ${row.moving_to}`.includes("Auburn Ave")],
      ["decatur", (row) => row.moving_to.includes("Decatur")],
      [`bob.okafor.7@${TAG}`, (row) => row.email.startsWith("bob.okafor.7@")],
      ["100%_", () => false],
    ];
    for (const [search, matches] of cases) {
      const expected = seeded.filter(matches);
      const listed = await page(`q=${encodeURIComponent(search)}&sort=customer`);
      expect(listed.total, search).toBe(expected.length);
      expect(ids(listed.rows), search).toEqual(ids(sortedBy(expected, SORT_KEYS.customer, "asc").slice(0, ADMIN_BOOKINGS_PAGE_SIZE)));
    }
  });

  it("filters by status and by an inclusive move-date range, together", async () => {
    for (const status of ["pending", "confirmed", "in_progress", "completed", "cancelled"]) {
      const expected = seeded.filter((row) => row.status === status);
      const listed = await page(`status=${status}&sort=date`);
      expect(listed.total, status).toBe(expected.length);
      expect(ids(listed.rows), status).toEqual(ids(sortedBy(expected, SORT_KEYS.date, "asc").slice(0, 25)));
    }
    const inRange = seeded.filter((row) => row.moving_date >= "2027-01-12" && row.moving_date <= "2027-02-01" && row.status === "confirmed");
    expect(inRange.length).toBeGreaterThan(0);
    const listed = await page("status=confirmed&from=2027-01-12&to=2027-02-01&sort=amount&dir=desc");
    expect(ids(listed.rows)).toEqual(ids(sortedBy(inRange, SORT_KEYS.amount, "desc")));
  });

  it("sorts by each column both ways and pages through the sort", async () => {
    for (const sort of ADMIN_BOOKING_SORTS) {
      for (const dir of ["asc", "desc"] as const) {
        const expected = ids(sortedBy(seeded, SORT_KEYS[sort], dir));
        const pages = await Promise.all([1, 2, 3].map((number) => page(`sort=${sort}&dir=${dir}&page=${number}`)));
        expect(
          pages.flatMap((listed) => ids(listed.rows)),
          `${sort} ${dir}`,
        ).toEqual(expected);
      }
    }
  });

  it("lists the pending page's and the active page's statuses only", async () => {
    const query = parseAdminBookingsQuery(new URLSearchParams("sort=customer"));
    const active = await listBookings(admin.client, bookingsFilter("active", query), query);
    const expected = seeded.filter((row) => row.status === "confirmed" || row.status === "in_progress");
    expect(active).toMatchObject({ kind: "listed", total: expected.length });
    expect(ids(active.kind === "listed" ? active.rows : [])).toEqual(ids(sortedBy(expected, SORT_KEYS.customer, "asc").slice(0, 25)));
    const pendingButCompleted = parseAdminBookingsQuery(new URLSearchParams("status=completed"));
    expect(await listBookings(admin.client, bookingsFilter("pending", pendingButCompleted), pendingButCompleted)).toEqual({
      kind: "listed",
      rows: [],
      total: 0,
    });
  });

  it("is the same for a moderator", async () => {
    expect(ids((await page("sort=amount", moderator)).rows)).toEqual(ids((await page("sort=amount")).rows));
  });

  it("gives a customer nothing: the database refuses with 42501", async () => {
    expect(
      await listBookings(
        customer.client,
        bookingsFilter("all", parseAdminBookingsQuery(new URLSearchParams())),
        parseAdminBookingsQuery(new URLSearchParams()),
      ),
    ).toMatchObject({ kind: "failed", cause: { code: "42501" } });
    for (const [fn, args] of [
      ["admin_bookings_page", {}],
      ["admin_bookings_count", {}],
      ["admin_bookings_after", {}],
    ] as const) {
      const { data, error } = await customer.client.rpc(fn, args);
      expect(error?.code, fn).toBe("42501");
      expect(data, fn).toBeNull();
    }
  });
});

describe("the admin bookings pages", () => {
  it("show staff the soonest moves, each page's statuses only, and are for staff only", async () => {
    const newest = sortedBy(seeded, SORT_KEYS.date, "asc")[0]!;
    for (const who of [admin, moderator]) {
      const page = await who.visitor.get("/admin/bookings");
      expect(page.status).toBe(200);
      expect(page.text).toContain(newest.email);
    }
    const pending = seeded.find((row) => row.status === "pending")!;
    const completed = seeded.find((row) => row.status === "completed")!;
    const pendingPage = await admin.visitor.get(`/admin/pending?q=${encodeURIComponent(pending.email)}`);
    expect(pendingPage.text).toContain(pending.email);
    expect((await admin.visitor.get(`/admin/pending?q=${encodeURIComponent(completed.email)}`)).text).not.toContain(completed.email);
    for (const path of ["/admin/bookings", "/admin/pending", "/admin/active"]) {
      await expectStaffOnly(path, { guest: app.visitor(), customer: customer.visitor, hidden: [newest.email, pending.email] });
    }
  });
});
