import { pino } from "pino";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext } from "../../app/context.ts";
import { BOOKINGS_PAGE_SIZE } from "../../app/domain/customer-bookings.ts";
import type { AppOptions } from "../../app/load-context.ts";
import { loader as bookingsLoader } from "../../app/routes/dashboard/bookings.tsx";
import { loadOverviewTab } from "../../app/routes/dashboard/overview-tab.server.ts";
import { action as payDepositAction } from "../../app/routes/dashboard/pay-deposit.ts";
import { bookingsPage, myBookingCounts, ownBooking, recentBookings } from "../../app/services/customer-bookings.server.ts";
import { PAYMENT_MESSAGES } from "../../app/services/payments.server.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { TEST_PUBLIC_URL, flashedToast, signInCustomer, signedInContext, testAppOptions, type SignedInCustomer } from "./support/app-harness.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";
import { crewsToSpare } from "./support/crews.ts";

// A customer's own bookings as the dashboard reads them, with the customer's own client: the
// counters counted by the database for the caller only, the newest and the pages holding only the
// caller's rows, and the pay route refusing another customer's booking.

let backend: TestBackend;
let serviceRole: AppSupabaseClient;
let options: AppOptions;
let alice: SignedInCustomer;
let bob: SignedInCustomer;

const customer = (label: string) => signInCustomer(backend, label);

let created = 0;

/** A booking as the server writes it (service role), made `minutesAgo` before now. */
function booking(owner: SignedInCustomer, row: { status?: string; deposit_status?: string; minutesAgo?: number; moving_from?: string } = {}) {
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
  serviceRole = createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch }, backend.serviceRoleKey);
  await crewsToSpare(serviceRole);
  options = testAppOptions(backend);
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
});

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
  it("gives the caller's newest five, newest first", async () => {
    const rows = await recentBookings(alice.client, alice.user.id);
    expect(rows.map((row) => row.status)).toEqual(["in_progress", "cancelled", "completed", "completed", "confirmed"]);
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
    for (let index = 0; index < BOOKINGS_PAGE_SIZE + 2; index++) await booking(dora, { minutesAgo: 100 - index, moving_from: `${index} Page Rd` });

    const first = await bookingsPage(dora.client, dora.user.id, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 12 });
    expect(first.rows).toHaveLength(10);
    expect(first.rows[0]!.moving_from).toBe("11 Page Rd");

    const second = await bookingsPage(dora.client, dora.user.id, 2);
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 12 });
    expect(second.rows.map((row) => row.moving_from)).toEqual(["1 Page Rd", "0 Page Rd"]);

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

/** A request context for `who`, as the dashboard layout leaves it; `logs` collects what is logged. */
function dashboardContext(who: SignedInCustomer, client: AppSupabaseClient = who.client) {
  const logs: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  return { context: signedInContext(options, who, { supabase: client, logger }), logs };
}

describe("the overview tab", () => {
  it("loads the counters and the newest bookings as the customer", async () => {
    const { context } = dashboardContext(bob);
    const request = new Request(`${TEST_PUBLIC_URL}/dashboard`);
    const data = await loadOverviewTab({ request, context, params: {} } as unknown as Parameters<typeof loadOverviewTab>[0]);
    expect(data).toMatchObject({ status: "loaded", counts: { total: 2, active: 1, completed: 1 } });
    expect(data.status === "loaded" && data.recent).toHaveLength(2);
  });

  it("says it failed, and logs why, when the database cannot be reached", async () => {
    const unreachable = createServiceRoleClient(
      { url: backend.url, anonKey: backend.anonKey, fetch: async () => Promise.reject(new TypeError("fetch failed")) },
      backend.anonKey,
    );
    const { context, logs } = dashboardContext(alice, unreachable);
    const request = new Request(`${TEST_PUBLIC_URL}/dashboard`);
    const data = await loadOverviewTab({ request, context, params: {} } as unknown as Parameters<typeof loadOverviewTab>[0]);
    expect(data).toEqual({ status: "failed" });
    expect(logs).toContainEqual(expect.objectContaining({ level: 50, msg: "could not load the dashboard overview", userId: alice.user.id }));
  });
});

describe("'All bookings'", () => {
  it("says it failed, and logs why, when the database cannot be reached", async () => {
    const unreachable = createServiceRoleClient(
      { url: backend.url, anonKey: backend.anonKey, fetch: async () => Promise.reject(new TypeError("fetch failed")) },
      backend.anonKey,
    );
    const { context, logs } = dashboardContext(alice, unreachable);
    const request = new Request(`${TEST_PUBLIC_URL}/dashboard/bookings?page=2`);
    const data = await bookingsLoader({ request, context, params: {} } as unknown as Parameters<typeof bookingsLoader>[0]);
    expect(data).toEqual({ status: "failed" });
    expect(logs).toContainEqual(expect.objectContaining({ level: 50, msg: "could not load the customer's bookings", page: 2 }));
  });
});

describe("the pay route", () => {
  /** Posts Pay deposit as `who`; `stripe` stands in for Stripe's API where a test needs it. */
  async function pay(who: SignedInCustomer, bookingId: string, stripe?: Partial<Stripe>) {
    const { context } = dashboardContext(who);
    const services = context.get(servicesContext);
    if (stripe) services.stripe = stripe as Stripe;
    const request = new Request(`${TEST_PUBLIC_URL}/dashboard/bookings/${bookingId}/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ attempt: "integration", returnTo: "/dashboard/bookings?page=2" }),
    });
    let outcome: unknown;
    try {
      outcome = await payDepositAction({ request, context, params: { bookingId } } as unknown as Parameters<typeof payDepositAction>[0]);
    } catch (thrown) {
      outcome = thrown;
    }
    return { outcome, toast: await flashedToast(context) };
  }

  const stripeCreating = (create: () => Promise<unknown>) => ({ checkout: { sessions: { create } } }) as unknown as Partial<Stripe>;

  it("answers 404 for another customer's booking, and for an id that is not one, and leaves the booking alone", async () => {
    const alicesBooking = await booking(alice, { status: "pending", deposit_status: "failed" });
    expect((await pay(bob, alicesBooking.id)).outcome).toMatchObject({ init: { status: 404 } });
    expect((await pay(bob, "../../bookings")).outcome).toMatchObject({ init: { status: 404 } });
    const { data } = await serviceRole.from("bookings").select("deposit_status, stripe_checkout_session_id").eq("id", alicesBooking.id).single();
    expect(data).toEqual({ deposit_status: "failed", stripe_checkout_session_id: null });
  });

  it("sends the owner to a new Checkout for a failed deposit, and stores its session on the booking", async () => {
    const failed = await booking(bob, { status: "confirmed", deposit_status: "failed" });
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const created: Array<{ metadata?: Record<string, string>; idempotencyKey?: string }> = [];
    const stripe = stripeCreating(async (...args: unknown[]) => {
      const [params, requestOptions] = args as [{ metadata: Record<string, string> }, { idempotencyKey: string }];
      created.push({ metadata: params.metadata, idempotencyKey: requestOptions.idempotencyKey });
      return { id: "cs_test_again", url: "https://checkout.stripe.test/cs_test_again", expires_at: expiresAt };
    });
    const { outcome, toast } = await pay(bob, failed.id, stripe);
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).status).toBe(303);
    expect((outcome as Response).headers.get("Location")).toBe("https://checkout.stripe.test/cs_test_again");
    expect(toast).toBeNull();
    expect(created).toEqual([{ metadata: { booking_id: failed.id }, idempotencyKey: `deposit-${failed.id}-integration:first` }]);
    const { data } = await serviceRole.from("bookings").select("deposit_status, stripe_checkout_session_id").eq("id", failed.id).single();
    expect(data).toEqual({ deposit_status: "unpaid", stripe_checkout_session_id: "cs_test_again" });
  });

  it("goes back with 'Payment Error' when Checkout cannot start", async () => {
    const expired = await booking(bob, { status: "pending", deposit_status: "expired" });
    const stripe = stripeCreating(async () => Promise.reject(new Error("Stripe is down")));
    const { outcome, toast } = await pay(bob, expired.id, stripe);
    expect((outcome as Response).status).toBe(303);
    expect((outcome as Response).headers.get("Location")).toBe("/dashboard/bookings?page=2");
    expect(toast).toMatchObject({ type: "error", title: "Payment Error", description: PAYMENT_MESSAGES.failed });
  });

  it("goes back with the reason when the deposit cannot be paid: already paid, or the booking is over", async () => {
    const stripe = stripeCreating(async () => {
      throw new Error("no checkout expected");
    });
    const paid = await booking(bob, { status: "pending", deposit_status: "paid" });
    const paidResult = await pay(bob, paid.id, stripe);
    expect((paidResult.outcome as Response).headers.get("Location")).toBe("/dashboard/bookings?page=2");
    expect(paidResult.toast).toMatchObject({ title: "Deposit already paid", description: PAYMENT_MESSAGES.alreadyPaid });

    const cancelled = await booking(bob, { status: "cancelled", deposit_status: "unpaid" });
    const cancelledResult = await pay(bob, cancelled.id, stripe);
    expect((cancelledResult.outcome as Response).status).toBe(303);
    expect(cancelledResult.toast).toMatchObject({ title: "No deposit to pay", description: "This booking is cancelled: its deposit can no longer be paid." });
  });
});
