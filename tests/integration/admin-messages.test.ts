import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RESEND_MESSAGES, RESEND_MESSAGE_INTENT, type MessageView } from "../../app/domain/admin-messages.ts";
import type { Route as DetailsRoute } from "../../app/routes/admin/+types/booking-details.ts";
import type { Route as MessagesRoute } from "../../app/routes/admin/+types/messages.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// The office's view of the messages through the app's request handler, each person signed in through
// the login form (so the guards, row level security and resend_message's permission check apply): a
// booking's messages on its page, the recent and failed ones on /admin/messages, and 'Send again'.

let backend: TestBackend;
let app: TestApp;
let serviceRole: AppSupabaseClient;
let admin: SignedInVisitor;
let moderator: SignedInVisitor;
let customer: SignedInVisitor;
let bookingId: string;
let otherBookingId: string;

type Details = DetailsRoute.ComponentProps["loaderData"];
type Messages = MessagesRoute.ComponentProps["loaderData"];

/** The seeded messages' ids, by name. */
let ids: { received: number; failedReminder: number; queuedReminder: number; otherFailed: number; otherSent: number };

const REFUSAL = "550 5.1.1 <ana@example.com>: Recipient address rejected: mailbox unavailable";

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  serviceRole = app.serviceRole;
  [admin, moderator, customer] = await Promise.all([
    signIn(app, "admin", { fullName: "Ada Admin" }),
    signIn(app, "moderator", { fullName: "Mo Moderator" }),
    signIn(app, "customer", { fullName: "Cam Customer" }),
  ]);
  bookingId = (await insertStoredBooking(serviceRole, customer, { email: "ana@example.com", moving_date: "2027-03-14", moving_time: "09:00" })).id;
  otherBookingId = (await insertStoredBooking(serviceRole, customer, { email: "bo@example.com" })).id;
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

/** Messages as the outbox holds them, written with SQL as the database's own functions write them. */
beforeEach(async () => {
  await backend.sql("delete from public.message_outbox");
  const insert = async (columns: Record<string, unknown>) => {
    const names = Object.keys(columns);
    const [row] = await backend.sql<{ id: number }>(
      `insert into public.message_outbox (${names.join(", ")}) values (${names.map((_, index) => `$${index + 1}`).join(", ")}) returning id`,
      Object.values(columns),
    );
    return Number(row!.id);
  };
  const about = (booking: string, recipient: string) => ({ booking_id: booking, booking_version: 1, recipient });
  ids = {
    received: await insert({
      ...about(bookingId, "ana@example.com"),
      kind: "booking_received",
      status: "sent",
      attempts: 1,
      due_at: "2027-03-01T15:00:00Z",
      sent_at: "2027-03-01T15:00:04Z",
      provider_message_id: "<a@mail>",
      created_at: "2027-03-01T15:00:00Z",
    }),
    failedReminder: await insert({
      ...about(bookingId, "ana@example.com"),
      kind: "reminder_48h",
      status: "failed",
      attempts: 5,
      last_error: REFUSAL,
      due_at: "2027-03-12T14:00:00Z",
      created_at: "2027-03-01T15:00:01Z",
    }),
    queuedReminder: await insert({
      ...about(bookingId, "ana@example.com"),
      kind: "reminder_day_before",
      due_at: "2027-03-13T22:00:00Z",
      created_at: "2027-03-01T15:00:02Z",
    }),
    otherFailed: await insert({
      ...about(otherBookingId, "bo@example.com"),
      kind: "booking_confirmed",
      status: "failed",
      attempts: 5,
      last_error: "554 5.7.1 refused",
      created_at: "2027-03-02T10:00:00Z",
    }),
    otherSent: await insert({
      ...about(otherBookingId, "office@example.com"),
      kind: "office_new_booking",
      status: "sent",
      attempts: 1,
      sent_at: "2027-03-02T10:00:05Z",
      created_at: "2027-03-02T10:00:00Z",
    }),
  };
});

const detailsPath = () => `/admin/bookings/${bookingId}`;

async function storedMessage(id: number) {
  const [row] = await backend.sql<{ status: string; attempts: number; last_error: string | null }>(
    "select status, attempts, last_error from public.message_outbox where id = $1",
    [id],
  );
  return row;
}

const resendForm = (id: number) => ({ intent: RESEND_MESSAGE_INTENT, messageId: String(id) });
const idsOf = (messages: readonly MessageView[]) => messages.map((message) => message.id);

describe.skipIf(usingHostedBackend)("a booking's messages on its page", () => {
  it("lists this booking's messages alone, newest first, in words, with the provider's answer to a failed one", async () => {
    const page = await admin.visitor.load<Details>(detailsPath(), "routes/admin/booking-details");
    expect(page.status).toBe(200);
    const { messages } = page.value;
    expect(idsOf(messages)).toEqual([ids.queuedReminder, ids.failedReminder, ids.received]);
    expect(messages).toEqual([
      expect.objectContaining({
        kind: "Reminder the day before",
        to: "ana@example.com",
        when: "Due Mar 13, 2027, 5:00 PM EST",
        statusLabel: "Queued",
        canResend: false,
      }),
      expect.objectContaining({ kind: "Reminder 48 hours before", statusLabel: `Failed: ${REFUSAL}`, canResend: true }),
      expect.objectContaining({ kind: "Booking received", when: "Sent Mar 1, 2027, 10:00 AM EST", statusLabel: "Sent", canResend: false }),
    ]);

    const html = await admin.visitor.get(detailsPath());
    expect(html.text).toContain(`Failed: ${REFUSAL}`);
    expect(html.text).not.toContain("bo@example.com");
    expect(html.html.match(/>Send again</g)).toHaveLength(1);

    // A moderator reads them too, without 'Send again'.
    const seen = await moderator.visitor.get(detailsPath());
    expect(seen.text).toContain(`Failed: ${REFUSAL}`);
    expect(seen.html).not.toContain("Send again");
  });

  it("'Send again' queues a failed message again; a moderator's POST is refused (403) by the app and the database", async () => {
    const denied = await moderator.visitor.act(detailsPath(), resendForm(ids.failedReminder));
    expect(denied.status).toBe(403);
    const { error } = await (await moderator.database()).rpc("resend_message", { p_id: ids.failedReminder });
    expect(error).toMatchObject({ code: "42501" });
    expect(await storedMessage(ids.failedReminder)).toMatchObject({ status: "failed", attempts: 5 });

    const resent = await admin.visitor.act(detailsPath(), resendForm(ids.failedReminder));
    expect(resent).toMatchObject({ status: 302, location: detailsPath() });
    expect(await admin.visitor.toast(resent.location!)).toMatchObject({ type: "success", title: RESEND_MESSAGES.queued });
    expect(await storedMessage(ids.failedReminder)).toMatchObject({ status: "queued", attempts: 0 });
    const after = await admin.visitor.load<Details>(detailsPath(), "routes/admin/booking-details");
    expect(after.value.messages.find((message) => message.id === ids.failedReminder)).toMatchObject({ statusLabel: "Queued", canResend: false });

    // Sent twice (a double click): the second is told, and nothing changes.
    const again = await admin.visitor.act(detailsPath(), resendForm(ids.failedReminder));
    expect(again).toMatchObject({ status: 302, location: detailsPath() });
    expect(await admin.visitor.toast(again.location!)).toMatchObject({ type: "error", title: RESEND_MESSAGES.notFailed });
    expect(await storedMessage(ids.failedReminder)).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("does not send another booking's message again from this booking's page, and refuses a form that names no message", async () => {
    expect((await admin.visitor.act(detailsPath(), resendForm(ids.otherFailed))).status).toBe(404);
    expect(await storedMessage(ids.otherFailed)).toMatchObject({ status: "failed", attempts: 5 });
    for (const messageId of ["", "seven", "-1"]) {
      expect((await admin.visitor.act(detailsPath(), { intent: RESEND_MESSAGE_INTENT, messageId })).status, messageId).toBe(400);
    }
  });
});

describe.skipIf(usingHostedBackend)("/admin/messages", () => {
  it("lists the recent messages of every booking, newest first, with a link to each booking", async () => {
    const page = await admin.visitor.load<Messages>("/admin/messages", "routes/admin/messages");
    expect(page.status).toBe(200);
    expect(page.value.total).toBe(5);
    expect(idsOf(page.value.messages)).toEqual([ids.otherSent, ids.otherFailed, ids.queuedReminder, ids.failedReminder, ids.received]);
    const html = await admin.visitor.get("/admin/messages");
    expect(html.html).toContain(`href="/admin/bookings/${otherBookingId}"`);
    expect(html.text).toContain(`#${otherBookingId.slice(0, 8)}`);
    expect(html.text).toContain("Office: new booking");
  });

  it("lists only the failed ones with ?status=failed, and 'Send again' there queues one", async () => {
    const page = await admin.visitor.load<Messages>("/admin/messages?status=failed", "routes/admin/messages");
    expect(page.value.total).toBe(2);
    expect(idsOf(page.value.messages)).toEqual([ids.otherFailed, ids.failedReminder]);
    expect(page.value.messages.every((message) => message.status === "failed")).toBe(true);

    const resent = await admin.visitor.act("/admin/messages?status=failed", resendForm(ids.otherFailed));
    expect(resent).toMatchObject({ status: 302, location: "/admin/messages?status=failed" });
    expect(await storedMessage(ids.otherFailed)).toMatchObject({ status: "queued", attempts: 0 });
    expect(idsOf((await admin.visitor.load<Messages>("/admin/messages?status=failed", "routes/admin/messages")).value.messages)).toEqual([ids.failedReminder]);

    expect((await moderator.visitor.act("/admin/messages", resendForm(ids.failedReminder))).status).toBe(403);
    expect(await storedMessage(ids.failedReminder)).toMatchObject({ status: "failed" });
  });

  it("says so when there are none, and is for staff only", async () => {
    await backend.sql("delete from public.message_outbox where status = 'failed'");
    const empty = await admin.visitor.get("/admin/messages?status=failed");
    expect(empty.status).toBe(200);
    expect(empty.text).toContain("No failed messages");
    await expectStaffOnly("/admin/messages", { guest: app.visitor(), customer: customer.visitor, hidden: ["ana@example.com"] });
  });
});
