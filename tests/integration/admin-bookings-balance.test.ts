import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import type { BookingsTableData } from "../../app/routes/admin/bookings-table.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { crewsToSpare } from "./support/crews.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// The office's bookings table filtered by where a move's money stands after it, through the app's
// request handler: each state lists exactly the bookings in it, with the other filters and the count.

let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let admin: SignedInVisitor;

const DAY = 86_400_000;
/** The seeded bookings by the state they are in. */
const seeded: Record<string, string[]> = { unbilled: [], billed: [], paid: [], overdue: [], none: [] };

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  await crewsToSpare(service);
  admin = await signIn(app, "admin");
  const today = todayIn("America/New_York");
  const billed = (daysAgo: number, dueCents: number) => ({
    status: "completed",
    billed_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
    balance_due_cents: dueCents,
  });
  const cases: [string, Parameters<typeof insertStoredBooking>[2]][] = [
    ["unbilled", { status: "completed", moving_date: addDays(today, -3) }],
    ["unbilled", { status: "confirmed", moving_date: addDays(today, -1) }],
    ["billed", { moving_date: addDays(today, -2), ...billed(1, 95_000) }],
    ["billed", { moving_date: addDays(today, -14), ...billed(13, 1) }],
    ["paid", { moving_date: addDays(today, -30), ...billed(29, 0) }],
    ["overdue", { moving_date: addDays(today, -20), ...billed(15, 40_000) }],
    ["none", { status: "confirmed", moving_date: addDays(today, 5) }],
    ["none", { status: "cancelled", moving_date: addDays(today, -5) }],
  ];
  for (const [state, columns] of cases) {
    const booking = await insertStoredBooking(service, admin, { full_name: `Balance Filter ${state}`, ...columns });
    seeded[state]!.push(booking.id);
  }
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

const table = (search: string) => admin.visitor.loaderData<BookingsTableData>(`/admin/bookings?${search}`, "routes/admin/bookings");

describe("the bookings table's balance filter", () => {
  it("lists exactly the bookings in each state, and counts them", async () => {
    for (const state of ["unbilled", "billed", "paid", "overdue"]) {
      const listed = await table(`q=Balance+Filter&balance=${state}`);
      expect(listed.rows.map((row) => row.id).sort(), state).toEqual([...seeded[state]!].sort());
      expect(listed.total, state).toBe(seeded[state]!.length);
    }
    expect((await table("q=Balance+Filter")).total).toBe(8);
  });

  it("lists the unbilled moves by the next move: one done ahead of its date first, then the latest past", async () => {
    // Completed before its date and not billed: unbilled, and among the moves ahead.
    const today = todayIn("America/New_York");
    const ahead = await insertStoredBooking(service, admin, { full_name: "Balance Filter ahead", status: "completed", moving_date: addDays(today, 2) });
    try {
      const listed = await table("q=Balance+Filter&balance=unbilled");
      expect(listed.rows.map((row) => row.id)).toEqual([ahead.id, seeded.unbilled![1], seeded.unbilled![0]]);
      expect(listed.total).toBe(3);
    } finally {
      await service.from("bookings").delete().eq("id", ahead.id);
    }
  });

  it("narrows with the other filters, and ignores a state it does not know", async () => {
    expect((await table("q=Balance+Filter&balance=unbilled&status=completed")).rows.map((row) => row.id)).toEqual([seeded.unbilled![0]]);
    expect((await table("q=Balance+Filter&balance=owing")).total).toBe(8);
    const page = await admin.visitor.get("/admin/bookings?balance=overdue");
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<option value="overdue" selected="">Overdue: due over 2 weeks<\/option>/);
  });
});
