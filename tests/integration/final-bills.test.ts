import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MoveOutcome } from "../../app/domain/final-bill.ts";
import { billMove } from "../../app/services/final-bills.server.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { Json } from "../../supabase/types.ts";
import { signInCustomer, signInStaff, type SignedInCustomer } from "./support/app-harness.ts";
import { crewsToSpare } from "./support/crews.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// Completing a move with its final bill on the embedded database, as the office's clients do: staff
// who may bill keep one bill a move with the database's own money facts (the deposit, the accepted
// estimate, the margin); the move becomes completed at the bill's total; a cancelled or unpaid move,
// a second bill, a bill whose sums do not add up and anyone else are refused, and nothing changes.

let backend: TestBackend;
let service: AppSupabaseClient;
let customer: SignedInCustomer;
let otherCustomer: SignedInCustomer;
let admin: SignedInCustomer;
let moderator: SignedInCustomer;

beforeAll(async () => {
  backend = await startTestBackend();
  service = createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch }, backend.serviceRoleKey);
  await crewsToSpare(service);
  [customer, otherCustomer, admin, moderator] = await Promise.all([
    signInCustomer(backend, "billed"),
    signInCustomer(backend, "billed-other"),
    signInStaff(backend, "admin", "bill-admin", "Ada Admin"),
    signInStaff(backend, "moderator", "bill-moderator", "Mo Moderator"),
  ]);
}, 60_000);

afterAll(async () => {
  await backend?.close();
});

beforeEach(async () => {
  await backend.sql("update public.app_settings set bill_margin_percent = default where id");
});

/** A confirmed move with its $50 deposit paid and a $1,000 estimate accepted. */
const paidMove = (columns: Parameters<typeof insertStoredBooking>[2] = {}) =>
  insertStoredBooking(service, customer, { status: "confirmed", deposit_status: "paid", deposit_paid_at: new Date().toISOString(), ...columns });

/** Six and a half hours of an elite local crew with the truck fee: $1,075. */
const outcome = (overrides: Partial<MoveOutcome> = {}): MoveOutcome => ({
  teamType: "elite",
  serviceType: "local",
  worked: { kind: "span", startedAt: "08:00", endedAt: "14:20" },
  packingService: false,
  storageService: false,
  cleaningService: false,
  extraMovers: 0,
  tvMounting: 0,
  deepCleaningBedrooms: 0,
  discountCents: 0,
  discountReason: "",
  ...overrides,
});

async function storedBooking(id: string) {
  const { data, error } = await service.from("bookings").select("status, final_cost_cents").eq("id", id).single();
  if (error) throw error;
  return data;
}

async function billsOf(id: string) {
  const { data, error } = await service.from("booking_bills").select("*").eq("booking_id", id);
  if (error) throw error;
  return data;
}

describe.skipIf(usingHostedBackend)("completing a move with its bill", () => {
  it("keeps the bill as charged with the database's deposit, estimate and margin, and completes the move at its total", async () => {
    const move = await paidMove();
    const result = await billMove(admin.client, move.id, outcome());
    expect(result.kind).toBe("billed");
    expect(await billsOf(move.id)).toEqual([
      expect.objectContaining({
        lines: [
          { id: "labor", label: "Moving team, 6 h 30 min", amount_cents: 97_500 },
          { id: "truck-fee", label: "Truck and travel fee (up to 25 miles)", amount_cents: 10_000 },
        ],
        worked_minutes: 380,
        billed_minutes: 390,
        hourly_rate_cents: 15_000,
        subtotal_cents: 107_500,
        discount_cents: 0,
        discount_reason: null,
        total_cents: 107_500,
        deposit_paid_cents: 5_000,
        balance_cents: 102_500,
        accepted_estimate_cents: 100_000,
        margin_percent: 10,
        needs_approval: false,
        approved_at: null,
        billed_by: admin.user.id,
      }),
    ]);
    expect(await storedBooking(move.id)).toEqual({ status: "completed", final_cost_cents: 107_500 });
    const history = await backend.sql<{ status: string; changed_by: string }>(
      "select status, changed_by::text from public.booking_status_events where booking_id = $1 order by changed_at desc limit 1",
      [move.id],
    );
    expect(history).toEqual([{ status: "completed", changed_by: admin.user.id }]);
  });

  it("asks the customer's approval above the estimate plus the company's margin, and not within it", async () => {
    // Seven hours and the truck fee: $1,150, above $1,000 plus 10%.
    const above = await paidMove();
    await billMove(moderator.client, above.id, outcome({ worked: { kind: "total", minutes: 7 * 60 } }));
    expect((await billsOf(above.id))[0]).toMatchObject({ total_cents: 115_000, needs_approval: true });

    // $1,045.46 plus 10% (cents rounded down) is exactly $1,150.
    const atMargin = await paidMove({ estimated_cost_cents: 104_546 });
    await billMove(moderator.client, atMargin.id, outcome({ worked: { kind: "total", minutes: 7 * 60 } }));
    expect((await billsOf(atMargin.id))[0]).toMatchObject({ total_cents: 115_000, accepted_estimate_cents: 104_546, needs_approval: false });

    await backend.sql("update public.app_settings set bill_margin_percent = 0 where id");
    const noMargin = await paidMove({ estimated_cost_cents: 107_499 });
    await billMove(admin.client, noMargin.id, outcome());
    expect((await billsOf(noMargin.id))[0]).toMatchObject({ total_cents: 107_500, margin_percent: 0, needs_approval: true });
  });

  it("takes a discount with its reason, and leaves no balance when the deposit covers the bill", async () => {
    const move = await paidMove();
    await billMove(admin.client, move.id, outcome({ worked: { kind: "total", minutes: 60 }, discountCents: 35_000, discountReason: "Late arrival" }));
    expect((await billsOf(move.id))[0]).toMatchObject({
      subtotal_cents: 40_000,
      discount_cents: 35_000,
      discount_reason: "Late arrival",
      total_cents: 5_000,
      balance_cents: 0,
    });
  });

  it("refuses a second bill, a cancelled or unpaid move and a move that is not there, changing nothing", async () => {
    const move = await paidMove();
    expect((await billMove(admin.client, move.id, outcome())).kind).toBe("billed");
    expect(await billMove(admin.client, move.id, outcome({ worked: { kind: "total", minutes: 600 } }))).toEqual({ kind: "already-billed" });
    expect(await billsOf(move.id)).toEqual([expect.objectContaining({ total_cents: 107_500 })]);

    const cancelled = await paidMove({ status: "cancelled" });
    expect(await billMove(admin.client, cancelled.id, outcome())).toEqual({ kind: "cancelled" });
    const unpaid = await insertStoredBooking(service, customer, { status: "pending" });
    expect(await billMove(admin.client, unpaid.id, outcome())).toEqual({ kind: "unpaid" });
    expect(await billMove(admin.client, crypto.randomUUID(), outcome())).toEqual({ kind: "not-found" });
    expect(await billsOf(cancelled.id)).toEqual([]);
    expect(await billsOf(unpaid.id)).toEqual([]);
    expect(await storedBooking(cancelled.id)).toEqual({ status: "cancelled", final_cost_cents: null });
    expect(await storedBooking(unpaid.id)).toEqual({ status: "pending", final_cost_cents: null });
  });

  it("refuses what cannot be billed before asking the database", async () => {
    const move = await paidMove();
    expect(await billMove(admin.client, move.id, outcome({ worked: { kind: "total", minutes: 25 * 60 } }))).toEqual({ kind: "invalid", problem: "tooLong" });
    expect(await billMove(admin.client, move.id, outcome({ discountCents: 200_000, discountReason: "Too kind" }))).toEqual({
      kind: "invalid",
      problem: "discountOverBill",
    });
    expect(await billsOf(move.id)).toEqual([]);
  });

  it("refuses, in the database, a bill whose sums do not add up, whoever sends it", async () => {
    const move = await paidMove();
    const good = {
      lines: [{ id: "labor", label: "Moving team, 2 hours", amount_cents: 30_000 }],
      worked_minutes: 90,
      billed_minutes: 120,
      hourly_rate_cents: 15_000,
      subtotal_cents: 30_000,
      discount_cents: 0,
    };
    for (const [why, bill] of [
      ["lines that do not add up", { ...good, subtotal_cents: 29_999 }],
      ["a negative line", { ...good, lines: [{ id: "labor", label: "Moving team", amount_cents: -30_000 }], subtotal_cents: -30_000 }],
      ["a discount above the bill", { ...good, discount_cents: 30_001, discount_reason: "Too kind" }],
      ["a discount without its reason", { ...good, discount_cents: 100 }],
      ["fewer minutes billed than worked", { ...good, worked_minutes: 130 }],
      ["more than a day", { ...good, worked_minutes: 1441, billed_minutes: 1455 }],
      ["no lines", { ...good, lines: [], subtotal_cents: 0 }],
    ] as Array<[string, Record<string, Json>]>) {
      const { error } = await admin.client.rpc("bill_move", { _booking_id: move.id, _bill: bill });
      expect(error?.code, why).toBe("23514");
    }
    expect(await billsOf(move.id)).toEqual([]);
    expect(await storedBooking(move.id)).toEqual({ status: "confirmed", final_cost_cents: null });
  });

  it("lets only staff who may bill do it, and each customer read only their own moves' bills", async () => {
    const move = await paidMove();
    expect(await billMove(customer.client, move.id, outcome())).toEqual({ kind: "forbidden" });
    const { error } = await backend.createClient({ key: "anon" }).rpc("bill_move", { _booking_id: move.id, _bill: {} });
    expect(error).not.toBeNull();
    expect(await billsOf(move.id)).toEqual([]);

    await billMove(admin.client, move.id, outcome());
    const own = await customer.client.from("booking_bills").select("total_cents").eq("booking_id", move.id);
    expect(own.data).toEqual([{ total_cents: 107_500 }]);
    const others = await otherCustomer.client.from("booking_bills").select("total_cents").eq("booking_id", move.id);
    expect(others.data).toEqual([]);
    const write = await customer.client.from("booking_bills").update({ total_cents: 1 }).eq("booking_id", move.id);
    expect(write.error?.code).toBe("42501");
  });
});
