import { DEFAULT_CUSTOMER_CHANGE_RULES } from "../../app/domain/booking-cancellation.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingRow } from "../../app/domain/booking.ts";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import { zonedWallTimeToInstant } from "../../app/domain/company-time.ts";
import { DEFAULT_REMINDER_SETTINGS, reminderSchedule } from "../../app/domain/reminders.ts";
import { createMailer, type Mailer } from "../../app/services/mailer.server.ts";
import { messageDelivery } from "../../app/services/message-delivery.server.ts";
import { messageOutbox, sendDueMessages, type SendReport } from "../../app/services/message-sender.server.ts";
import { planReminders } from "../../app/services/reminder-planner.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { createMailCatcher, type MailCatcher } from "../../emulators/mail/index.ts";
import type { StripeEmulator } from "../../emulators/stripe/index.ts";
import { deliveriesSettled, events, redeliver, usingHostedStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { startAppWithStripe } from "./support/app-with-stripe.ts";
import { crewsToSpare } from "./support/crews.ts";
import { editFormOf } from "./support/booking-edit-form.ts";
import { paidBooking as paidOnStripe, payOnStripe as payOnEmbeddedStripe } from "./support/paid-booking.ts";

// What a booking's customer and the office hear, through the app's request handler (the webhook route
// fed by the embedded Stripe, the admin's and the customer's forms) with each change writing its
// message in its own transaction, and the servers' sender delivering it over SMTP to the mail catcher.
// The sender's clock is the tests' (a weekday noon, or a night, in the company's time zone); the
// database's is the real one.

let backend: TestBackend;
let app: TestApp;
let serviceRole: AppSupabaseClient;
let testStripe: TestStripe;
let emulator: StripeEmulator;
let catcher: MailCatcher;
let mailer: Mailer;
let admin: SignedInVisitor;
let customer: SignedInVisitor;
let officeEmail: string;

beforeAll(async () => {
  [backend, catcher] = await Promise.all([startTestBackend(), createMailCatcher()]);
  ({ app, stripe: testStripe } = await startAppWithStripe(backend));
  emulator = testStripe.emulator!;
  serviceRole = app.serviceRole;
  mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: "Metro Movers <bookings@metro.example>" });
  await crewsToSpare(serviceRole);
  [admin, customer] = await Promise.all([signIn(app, "admin", { fullName: "Ada Admin" }), signIn(app, "customer", { fullName: "Cam Customer" })]);
  await backend.sql("update public.app_settings set email_alerts = true, auto_confirm_bookings = false");
  [{ admin_email: officeEmail }] = (await backend.sql<{ admin_email: string }>("select admin_email from public.app_settings")) as [{ admin_email: string }];
}, 120_000);

afterAll(async () => {
  mailer?.close();
  await testStripe?.close();
  await Promise.all([catcher?.close(), backend?.close()]);
});

const today = todayIn(COMPANY.timeZone);
/** Noon today in the company's time zone: no quiet hours. */
const NOON = zonedWallTimeToInstant(today, "12:00", COMPANY.timeZone);
/** 23:00 tomorrow in the company's time zone: quiet hours, until 08:00 the morning after (still ahead of the database's clock). */
const NIGHT = zonedWallTimeToInstant(addDays(today, 1), "23:00", COMPANY.timeZone);
const MORNING_AFTER_NIGHT = zonedWallTimeToInstant(addDays(today, 2), "08:00", COMPANY.timeZone);

/** One look of a server's sender, its clock at `now`. */
function sendDue(now = NOON): Promise<SendReport> {
  return sendDueMessages({
    outbox: messageOutbox(serviceRole),
    deliver: messageDelivery({
      mailer,
      publicUrl: TEST_PUBLIC_URL,
      linkSecret: app.options.cookieSecret,
      company: async () => ({ name: "Metro Movers", phone: "(404) 555-0182", timeZone: COMPANY.timeZone, changeRules: DEFAULT_CUSTOMER_CHANGE_RULES }),
      now: () => now,
    }),
    batch: 100,
  });
}

/** The subjects of the mail the catcher holds for `email` about booking `shortId`, oldest first. */
function subjectsTo(email: string, shortId: string): string[] {
  return catcher
    .list()
    .messages.filter((message) => message.to.some((to) => to.address === email) && catcher.read(message.id)!.text!.includes(shortId))
    .map((message) => message.subject)
    .reverse();
}

async function stored(bookingId: string): Promise<BookingRow> {
  const { data, error } = await serviceRole.from("bookings").select("*").eq("id", bookingId).single();
  if (error) throw error;
  return data;
}

const outboxOf = (bookingId: string) =>
  backend.sql<{ kind: string; status: string; recipient: string; due_at: Date; booking_version: number; attempts: number }>(
    "select kind, status, recipient, due_at, booking_version, attempts from public.message_outbox where booking_id = $1 order by id",
    [bookingId],
  );

/** The customer's booking, with its Checkout Session paid on the embedded Stripe's page; its webhook may still be on its way. */
const payOnStripe = (date = addDays(today, 20)) =>
  payOnEmbeddedStripe(testStripe, serviceRole, { userId: customer.user.id, email: customer.user.email!, request: { date, time: "10:00" } });

const paidBooking = (date = addDays(today, 20)) =>
  paidOnStripe(testStripe, serviceRole, { userId: customer.user.id, email: customer.user.email!, request: { date, time: "10:00" } });

const short = (booking: { id: string }) => booking.id.slice(0, 8);

describe.skipIf(usingHostedBackend || usingHostedStripe)("messages caused by a change", () => {
  it("a paid deposit sends 'booking received' once, though Stripe delivers its webhook three times at once, and tells the office once", async () => {
    const { booking, sessionId } = await payOnStripe();
    const completed = events(emulator, "checkout.session.completed").find((record) => (record.event.data.object as { id: string }).id === sessionId)!;
    await Promise.all([redeliver(emulator, completed.event.id), redeliver(emulator, completed.event.id), deliveriesSettled(emulator)]);
    expect((await stored(booking.id)).deposit_status).toBe("paid");

    expect(await sendDue()).toMatchObject({ sent: 2, failed: 0 });
    expect(await sendDue()).toMatchObject({ sent: 0 });
    expect(subjectsTo(customer.user.email!, short(booking))).toEqual([expect.stringMatching(/^Metro Movers: booking received for /)]);
    expect(subjectsTo(officeEmail, short(booking))).toEqual([expect.stringMatching(new RegExp(`^Metro Movers: new paid booking #${short(booking)} `))]);
    expect((await outboxOf(booking.id)).map(({ kind, status }) => [kind, status])).toEqual([
      ["booking_received", "sent"],
      ["office_new_booking", "sent"],
    ]);
  });

  it("the office's confirmation, new date, cancellation and refund each send theirs, once", async () => {
    const booking = await paidBooking();
    const movedTo = addDays(booking.moving_date, 7);

    const confirmed = await admin.visitor.act("/admin/bookings", { intent: "set-status", bookingId: booking.id, status: "confirmed" });
    expect(confirmed.status).toBeLessThan(400);
    // The same form sent twice (a double click) confirms once.
    await admin.visitor.act("/admin/bookings", { intent: "set-status", bookingId: booking.id, status: "confirmed" });
    const edited = await admin.visitor.act(`/admin/bookings/${booking.id}/edit`, editFormOf(booking, { date: movedTo, time: "14:00" }));
    expect(edited.status).toBe(302);
    const cancelled = await admin.visitor.act(`/admin/bookings/${booking.id}/cancel`, { intent: "cancel-booking", refund: "yes" });
    expect(cancelled.status).toBe(302);
    await deliveriesSettled(emulator);
    expect(await stored(booking.id)).toMatchObject({ status: "cancelled", deposit_status: "refunded", moving_date: movedTo });

    expect(await sendDue()).toMatchObject({ sent: 6, failed: 0, deferred: 0 });
    // A batch is sent a few messages at a time: they arrive in no set order.
    const customerMail = subjectsTo(customer.user.email!, short(booking));
    expect(customerMail).toHaveLength(5);
    expect(customerMail).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/booking received/),
        expect.stringMatching(/is confirmed$/),
        expect.stringMatching(/your move is now on /),
        expect.stringMatching(/is cancelled$/),
        expect.stringMatching(/^Metro Movers: \$50 refunded /),
      ]),
    );
    // The office made these changes: it is told of none of them, only of the booking itself.
    expect(subjectsTo(officeEmail, short(booking))).toHaveLength(1);

    const rescheduled = catcher
      .list()
      .messages.find((message) => message.subject.includes("your move is now on") && catcher.read(message.id)!.text!.includes(short(booking)))!;
    const text = catcher.read(rescheduled.id)!.text!;
    expect(text).toMatch(/Was: .*10:00 AM/);
    expect(text).toMatch(/Now: .*2:00 PM/);
    const cancellation = catcher.read(
      catcher.list().messages.find((message) => message.subject.endsWith("is cancelled") && catcher.read(message.id)!.text!.includes(short(booking)))!.id,
    )!;
    expect(cancellation.text).toContain("We have had to cancel your move");
    // Mail about a move ahead carries its calendar file; the cancellation does not.
    expect(catcher.read(rescheduled.id)!.attachments).toEqual([expect.objectContaining({ contentType: "text/calendar" })]);
    expect(cancellation.attachments).toEqual([]);
  });

  it("a customer's own cancellation is answered at once, even at night, and the office is told; the office's own changes wait for the morning", async () => {
    const own = await paidBooking();
    const other = await paidBooking();
    await sendDue();

    const answer = await customer.visitor.act(`/dashboard/bookings/${own.id}`, { intent: "cancel" });
    expect(answer.status).toBeLessThan(400);
    expect((await stored(own.id)).status).toBe("cancelled");
    await admin.visitor.act("/admin/bookings", { intent: "set-status", bookingId: other.id, status: "confirmed" });

    // The cancellation and its refund answer the customer; the office hears of it.
    expect(await sendDue(NIGHT)).toMatchObject({ sent: 3, deferred: 1 });
    expect(subjectsTo(customer.user.email!, short(own)).slice(-2)).toEqual([expect.stringMatching(/is cancelled$/), expect.stringMatching(/refund/)]);
    expect(subjectsTo(officeEmail, short(own)).at(-1)).toMatch(new RegExp(`#${short(own)} for .* cancelled by the customer$`));
    const [waiting] = (await outboxOf(other.id)).filter((message) => message.kind === "booking_confirmed");
    // Not tried, so no attempt counted.
    expect(waiting).toMatchObject({ status: "queued", due_at: MORNING_AFTER_NIGHT, attempts: 0 });
  });

  it("closing a day and telling its customers asks each paid booking on it to pick another day, through its manage link", async () => {
    const day = addDays(today, 40);
    const booking = await paidBooking(day);
    const asked = await admin.visitor.act(`/admin/schedule?day=${day}`, { intent: "close-day", reason: "Flood", confirm: "1", askCustomers: "yes" });
    expect(asked.status).toBeLessThan(400);
    expect((await stored(booking.id)).new_date_requested_at).not.toBeNull();
    await sendDue();
    const [mail] = catcher
      .list()
      .messages.filter((message) => message.subject.includes("please pick another day") && catcher.read(message.id)!.text!.includes(short(booking)));
    const text = catcher.read(mail!.id)!.text!;
    expect(text).toContain("refunded in full");
    const link = new URL(/http:\/\/localhost:3000\/manage\?token=\S+/.exec(text)![0]);
    const page = await app.visitor().get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(booking.moving_from);
    expect(page.text).toContain("Please pick another day");

    // Opened again, the day serves its bookings: none needs a new date any more.
    const reopened = await admin.visitor.act(`/admin/schedule?day=${day}`, { intent: "reopen-day" });
    expect(reopened.status).toBeLessThan(400);
    expect((await stored(booking.id)).new_date_requested_at).toBeNull();
  });

  it("closing a day without telling its customers sends them nothing and marks nothing", async () => {
    const day = addDays(today, 41);
    const booking = await paidBooking(day);
    const closed = await admin.visitor.act(`/admin/schedule?day=${day}`, { intent: "close-day", reason: "Flood", confirm: "1", askCustomers: "no" });
    expect(closed.status).toBeLessThan(400);
    expect(await backend.sql("select closed from public.schedule_days where day = $1", [day])).toEqual([{ closed: true }]);
    expect((await stored(booking.id)).new_date_requested_at).toBeNull();
    expect((await outboxOf(booking.id)).map((message) => message.kind)).not.toContain("day_closed_moved");
  });
});

describe.skipIf(usingHostedBackend || usingHostedStripe)("reminders", () => {
  it("are planned at the company's instants for the booking's version, sent when due, and not for a booking cancelled since", async () => {
    const booking = await paidBooking();
    const cancelledLater = await paidBooking();
    expect(await planReminders(serviceRole, { timeZone: COMPANY.timeZone, settings: DEFAULT_REMINDER_SETTINGS })).toBeGreaterThanOrEqual(2);
    expect(await planReminders(serviceRole, { timeZone: COMPANY.timeZone, settings: DEFAULT_REMINDER_SETTINGS })).toBe(0);

    const paid = await stored(booking.id);
    const expected = reminderSchedule(
      { movingDate: paid.moving_date, movingTime: "10:00", timeZone: COMPANY.timeZone, changedAt: new Date(paid.deposit_paid_at!) },
      DEFAULT_REMINDER_SETTINGS,
    );
    const reminders = (await outboxOf(booking.id)).filter((message) => message.kind.startsWith("reminder_"));
    expect(reminders).toEqual([
      expect.objectContaining({ kind: "reminder_48h", status: "queued", due_at: expected.fortyEightHours.kind === "due" ? expected.fortyEightHours.at : null }),
      expect.objectContaining({ kind: "reminder_day_before", status: "queued", due_at: expected.dayBefore.kind === "due" ? expected.dayBefore.at : null }),
    ]);
    await sendDue();
    const before = subjectsTo(customer.user.email!, short(booking)).length;

    await customer.visitor.act(`/dashboard/bookings/${cancelledLater.id}`, { intent: "cancel" });
    // The clock reaches both bookings' reminders.
    await backend.sql("update public.message_outbox set due_at = now() where kind like 'reminder%' and booking_id = any($1)", [
      [booking.id, cancelledLater.id],
    ]);
    // The reminders, and the cancellation with its refund and its word to the office.
    expect(await sendDue()).toMatchObject({ sent: 5, voided: 2 });
    const subjects = subjectsTo(customer.user.email!, short(booking)).slice(before);
    expect(subjects).toEqual([expect.stringMatching(/last chance to change or cancel your move/), expect.stringMatching(/see you tomorrow/)]);
    expect((await outboxOf(cancelledLater.id)).filter((message) => message.kind.startsWith("reminder_")).map((message) => message.status)).toEqual([
      "void",
      "void",
    ]);
  });

  it("an SMTP server that refuses twice, then accepts, delivers once", async () => {
    // Only the customer's message is sent: the office's would take one of the refusals.
    await backend.sql("update public.app_settings set email_alerts = false");
    const booking = await paidBooking();
    await backend.sql("update public.app_settings set email_alerts = true");
    catcher.refuseNext(2, { code: 421, message: "Try again later" });
    expect(await sendDue()).toMatchObject({ retried: 1, sent: 0 });
    const retryNow = () =>
      backend.sql("update public.message_outbox set next_attempt_at = now() where booking_id = $1 and status = 'queued' and kind = 'booking_received'", [
        booking.id,
      ]);
    await retryNow();
    expect(await sendDue()).toMatchObject({ retried: 1, sent: 0 });
    await retryNow();
    expect(await sendDue()).toMatchObject({ sent: 1 });
    expect(subjectsTo(customer.user.email!, short(booking))).toEqual([expect.stringMatching(/booking received/)]);
    expect((await outboxOf(booking.id)).find((message) => message.kind === "booking_received")).toMatchObject({ status: "sent" });
  });
});
