import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { BOOKINGS_PAGE_SIZE } from "../../app/domain/customer-bookings.ts";
import type { loader as bookingsLoader } from "../../app/routes/dashboard/bookings.tsx";
import type { loader as overviewLoader } from "../../app/routes/dashboard/overview.tsx";
import { bookingsPage, myBookingCounts, ownBooking, recentBookings } from "../../app/services/customer-bookings.server.ts";
import { PAYMENT_MESSAGES } from "../../app/services/payments.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { startTestApp, type TestApp } from "./support/app-client.ts";
import { signInCustomer, type Customer } from "./support/customer.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";
import { crewsToSpare } from "./support/crews.ts";

// A customer's own bookings as the dashboard reads them, with the customer's own client: the
// counters counted by the database for the caller only, the next moves and the pages holding only the
// caller's rows, and the pay route refusing another customer's booking. The pages and the pay route
// are reached through the app's request handler, signed in through its login form.

let backend: TestBackend;
let app: TestApp;
let serviceRole: AppSupabaseClient;
let alice: Customer;
let bob: Customer;

/** What the app logged, as JSON lines. */
const logs: Array<Record<string, unknown>> = [];
/** While true, the app's reads of bookings fail as an unreachable database does. */
let bookingsUnreachable = false;
/** Stripe's Checkout Sessions API as the app reaches it: each test says how it answers. */
let createCheckoutSession: (request: Request) => Promise<Response> = async () => {
  throw new Error("no checkout expected");
};

const customer = (label: string) => signInCustomer(app, label);

let created = 0;

/** A booking as the server writes it (service role), made `minutesAgo` before now. */
function booking(owner: Customer, row: { status?: string; deposit_status?: string; minutesAgo?: number; moving_from?: string; moving_date?: string } = {}) {
  const { minutesAgo = 0, ...columns } = row;
  return insertStoredBooking(serviceRole, owner, {
    moving_from: `${++created} Counter St, Atlanta`,
    created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ...columns,
    ...(columns.deposit_status === "paid" ? { deposit_paid_at: new Date().toISOString() } : {}),
  });
}

beforeAll(async () => {
  backend = await startTestBackend();
  const database: typeof fetch = (input, init) => {
    const path = new URL(new Request(input, init).url).pathname;
    if (bookingsUnreachable && ["/rest/v1/bookings", "/rest/v1/rpc/my_booking_counts", "/rest/v1/rpc/my_bookings_page"].includes(path)) {
      return Promise.reject(new TypeError("fetch failed"));
    }
    return backend.fetch(input, init);
  };
  const stripe: typeof fetch = async (input, init) => {
    const call = new Request(input, init);
    if (call.method === "POST" && new URL(call.url).pathname === "/v1/checkout/sessions") return createCheckoutSession(call);
    return Response.json({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${call.method}: ${call.url})` } }, { status: 404 });
  };
  app = await startTestApp(
    backend,
    {
      supabase: { url: backend.url, anonKey: backend.anonKey, fetch: database },
      stripe: { secretKey: "sk_test_customer_bookings", webhookSecret: "whsec_test_customer_bookings", fetch: stripe },
    },
    { logger: pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) }) },
  );
  serviceRole = app.serviceRole;
  await crewsToSpare(serviceRole);
  alice = await customer("alice");
  bob = await customer("bob");
  for (const [status, minutesAgo] of [
    ["pending", 60],
    ["confirmed", 50],
    ["completed", 40],
    ["completed", 30],
    ["cancelled", 20],
    ["in_progress", 10],
  ] as const) {
    await booking(alice, { status, minutesAgo });
  }
  await booking(bob, { status: "pending" });
  await booking(bob, { status: "completed" });
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe("my_booking_counts", () => {
  it("counts the caller's bookings only: all, pending or confirmed, completed", async () => {
    expect(await myBookingCounts(alice.client)).toEqual({ total: 6, active: 2, completed: 2 });
    expect(await myBookingCounts(bob.client)).toEqual({ total: 2, active: 1, completed: 1 });
  });

  it("counts nothing for a customer without bookings", async () => {
    const carol = await customer("carol");
    expect(await myBookingCounts(carol.client)).toEqual({ total: 0, active: 0, completed: 0 });
  });

  it("cannot be called by a guest", async () => {
    const { error } = await backend.createClient().rpc("my_booking_counts").single();
    expect(error).toMatchObject({ code: "42501" });
  });
});

describe("recentBookings", () => {
  it("gives the caller's next moves first, the soonest first, then the latest past ones, five at most", async () => {
    const gina = await customer("gina");
    const dayFromToday = (days: number) => addDays(todayIn(COMPANY.timeZone), days);
    // Booked in this order; listed by when the moves are.
    for (const days of [-30, 10, 3, -5, 40, 60, 0]) await booking(gina, { moving_date: dayFromToday(days), moving_from: `${days} Days Rd` });
    const rows = await recentBookings(gina.client, gina.user.id);
    expect(rows.map((row) => row.moving_from)).toEqual(["0 Days Rd", "3 Days Rd", "10 Days Rd", "40 Days Rd", "60 Days Rd"]);
    const all = await bookingsPage(gina.client, gina.user.id, 1);
    expect(all.rows.map((row) => row.moving_from)).toEqual(["0 Days Rd", "3 Days Rd", "10 Days Rd", "40 Days Rd", "60 Days Rd", "-5 Days Rd", "-30 Days Rd"]);
  });

  it("never gives another customer's bookings, even when asked for them by id", async () => {
    expect(await recentBookings(bob.client, alice.user.id)).toEqual([]);
  });

  it("gives an admin their own bookings only, though admins may read everyone's", async () => {
    const admin = await customer("admin");
    const grant = await serviceRole.from("user_roles").insert({ user_id: admin.user.id, role: "admin" });
    if (grant.error) throw grant.error;
    const everyone = await admin.client.from("bookings").select("id").limit(2);
    expect(everyone.data).toHaveLength(2);
    const own = await booking(admin, { status: "pending" });
    expect((await recentBookings(admin.client, admin.user.id)).map((row) => row.id)).toEqual([own.id]);
    expect(await myBookingCounts(admin.client)).toEqual({ total: 1, active: 1, completed: 0 });
  });
});

describe("bookingsPage", () => {
  it("pages the caller's bookings with their exact number, and gives the last page for one past the end", async () => {
    const dora = await customer("dora");
    // Each move a day later than the one before: the soonest is listed first.
    const firstDay = addDays(todayIn(COMPANY.timeZone), 5);
    for (let index = 0; index < BOOKINGS_PAGE_SIZE + 2; index++) {
      await booking(dora, { moving_date: addDays(firstDay, index), moving_from: `${index} Page Rd` });
    }

    const first = await bookingsPage(dora.client, dora.user.id, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 12 });
    expect(first.rows).toHaveLength(10);
    expect(first.rows[0]!.moving_from).toBe("0 Page Rd");

    const second = await bookingsPage(dora.client, dora.user.id, 2);
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 12 });
    expect(second.rows.map((row) => row.moving_from)).toEqual(["10 Page Rd", "11 Page Rd"]);

    const beyond = await bookingsPage(dora.client, dora.user.id, 40);
    expect(beyond).toMatchObject({ page: 2, pageCount: 2, total: 12 });
    expect(beyond.rows).toHaveLength(2);
  });

  it("has one empty page for a customer without bookings, whatever page is asked for", async () => {
    const erin = await customer("erin");
    expect(await bookingsPage(erin.client, erin.user.id, 1)).toEqual({ rows: [], page: 1, pageCount: 1, total: 0 });
    expect(await bookingsPage(erin.client, erin.user.id, 5)).toEqual({ rows: [], page: 1, pageCount: 1, total: 0 });
  });
});

describe("ownBooking", () => {
  it("reads the customer's own booking, and nobody else's", async () => {
    const own = await booking(alice, { status: "pending", deposit_status: "failed" });
    expect(await ownBooking(alice.client, alice.user.id, own.id)).toMatchObject({ kind: "found", booking: { id: own.id, deposit_status: "failed" } });
    expect(await ownBooking(bob.client, bob.user.id, own.id)).toEqual({ kind: "not-found" });
    expect(await ownBooking(bob.client, alice.user.id, own.id)).toEqual({ kind: "not-found" });
    expect(await ownBooking(alice.client, alice.user.id, "not-a-uuid")).toEqual({ kind: "not-found" });
  });
});

/** The dashboard's overview as `who` gets it: its loader's data. */
const overview = async (who: Customer) =>
  (await who.visitor.loaderData<Awaited<ReturnType<typeof overviewLoader>>>("/dashboard", "routes/dashboard/overview")).overview;

/** Runs `read` while the app cannot reach the bookings in the database; gives what it read and what was logged meanwhile. */
async function withBookingsUnreachable<T>(read: () => Promise<T>): Promise<{ value: T; logged: Array<Record<string, unknown>> }> {
  const from = logs.length;
  bookingsUnreachable = true;
  try {
    return { value: await read(), logged: logs.slice(from) };
  } finally {
    bookingsUnreachable = false;
  }
}

describe("the overview tab", () => {
  it("loads the counters and the next bookings as the customer", async () => {
    const data = await overview(bob);
    expect(data).toMatchObject({ status: "loaded", counts: { total: 2, active: 1, completed: 1 } });
    expect(data?.status === "loaded" && data.recent).toHaveLength(2);
    const page = await bob.visitor.get("/dashboard");
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/Total Moves 2\b/);
  });

  it("says it failed, and logs why, when the database cannot be reached", async () => {
    const { value: data, logged } = await withBookingsUnreachable(() => overview(alice));
    expect(data).toEqual({ status: "failed" });
    expect(logged).toContainEqual(expect.objectContaining({ level: 50, msg: "could not load the dashboard overview", userId: alice.user.id }));
  });
});

describe("'All bookings'", () => {
  it("says it failed, and logs why, when the database cannot be reached", async () => {
    const { value: data, logged } = await withBookingsUnreachable(() =>
      alice.visitor.loaderData<Awaited<ReturnType<typeof bookingsLoader>>>("/dashboard/bookings?page=2", "routes/dashboard/bookings"),
    );
    expect(data).toEqual({ status: "failed" });
    expect(logged).toContainEqual(expect.objectContaining({ level: 50, msg: "could not load the customer's bookings", page: 2 }));
  });
});

describe("the pay route", () => {
  const RETURN_TO = "/dashboard/bookings?page=2";

  /** Presses Pay deposit as `who` (the form's post), then opens the page it leads back to, if on this site. */
  async function pay(who: Customer, bookingId: string) {
    const answer = await who.visitor.post(`/dashboard/bookings/${bookingId}/pay`, { attempt: "integration", returnTo: RETURN_TO });
    const backHere = answer.location?.startsWith("/") ? answer.location : null;
    return { answer, toast: backHere ? await who.visitor.toast(backHere) : null, toastQueued: who.visitor.cookies().has("flash_toast") };
  }

  it("answers 404 for another customer's booking, and for an id that is not one, and leaves the booking alone", async () => {
    const alicesBooking = await booking(alice, { status: "pending", deposit_status: "failed" });
    expect((await pay(bob, alicesBooking.id)).answer.status).toBe(404);
    expect((await pay(bob, encodeURIComponent("../../bookings"))).answer.status).toBe(404);
    expect((await pay(bob, "not-a-booking")).answer.status).toBe(404);
    const { data } = await serviceRole.from("bookings").select("deposit_status, stripe_checkout_session_id").eq("id", alicesBooking.id).single();
    expect(data).toEqual({ deposit_status: "failed", stripe_checkout_session_id: null });
  });

  it("sends the owner to a new Checkout for a failed deposit, and stores its session on the booking", async () => {
    const failed = await booking(bob, { status: "confirmed", deposit_status: "failed" });
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const created: Array<{ metadata?: Record<string, string>; idempotencyKey?: string | null }> = [];
    createCheckoutSession = async (call) => {
      const form = new URLSearchParams(await call.text());
      created.push({ metadata: { booking_id: form.get("metadata[booking_id]") ?? "" }, idempotencyKey: call.headers.get("Idempotency-Key") });
      return Response.json({ id: "cs_test_again", object: "checkout.session", url: "https://checkout.stripe.test/cs_test_again", expires_at: expiresAt });
    };
    const { answer, toastQueued } = await pay(bob, failed.id);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("https://checkout.stripe.test/cs_test_again");
    expect(toastQueued).toBe(false);
    expect(created).toEqual([{ metadata: { booking_id: failed.id }, idempotencyKey: `deposit-${failed.id}-integration:first` }]);
    const { data } = await serviceRole.from("bookings").select("deposit_status, stripe_checkout_session_id").eq("id", failed.id).single();
    expect(data).toEqual({ deposit_status: "unpaid", stripe_checkout_session_id: "cs_test_again" });
  });

  it("goes back with 'Payment Error' when Checkout cannot start", async () => {
    const expired = await booking(bob, { status: "pending", deposit_status: "expired" });
    createCheckoutSession = async () => Promise.reject(new TypeError("fetch failed"));
    const { answer, toast } = await pay(bob, expired.id);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(RETURN_TO);
    expect(toast).toMatchObject({ type: "error", title: "Payment Error", description: PAYMENT_MESSAGES.failed });
  });

  it("goes back with the reason when the deposit cannot be paid: already paid, or the booking is over", async () => {
    createCheckoutSession = async () => {
      throw new Error("no checkout expected");
    };
    const paid = await booking(bob, { status: "pending", deposit_status: "paid" });
    const paidResult = await pay(bob, paid.id);
    expect(paidResult.answer.location).toBe(RETURN_TO);
    expect(paidResult.toast).toMatchObject({ title: "Deposit already paid", description: PAYMENT_MESSAGES.alreadyPaid });

    const cancelled = await booking(bob, { status: "cancelled", deposit_status: "unpaid" });
    const cancelledResult = await pay(bob, cancelled.id);
    expect(cancelledResult.answer.status).toBe(303);
    expect(cancelledResult.toast).toMatchObject({ title: "No deposit to pay", description: "This booking is cancelled: its deposit can no longer be paid." });
  });
});
