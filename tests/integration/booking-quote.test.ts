import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents } from "../../app/domain/money.ts";
import { estimateBooking } from "../../app/domain/pricing.ts";
import type { loader as detailsLoader } from "../../app/routes/dashboard/booking-details.tsx";
import { savedBooking } from "./support/saved-booking.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";
import type { TablesInsert } from "../../supabase/types.ts";
import { sampleBookingRequest } from "./support/booking-request.ts";

// The quote is kept with the booking: the lines the wizard priced are stored when the booking is
// saved, and its details page shows those and the balance against them, whatever the pricing module
// says today, against the embedded Supabase. The page is read through the app's request handler,
// signed in through its login form.

let backend: TestBackend;
let app: TestApp;
let customer: SignedInVisitor;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  customer = await signIn(app, "customer", { label: "quote" });
});

afterAll(async () => {
  if (customer) {
    await app.serviceRole.from("bookings").delete().eq("user_id", customer.user.id);
    await app.serviceRole.auth.admin.deleteUser(customer.user.id);
  }
  await backend?.close();
});

/** What the customer's booking page shows: its loader's data, as the browser's router reads it. */
async function detailsPage(bookingId: string) {
  return customer.visitor.loaderData<Awaited<ReturnType<typeof detailsLoader>>>(`/dashboard/bookings/${bookingId}`, "routes/dashboard/booking-details");
}

/** The customer's booking as the server wrote it (service role), with `overrides` as stored then. */
async function storedBooking(overrides: Partial<TablesInsert<"bookings">>) {
  const booking = await insertStoredBooking(app.serviceRole, customer, {
    full_name: "Quinn Quoted",
    moving_date: "2027-05-03",
    property_size: "1_bedroom",
    extra_movers: 2,
    estimated_hours: 4,
    ...overrides,
  });
  return booking.id;
}

describe.skipIf(usingHostedBackend)("the quote kept with a booking", () => {
  it("stores the lines the wizard priced, with their total, when the booking is saved", async () => {
    const request = sampleBookingRequest({ email: customer.user.email, packingService: true, tvMounting: 2 });
    const booking = await savedBooking(app.serviceRole, {
      request,
      userId: customer.user.id,
      draftId: randomUUID(),
    });
    const estimate = estimateBooking(request);
    expect(booking.quote).toEqual({
      lines: estimate.lines.map((line) => ({ label: line.label, cents: line.amountCents })),
      total_cents: estimate.totalCents,
      hourly_rate_cents: estimate.hourlyRateCents,
    });
    expect(booking.estimated_cost_cents).toBe(estimate.totalCents);

    const page = await detailsPage(booking.id);
    expect(page.price.lines.map((line) => [line.label, line.amount])).toEqual(estimate.lines.map((line) => [line.label, formatCents(line.amountCents)]));
  });

  it("shows the quoted lines and the balance against them after the prices changed", async () => {
    // Quoted when a 4-hour team was $140 an hour and the truck fee $90: today's module says otherwise.
    const quote = {
      lines: [
        { label: "Moving team, 4 hours", cents: 56_000 },
        { label: "Extra movers × 2", cents: 6_000 },
        { label: "Truck and travel fee (up to 25 miles)", cents: 9_000 },
      ],
      total_cents: 71_000,
      hourly_rate_cents: 14_000,
    };
    const unpaid = await storedBooking({ quote, estimated_cost_cents: 71_000 });
    const page = await detailsPage(unpaid);
    expect(page.price).toMatchObject({
      lines: [
        { label: "Moving team, 4 hours", amount: "$560" },
        { label: "Extra movers × 2", amount: "$60" },
        { label: "Truck and travel fee (up to 25 miles)", amount: "$90" },
      ],
      totalLabel: "Estimated total",
      total: "$710",
      hours: 4,
      hourlyRate: "$140",
      depositPaid: "$0",
      balance: "$710",
    });

    const paid = await storedBooking({ quote, estimated_cost_cents: 71_000, deposit_status: "paid", deposit_paid_at: new Date().toISOString() });
    expect((await detailsPage(paid)).price).toMatchObject({ total: "$710", depositPaid: "$50", balance: "$660" });

    const billed = await storedBooking({
      quote,
      estimated_cost_cents: 71_000,
      final_cost_cents: 80_250,
      deposit_status: "paid",
      deposit_paid_at: new Date().toISOString(),
    });
    expect((await detailsPage(billed)).price).toMatchObject({ totalLabel: "Final cost", total: "$802.50", depositPaid: "$50", balance: "$752.50" });
  });

  it("shows a booking saved before quotes were kept by its stored estimate, never priced again, even beyond today's counter limits", async () => {
    // Saved when up to 9 extra movers could be booked; the limit is lower today.
    await backend.sql("alter table public.bookings drop constraint bookings_extra_movers_check");
    let legacy: string;
    try {
      legacy = await storedBooking({ extra_movers: 9, estimated_cost_cents: 91_500, quote: null });
    } finally {
      await backend.sql("alter table public.bookings add constraint bookings_extra_movers_check check (extra_movers between 0 and 6) not valid");
    }
    const page = await detailsPage(legacy);
    expect(page.booking.extraMovers).toBe(9);
    expect(page.price).toMatchObject({ lines: [], totalLabel: "Estimated total", total: "$915", hourlyRate: null, depositPaid: "$0", balance: "$915" });

    const unpriced = await storedBooking({ estimated_cost_cents: null, quote: null });
    expect((await detailsPage(unpriced)).price).toMatchObject({ lines: [], total: "TBD", balance: null });
  });

  it("refuses a quote whose lines do not add up to its total, or to the stored estimate", async () => {
    const line = { label: "Moving team, 4 hours", cents: 60_000 };
    for (const quote of [
      { lines: [line], total_cents: 61_000, hourly_rate_cents: 15_000 },
      { lines: [], total_cents: 0, hourly_rate_cents: 15_000 },
      { lines: [{ label: "", cents: 60_000 }], total_cents: 60_000, hourly_rate_cents: 15_000 },
      { lines: [{ label: "Moving team", cents: -1 }], total_cents: -1, hourly_rate_cents: 15_000 },
      { lines: [line], total_cents: 60_000 },
      "60000",
    ]) {
      await expect(storedBooking({ quote, estimated_cost_cents: 60_000 }), JSON.stringify(quote)).rejects.toMatchObject({ code: "23514" });
    }
    await expect(
      storedBooking({ quote: { lines: [line], total_cents: 60_000, hourly_rate_cents: 15_000 }, estimated_cost_cents: 70_000 }),
    ).rejects.toMatchObject({
      code: "23514",
    });
  });
});
