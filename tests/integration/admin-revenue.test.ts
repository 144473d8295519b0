import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONEY_COLLECTED_LABEL, TIPS_LABEL } from "../../app/domain/money-collected.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { crewsToSpare } from "./support/crews.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// Revenue is money collected: deposits and balances paid, less the refunds given back, tips apart.
// /admin, /admin/analytics and the customers' total spent read it from one definition
// (money_movements) and state it under the figure.

let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let admin: SignedInVisitor;
let moderator: SignedInVisitor;
let customer: SignedInVisitor;

/** A booking whose deposit of `cents` Stripe took, paid through the payment intent `intent`. */
async function paidBooking(cents: number, intent: string, columns: Record<string, unknown> = {}) {
  return insertStoredBooking(service, admin, {
    deposit_amount_cents: cents,
    deposit_status: "paid",
    deposit_paid_at: new Date().toISOString(),
    stripe_payment_intent_id: intent,
    ...columns,
  });
}

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  await crewsToSpare(service);
  [admin, moderator, customer] = await Promise.all([
    signIn(app, "admin", { label: "revenue-admin", fullName: "Ada Admin" }),
    signIn(app, "moderator", { label: "revenue-moderator", fullName: "Mo Moderator" }),
    signIn(app, "customer", { label: "revenue-customer" }),
  ]);
  // Paid and moved: the deposit is all that was collected, whatever the move's final cost.
  await paidBooking(5_000, "pi_revenue_completed", { status: "completed", final_cost_cents: 180_000 });
  // Paid, move ahead.
  await paidBooking(6_025, "pi_revenue_confirmed", { status: "confirmed", estimated_cost_cents: 90_000 });
  // Cancelled and refunded: collected, then given back.
  await paidBooking(7_550, "pi_revenue_refunded", { status: "cancelled" });
  const refunded = await service.rpc("mark_deposit_refunded", {
    _payment_intent_id: "pi_revenue_refunded",
    _refund_id: "re_revenue_refunded",
    _amount_cents: 7_550,
    _refunded_by: admin.user.id,
  });
  if (refunded.error || refunded.data !== true) throw refunded.error ?? new Error("the refund was not recorded");
  // Cancelled, deposit kept (not refunded): still money collected.
  await paidBooking(4_000, "pi_revenue_kept", { status: "cancelled" });
  // Cancelled before paying, and pending unpaid: nothing collected, however large the estimate.
  await insertStoredBooking(service, admin, { status: "cancelled", estimated_cost_cents: 500_000 });
  await insertStoredBooking(service, admin, { status: "pending", estimated_cost_cents: 300_000 });
  // Billed at $1,000 after a $50 deposit, the $950 balance paid online with a $150 tip: the balance is
  // revenue, the tip the crew's.
  const billed = await paidBooking(5_000, "pi_revenue_billed", { status: "confirmed", estimated_cost_cents: 100_000 });
  const bill = await (
    await admin.database()
  ).rpc("bill_move", {
    _booking_id: billed.id,
    _bill: {
      lines: [{ id: "crew", label: "Moving team, 8 h", amount_cents: 100_000 }],
      worked_minutes: 480,
      billed_minutes: 480,
      hourly_rate_cents: 12_500,
      subtotal_cents: 100_000,
      discount_cents: 0,
    },
  });
  if (bill.error) throw bill.error;
  const opened = await service.rpc("open_bill_payment", { _booking_id: billed.id, _tip_cents: 15_000 });
  if (opened.error) throw opened.error;
  const session = "cs_test_revenue_balance";
  const stored = await service.from("bill_payments").update({ stripe_checkout_session_id: session }).eq("id", opened.data.id);
  if (stored.error) throw stored.error;
  const marked = await service.rpc("mark_bill_payment_paid", {
    _session_id: session,
    _amount_total: 95_000 + 15_000,
    _payment_intent_id: "pi_revenue_balance",
  });
  if (marked.error || marked.data !== "paid") throw marked.error ?? new Error(`the balance was not marked paid: ${marked.data}`);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

/** The Total Revenue figure a page shows. */
const totalRevenue = (text: string) => text.match(/Total Revenue (\$[\d,.]+) /)?.[1];

describe("Total Revenue", () => {
  it("is the same money collected on /admin, on Analytics and in the customers' total spent: payments less refunds, tips apart", async () => {
    const expectedCents = 5_000 + 6_025 + 7_550 + 4_000 - 7_550 + 5_000 + 95_000;
    const dashboard = await admin.visitor.get("/admin");
    const analytics = await admin.visitor.get("/admin/analytics");
    expect([dashboard.status, analytics.status]).toEqual([200, 200]);
    // $50 + $60.25 + $75.50 + $40 + $50 in deposits and a $950 balance paid, less $75.50 refunded.
    expect(expectedCents).toBe(115_025);
    // The figure, and its definition right under it; the tips beside it, not in it.
    expect(dashboard.text).toContain(`Total Revenue $1,150.25 ${MONEY_COLLECTED_LABEL}`);
    expect(dashboard.text).toContain("Tips for crews, apart: $150");
    expect(analytics.text).toContain(`Total Revenue $1,150.25 ${MONEY_COLLECTED_LABEL}. ${TIPS_LABEL}: $150`);
    expect(MONEY_COLLECTED_LABEL).toBe("Money collected: deposits and payments, less refunds");
    // Every movement happened this month, all for local moves.
    const adminDb = await admin.database();
    const months = await adminDb.rpc("admin_analytics_months");
    expect(months.data?.at(-1)).toMatchObject({ collected_cents: expectedCents, tips_cents: 15_000 });
    expect(months.data?.slice(0, -1).every((month) => month.collected_cents === 0 && month.tips_cents === 0)).toBe(true);
    const services = await adminDb.rpc("admin_analytics_top_services", {});
    expect(services.data).toMatchObject([{ service_type: "local", collected_cents: expectedCents }]);
    // The admin's own bookings: their total spent is the same money.
    const customers = await adminDb.rpc("admin_customers_page", {});
    expect(customers.data?.find((row) => row.email_key === admin.user.email!.toLowerCase())?.spent_cents).toBe(expectedCents);
  });

  it("counts money in the company's calendar month it moved: a deposit when paid, a refund when given back", async () => {
    // 23:30 on 31 March in New York, already 1 April in UTC: the company's month is March.
    const at = "2027-04-01T03:30:00Z";
    const adminDb = await admin.database();
    const before = (await adminDb.rpc("admin_money_collected", { _at: at }).single()).data!;
    await paidBooking(3_000, "pi_revenue_march", { deposit_paid_at: "2027-03-01T05:00:00Z" }); // 1 March, 00:00 in New York
    await paidBooking(2_000, "pi_revenue_february", { deposit_paid_at: "2027-03-01T04:59:00Z" }); // 28 February, 23:59 in New York
    await paidBooking(1_000, "pi_revenue_april", { deposit_paid_at: "2027-04-01T04:00:00Z" }); // 1 April in New York
    await backend.sql("update public.deposit_refunds set refunded_at = '2027-03-31T12:00:00Z' where payment_intent_id = 'pi_revenue_refunded'");
    const { data, error } = await adminDb.rpc("admin_money_collected", { _at: at }).single();
    expect(error).toBeNull();
    expect(data).toEqual({
      total_cents: before.total_cents + 3_000 + 2_000 + 1_000,
      this_month_cents: 3_000 - 7_550,
      last_month_cents: 2_000,
      tips_total_cents: 15_000,
      tips_this_month_cents: 0,
      tips_last_month_cents: 0,
    });
  });

  it("keeps its monthly and customers' tallies equal to the movements of money, through a change of service or email, a late payment and deletions", async () => {
    const nonZero = "where not (revenue_cents = 0 and tip_cents = 0) order by month, service_type";
    const tallied = async () => [
      ...(await backend.sql(`select month::text, service_type, revenue_cents::int, tip_cents::int from public.money_tallies ${nonZero}`)),
      ...(await backend.sql("select email_key, spent_cents::int from public.customer_tallies where spent_cents <> 0 order by email_key")),
    ];
    const fresh = async () => [
      ...(await backend.sql(
        `select * from (select public.company_month(m.moved_at)::text as month, b.service_type, sum(m.revenue_cents)::int as revenue_cents, sum(m.tip_cents)::int as tip_cents
         from public.money_movements m join public.bookings b on b.id = m.booking_id group by 1, 2) as sums ${nonZero}`,
      )),
      ...(await backend.sql(
        `select * from (select lower(b.email) as email_key, sum(m.revenue_cents)::int as spent_cents
         from public.money_movements m join public.bookings b on b.id = m.booking_id group by 1) as spent where spent_cents <> 0 order by email_key`,
      )),
    ];
    expect(await tallied()).toEqual(await fresh());
    const billed = await backend.sql<{ id: string }>(
      "select booking_id as id from public.bill_payments where stripe_checkout_session_id = 'cs_test_revenue_balance'",
    );
    expect((await service.from("bookings").update({ service_type: "commercial" }).eq("id", billed[0]!.id)).error).toBeNull();
    expect(await tallied()).toEqual(await fresh());
    expect(
      (await service.from("bookings").update({ deposit_paid_at: "2027-02-10T15:00:00Z" }).eq("stripe_payment_intent_id", "pi_revenue_confirmed")).error,
    ).toBeNull();
    expect(await tallied()).toEqual(await fresh());
    expect((await service.from("bookings").delete().eq("stripe_payment_intent_id", "pi_revenue_refunded")).error).toBeNull();
    expect((await service.from("bookings").delete().eq("id", billed[0]!.id)).error).toBeNull();
    expect(await tallied()).toEqual(await fresh());
    expect((await tallied()).some((row) => (row as { service_type: string }).service_type === "commercial")).toBe(false);
  });

  it("is read by staff who may read analytics and refused to customers", async () => {
    expect((await (await moderator.database()).rpc("admin_money_collected").single()).error).toBeNull();
    const refused = await (await customer.database()).rpc("admin_money_collected");
    expect(refused.data).toBeNull();
    expect(refused.error?.code).toBe("42501");
    expect(totalRevenue((await moderator.visitor.get("/admin")).text)).toMatch(/^\$/);
    for (const page of ["/admin", "/admin/analytics"])
      await expectStaffOnly(page, { guest: app.visitor(), customer: customer.visitor, hidden: ["Total Revenue"] });
  });
});
