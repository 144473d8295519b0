import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILL_APPROVAL_MESSAGES, BILL_MESSAGES } from "../../app/domain/final-bill.ts";
import { BILL_FORM_MESSAGES, FINAL_BILL_PAGE_MESSAGES } from "../../app/domain/final-bill-form.ts";
import { manageBookingToken } from "../../app/services/manage-links.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { crewsToSpare } from "./support/crews.ts";
import { billForm as form, billPath, completeMove, paidMove as paidMoveOf } from "./support/final-bill.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// /admin/bookings/:id/bill through the app's request handler, each person signed in through the login
// form: the form's answers to bad input beside their fields (nothing kept), a preview that keeps
// nothing, a move completed once by a moderator, the refusals of a cancelled or unpaid move and of a
// second bill, and customers kept out.

let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let admin: SignedInVisitor;
let moderator: SignedInVisitor;
let customer: SignedInVisitor;
let otherCustomer: SignedInVisitor;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  await crewsToSpare(service);
  [admin, moderator, customer, otherCustomer] = await Promise.all([
    signIn(app, "admin"),
    signIn(app, "moderator"),
    signIn(app, "customer"),
    signIn(app, "customer", { label: "other-customer" }),
  ]);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

const paidMove = (columns: Parameters<typeof insertStoredBooking>[2] = {}) => paidMoveOf(service, customer, columns);

async function billsOf(id: string) {
  const { data, error } = await service.from("booking_bills").select("total_cents, billed_by").eq("booking_id", id);
  if (error) throw error;
  return data;
}

async function approvalOf(id: string) {
  const { data, error } = await service.from("booking_bills").select("needs_approval, approved_at").eq("booking_id", id).single();
  if (error) throw error;
  return data;
}

type Answer = { result: { error?: Record<string, string[]> }; preview: { totalCents: number } | null };

describe.skipIf(usingHostedBackend)("the final bill's page", () => {
  it("answers bad input beside its field with 400, and keeps nothing", async () => {
    const move = await paidMove();
    for (const [fields, field, message] of [
      [{ endedAt: "09:00" }, "endedAt", BILL_MESSAGES.endBeforeStart],
      [{ endedAt: "", startedAt: "" }, "startedAt", BILL_FORM_MESSAGES.workNeeded],
      [{ endedAt: "", startedAt: "", totalHours: "30" }, "totalHours", BILL_FORM_MESSAGES.hoursRange],
      [{ discount: "5000", discountReason: "Too kind" }, "discount", BILL_MESSAGES.discountOverBill],
      [{ discount: "12", discountReason: "" }, "discountReason", BILL_MESSAGES.discountNeedsReason],
      [{ extraMovers: "99" }, "extraMovers", BILL_FORM_MESSAGES.counterRange(6)],
    ] as const) {
      const answer = await admin.visitor.act<Answer>(billPath(move.id), form("complete-move", fields));
      expect(answer.status, message).toBe(400);
      expect(answer.value.result.error, message).toEqual({ [field]: [message] });
    }
    expect((await admin.visitor.act(billPath(move.id), { intent: "something-else" })).status).toBe(400);
    expect(await billsOf(move.id)).toEqual([]);
  });

  it("previews without keeping, then a moderator completes the move once; a second bill is refused", async () => {
    const move = await paidMove();
    const preview = await moderator.visitor.act<Answer>(billPath(move.id), form("preview-bill"));
    expect(preview.status).toBe(200);
    expect(preview.value.preview?.totalCents).toBe(107_500);
    expect(await billsOf(move.id)).toEqual([]);

    const completed = await moderator.visitor.act(billPath(move.id), form("complete-move"));
    expect(completed).toMatchObject({ status: 302, location: billPath(move.id) });
    expect(await moderator.visitor.toast(billPath(move.id))).toMatchObject({
      title: FINAL_BILL_PAGE_MESSAGES.completed,
      description: "The bill of $1,075 is kept with the booking.",
    });
    expect(await billsOf(move.id)).toEqual([{ total_cents: 107_500, billed_by: moderator.user.id }]);
    const page = await moderator.visitor.get(billPath(move.id));
    expect(page.text).toContain("The bill as kept");
    expect(page.text).not.toContain("Complete the move");

    const again = await admin.visitor.act<Answer>(billPath(move.id), form("complete-move", { endedAt: "18:00" }));
    expect(again.status).toBe(409);
    expect(again.value.result.error).toEqual({ "": [FINAL_BILL_PAGE_MESSAGES.alreadyBilled] });
    expect(await billsOf(move.id)).toEqual([{ total_cents: 107_500, billed_by: moderator.user.id }]);
  });

  it("refuses a cancelled or unpaid move with 409, says why on the page, and keeps nothing", async () => {
    const cancelled = await paidMove({ status: "cancelled" });
    const unpaid = await insertStoredBooking(service, customer, { status: "pending" });
    for (const [move, message] of [
      [cancelled, FINAL_BILL_PAGE_MESSAGES.cancelled],
      [unpaid, FINAL_BILL_PAGE_MESSAGES.unpaid],
    ] as const) {
      expect((await admin.visitor.get(billPath(move.id))).text).toContain(message);
      const answer = await admin.visitor.act<Answer>(billPath(move.id), form("complete-move"));
      expect(answer.status, message).toBe(409);
      expect(answer.value.result.error, message).toEqual({ "": [message] });
      expect(await billsOf(move.id)).toEqual([]);
    }
  });

  it("offers the crew the schedule gives the move on its day, read for staff who may bill only", async () => {
    const day = "2027-04-06";
    const early = await paidMove({ moving_date: day, moving_time: "08:00", estimated_hours: 6 });
    const late = await paidMove({ moving_date: day, moving_time: "10:00", estimated_hours: 6 });
    // The early move holds the first crew past 10:00: the schedule puts the later one on the second.
    expect((await moderator.visitor.get(billPath(late.id))).html).toMatch(/<option value="2" selected="">/);
    expect((await admin.visitor.get(billPath(early.id))).html).toMatch(/<option value="1" selected="">/);
    const refused = await (await customer.database()).rpc("move_to_bill", { _booking_id: late.id });
    expect(refused.error?.code).toBe("42501");
    expect(refused.data).toBeNull();
  });

  it("keeps customers out, and answers an unknown booking with 404", async () => {
    const move = await paidMove();
    expect((await customer.visitor.get(billPath(move.id))).status).toBe(403);
    expect((await customer.visitor.act(billPath(move.id), form("complete-move"))).status).toBe(403);
    expect(await billsOf(move.id)).toEqual([]);
    expect((await admin.visitor.get(billPath(crypto.randomUUID()))).status).toBe(404);
  });
});

describe.skipIf(usingHostedBackend)("the customer's bill", () => {
  const customerPath = (id: string) => `/dashboard/bookings/${id}`;

  it("shows the customer their move's bill, and one above the margin waits for their approval, given once", async () => {
    // $1,075 against an $800 estimate: more than 10% above.
    const move = await paidMove({ estimated_cost_cents: 80_000 });
    expect(await admin.visitor.act(billPath(move.id), form("complete-move"))).toMatchObject({ status: 302 });
    const page = await customer.visitor.get(customerPath(move.id));
    expect(page.text).toContain("Your final bill");
    expect(page.text).toMatch(/This bill is more than 10\s?% above the estimate you accepted \(\s?\$800\s?\)/);
    expect(page.text).toContain("Approve the bill");
    expect(await approvalOf(move.id)).toEqual({ needs_approval: true, approved_at: null });

    // Another customer can neither see nor approve it.
    expect((await otherCustomer.visitor.get(customerPath(move.id))).status).toBe(404);
    expect((await otherCustomer.visitor.act(customerPath(move.id), { intent: "approve-bill" })).status).toBe(404);
    expect(await approvalOf(move.id)).toEqual({ needs_approval: true, approved_at: null });

    const approved = await customer.visitor.act(customerPath(move.id), { intent: "approve-bill" });
    expect(approved).toMatchObject({ status: 302, location: customerPath(move.id) });
    expect(await customer.visitor.toast(customerPath(move.id))).toMatchObject({ title: BILL_APPROVAL_MESSAGES.approved });
    const first = (await approvalOf(move.id)).approved_at;
    expect(first).not.toBeNull();
    const after = await customer.visitor.get(customerPath(move.id));
    expect(after.text).toContain("You approved this bill on");
    expect(after.text).not.toContain("Approve the bill");
    // Again: nothing changes.
    await customer.visitor.act(customerPath(move.id), { intent: "approve-bill" });
    expect((await approvalOf(move.id)).approved_at).toBe(first);
  });

  it("asks nothing of a bill within the margin, and refuses a crafted approval of it with 409", async () => {
    const move = await paidMove();
    await admin.visitor.act(billPath(move.id), form("complete-move"));
    const page = await customer.visitor.get(customerPath(move.id));
    expect(page.text).toContain("Your final bill");
    expect(page.text).not.toContain("Approve the bill");
    const crafted = await customer.visitor.act(customerPath(move.id), { intent: "approve-bill" });
    expect(crafted.status).toBe(409);
    expect(crafted.value).toBe(BILL_APPROVAL_MESSAGES.notNeeded);
    expect(await approvalOf(move.id)).toEqual({ needs_approval: false, approved_at: null });
  });
});

describe.skipIf(usingHostedBackend)("a guest's bill, through the link of their emails", () => {
  it("shows the bill on the link's page, and its holder approves it; the link approves no other booking", async () => {
    const guest = { user: { id: null, email: `guest.${crypto.randomUUID().slice(0, 8)}@example.com` } };
    // Two moves of the same guest, each billed $1,075 against an $800 estimate.
    const guestMove = () => paidMoveOf(service, guest, { estimated_cost_cents: 80_000 });
    const [move, other] = [await guestMove(), await guestMove()];
    for (const billed of [move, other]) await completeMove(admin, billed.id);

    const visitor = app.visitor();
    const token = manageBookingToken(app.options.cookieSecret, move);
    const page = `/manage?${new URLSearchParams({ token })}`;
    const before = await visitor.get(page);
    expect(before.text).toContain("Your final bill");
    expect(before.text).toContain("Approve the bill");

    // A forged link approves nothing.
    const forged = `/manage?${new URLSearchParams({ token: `${other.id}.${token.split(".")[1]}` })}`;
    expect((await visitor.act(forged, { intent: "approve-bill" })).status).toBe(404);
    expect(await approvalOf(other.id)).toEqual({ needs_approval: true, approved_at: null });

    expect(await visitor.act(page, { intent: "approve-bill" })).toMatchObject({ status: 302, location: page });
    expect(await visitor.toast(page)).toMatchObject({ title: BILL_APPROVAL_MESSAGES.approved });
    expect((await approvalOf(move.id)).approved_at).not.toBeNull();
    expect(await approvalOf(other.id)).toEqual({ needs_approval: true, approved_at: null });
    expect((await visitor.get(page)).text).toContain("You approved this bill on");
    expect((await visitor.act(page, { intent: "delete" })).status).toBe(400);
  });
});
