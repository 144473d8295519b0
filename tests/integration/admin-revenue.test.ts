import type { SupabaseClient } from "@supabase/supabase-js";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnalyticsReport } from "../../app/components/admin/analytics-report.tsx";
import { StatCards } from "../../app/components/admin/stat-cards.tsx";
import { sessionContext } from "../../app/context.ts";
import { MONEY_COLLECTED_LABEL } from "../../app/domain/money-collected.ts";
import type { AppRole } from "../../app/domain/roles.ts";
import { loader as analyticsLoader } from "../../app/routes/admin/analytics.tsx";
import { loader as overviewLoader } from "../../app/routes/admin/overview.tsx";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signedInContext, signInCustomer, signInStaff, testAppOptions, TEST_PUBLIC_URL, type SignedInCustomer } from "./support/app-harness.ts";
import { crewsToSpare } from "./support/crews.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// Revenue is money collected: deposits paid, less the refunds given back. /admin and /admin/analytics
// read it from one database function and state that definition under the figure.

let backend: TestBackend;
let service: SupabaseClient;
let admin: SignedInCustomer;
let moderator: SignedInCustomer;
let customer: SignedInCustomer;

/** A booking whose deposit of `cents` Stripe took, paid through the payment intent `intent`. */
async function paidBooking(cents: number, intent: string, columns: Record<string, unknown> = {}) {
  return insertStoredBooking(service as unknown as AppSupabaseClient, admin, {
    deposit_amount_cents: cents,
    deposit_status: "paid",
    deposit_paid_at: new Date().toISOString(),
    stripe_payment_intent_id: intent,
    ...columns,
  });
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.createClient({ key: "service_role" });
  await crewsToSpare(service as unknown as AppSupabaseClient);
  [admin, moderator, customer] = await Promise.all([
    signInStaff(backend, "admin", "revenue-admin", "Ada Admin"),
    signInStaff(backend, "moderator", "revenue-moderator", "Mo Moderator"),
    signInCustomer(backend, "revenue-customer"),
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
  await insertStoredBooking(service as unknown as AppSupabaseClient, admin, { status: "cancelled", estimated_cost_cents: 500_000 });
  await insertStoredBooking(service as unknown as AppSupabaseClient, admin, { status: "pending", estimated_cost_cents: 300_000 });
}, 60_000);

afterAll(async () => {
  await backend?.close();
});

function contextAs(roles: AppRole[]): RouterContextProvider {
  const context = signedInContext(testAppOptions(backend), admin);
  context.set(sessionContext, { ...context.get(sessionContext), roles: async () => new Set(roles) });
  return context;
}

describe("Total Revenue", () => {
  it("is the same money collected on /admin and on Analytics: deposits paid less refunds, with its definition under it", async () => {
    const expectedCents = 5_000 + 6_025 + 7_550 + 4_000 - 7_550;
    const overview = await overviewLoader({ request: new Request(`${TEST_PUBLIC_URL}/admin`), context: contextAs(["admin"]), params: {} } as never);
    const analytics = await analyticsLoader({ request: new Request(`${TEST_PUBLIC_URL}/admin/analytics`), context: contextAs(["admin"]), params: {} } as never);

    const dashboardHtml = renderToStaticMarkup(createElement(StatCards, { stats: overview.stats }));
    const analyticsHtml = renderToStaticMarkup(createElement(AnalyticsReport, { analytics: analytics.analytics }));
    const totalRevenue = (html: string) => html.match(/<dt[^>]*>Total Revenue(?:<[^>]*>)*<\/dt><dd[^>]*>([^<]*)<\/dd><dd[^>]*>(.*?)<\/dd>/);
    const onDashboard = totalRevenue(dashboardHtml);
    const onAnalytics = totalRevenue(analyticsHtml);
    // $50 + $60.25 + $75.50 + $40 paid, less $75.50 refunded.
    expect(expectedCents).toBe(15_025);
    expect(onDashboard?.[1]).toBe("$150.25");
    expect(onAnalytics?.[1]).toBe("$150.25");
    expect(onDashboard?.[2]).toContain(MONEY_COLLECTED_LABEL);
    expect(onAnalytics?.[2]).toContain(MONEY_COLLECTED_LABEL);
    expect(MONEY_COLLECTED_LABEL).toBe("Money collected: deposits and payments, less refunds");
  });

  it("counts money in the company's calendar month it moved: a deposit when paid, a refund when given back", async () => {
    // 23:30 on 31 March in New York, already 1 April in UTC: the company's month is March.
    const at = "2027-04-01T03:30:00Z";
    const before = (await admin.client.rpc("admin_money_collected", { _at: at }).single()).data!;
    await paidBooking(3_000, "pi_revenue_march", { deposit_paid_at: "2027-03-01T05:00:00Z" }); // 1 March, 00:00 in New York
    await paidBooking(2_000, "pi_revenue_february", { deposit_paid_at: "2027-03-01T04:59:00Z" }); // 28 February, 23:59 in New York
    await paidBooking(1_000, "pi_revenue_april", { deposit_paid_at: "2027-04-01T04:00:00Z" }); // 1 April in New York
    await backend.sql("update public.deposit_refunds set refunded_at = '2027-03-31T12:00:00Z' where payment_intent_id = 'pi_revenue_refunded'");
    const { data, error } = await admin.client.rpc("admin_money_collected", { _at: at }).single();
    expect(error).toBeNull();
    expect(data).toEqual({
      total_cents: before.total_cents + 3_000 + 2_000 + 1_000,
      this_month_cents: 3_000 - 7_550,
      last_month_cents: 2_000,
    });
  });

  it("is read by staff who may read analytics and refused to customers", async () => {
    expect((await moderator.client.rpc("admin_money_collected").single()).error).toBeNull();
    const refused = await customer.client.rpc("admin_money_collected");
    expect(refused.data).toBeNull();
    expect(refused.error?.code).toBe("42501");
  });
});
