import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREW_MESSAGES, CREW_TIPS_CSV_HEADER, NO_CREW_RECORDED } from "../../app/domain/crews.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { crewsToSpare } from "./support/crews.ts";
import { billPath, completeMove, paidMove } from "./support/final-bill.ts";

// The crews of the schedule by name, the crew a bill records, and the tips paid with balances per crew
// and month (a table and a CSV) through the app's request handler, checked against tips the test adds
// up itself; moderators read them, only schedule managers rename, customers get nothing.

let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let admin: SignedInVisitor;
let moderator: SignedInVisitor;
let customer: SignedInVisitor;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  await crewsToSpare(service);
  [admin, moderator, customer] = await Promise.all([signIn(app, "admin"), signIn(app, "moderator"), signIn(app, "customer")]);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

/** Pays what is left of `bookingId`'s bill with a tip, as the payment's fulfilment records it. */
async function payBalance(bookingId: string, tipCents: number) {
  const opened = await service.rpc("open_bill_payment", { _booking_id: bookingId, _tip_cents: tipCents });
  if (opened.error) throw opened.error;
  const session = `cs_test_tips_${opened.data.id.replaceAll("-", "")}`;
  const stored = await service.from("bill_payments").update({ stripe_checkout_session_id: session }).eq("id", opened.data.id);
  if (stored.error) throw stored.error;
  const marked = await service.rpc("mark_bill_payment_paid", { _session_id: session, _amount_total: opened.data.balance_cents + tipCents });
  if (marked.data !== "paid") throw marked.error ?? new Error(`not paid: ${marked.data}`);
}

describe("crews and their tips", () => {
  it("names the crews, refusing a blank or repeated name beside its field, and adds one", async () => {
    const nameForm = (names: Record<string, string>) =>
      admin.visitor.act<{ result: { error?: Record<string, string[]> } }>("/admin/crews", { intent: "name-crews", ...names });
    const blank = await nameForm({ crew1: "Red Team", crew2: " ", crew3: "Green Team", newCrew: "" });
    expect(blank.status).toBe(400);
    expect(blank.value.result.error).toEqual({ crew2: [CREW_MESSAGES.nameNeeded] });
    const repeated = await nameForm({ crew1: "Red Team", crew2: "Blue Team", crew3: "red team", newCrew: "" });
    expect(repeated.status).toBe(400);
    expect(repeated.value.result.error).toEqual({ crew3: [CREW_MESSAGES.nameRepeated] });
    expect((await service.from("crews").select("name").order("number")).data).toEqual([{ name: "Crew 1" }, { name: "Crew 2" }, { name: "Crew 3" }]);

    const named = await admin.visitor.act("/admin/crews", {
      intent: "name-crews",
      crew1: "Red Team",
      crew2: "Blue Team",
      crew3: "Green Team",
      newCrew: "Gold Team",
    });
    expect(named).toMatchObject({ status: 302, location: "/admin/crews" });
    const { data } = await service.from("crews").select("number, name").order("number");
    expect(data).toEqual([
      { number: 1, name: "Red Team" },
      { number: 2, name: "Blue Team" },
      { number: 3, name: "Green Team" },
      { number: 4, name: "Gold Team" },
    ]);
    // A moderator reads the names but may not change them.
    expect((await moderator.visitor.get("/admin/crews")).text).toContain("Gold Team");
    expect((await moderator.visitor.act("/admin/crews", { intent: "name-crews", crew1: "Mine" })).status).toBe(403);
    expect((await service.from("crews").select("name").eq("number", 1).single()).data).toEqual({ name: "Red Team" });
  });

  it("records the crew on the bill, offering the schedule's, and reports each crew's tips by month, kept out of revenue", async () => {
    const page = await admin.visitor.get(billPath((await paidMove(service, customer, { estimated_hours: 6 })).id));
    // The move holds the first crew on its day: that crew is chosen.
    expect(page.html).toMatch(/<option value="1" selected="">Red Team<\/option>/);

    const moves = await Promise.all([1, 2, 3].map(() => paidMove(service, customer)));
    await completeMove(admin, moves[0]!.id, { crew: "2" });
    await completeMove(admin, moves[1]!.id, { crew: "2" });
    await completeMove(admin, moves[2]!.id, { crew: "" });
    expect((await service.from("booking_bills").select("crew_number, crew_name").eq("booking_id", moves[0]!.id).single()).data).toEqual({
      crew_number: 2,
      crew_name: "Blue Team",
    });
    const revenueBefore = (await (await admin.database()).rpc("admin_money_collected").single()).data!;
    await payBalance(moves[0]!.id, 16_125);
    await payBalance(moves[1]!.id, 10_000);
    await payBalance(moves[2]!.id, 2_500);
    const revenueAfter = (await (await admin.database()).rpc("admin_money_collected").single()).data!;
    // $1,025 of balance each is revenue; the $287.25 of tips is not.
    expect(revenueAfter.total_cents - revenueBefore.total_cents).toBe(3 * 102_500);
    expect(revenueAfter.tips_total_cents - revenueBefore.tips_total_cents).toBe(28_625);

    const month = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "America/New_York" }).format(new Date());
    const table = (await moderator.visitor.get("/admin/crews")).text;
    expect(table).toContain(`${month} Blue Team $261.25 2`);
    expect(table).toContain(`${month} ${NO_CREW_RECORDED} $25 1`);

    const csv = await moderator.visitor.send(new Request("http://localhost:3000/admin/crews/tips.csv"));
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const yearMonth = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", timeZone: "America/New_York" }).format(new Date());
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // A byte order mark first, so spreadsheets read the names as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(`${CREW_TIPS_CSV_HEADER}${yearMonth},2,Blue Team,261.25,2\r\n${yearMonth},,${NO_CREW_RECORDED},25.00,1\r\n`);
  });

  it("refuses a crew that does not exist beside its field, and keeps nothing", async () => {
    const move = await paidMove(service, customer);
    const answer = await admin.visitor.act<{ result: { error?: Record<string, string[]> } }>(billPath(move.id), {
      intent: "complete-move",
      startedAt: "10:00",
      endedAt: "16:20",
      crew: "42",
    });
    expect(answer.status).toBe(400);
    expect(answer.value.result.error).toEqual({ crew: ["That crew no longer exists: choose another."] });
    expect((await service.from("booking_bills").select("id").eq("booking_id", move.id)).data).toEqual([]);
  });

  it("is for staff only", async () => {
    await expectStaffOnly("/admin/crews", { guest: app.visitor(), customer: customer.visitor, hidden: ["Tips by crew and month"] });
    expect((await customer.visitor.send(new Request("http://localhost:3000/admin/crews/tips.csv"))).status).toBe(403);
  });
});
