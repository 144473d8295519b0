import { DEFAULT_CUSTOMER_CHANGE_RULES } from "../../app/domain/booking-cancellation.ts";
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createMailer, type Mailer } from "../../app/services/mailer.server.ts";
import { messageDelivery } from "../../app/services/message-delivery.server.ts";
import { messageOutbox, sendDueMessages } from "../../app/services/message-sender.server.ts";
import { createMailCatcher, type CaughtMessage, type MailCatcher } from "../../emulators/mail/index.ts";
import { startTestBackend, uniqueEmail, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { startMessageSending } from "../../server/message-sending.ts";
import { startTestApp, type TestApp } from "./support/app-client.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// A queued message leaves the outbox as mail: the server's sender claims it, writes it from its
// template with the facts frozen when it was queued, and sends it over SMTP to the catcher.

let backend: TestBackend;
let app: TestApp;
let catcher: MailCatcher;
let mailer: Mailer;

beforeAll(async () => {
  [backend, catcher] = await Promise.all([startTestBackend(), createMailCatcher()]);
  app = await startTestApp(backend);
  mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: "Metro Movers <bookings@metro.example>" });
});
afterAll(async () => {
  mailer?.close();
  await Promise.all([catcher?.close(), backend?.close()]);
});

async function queuedBooking(facts: (booking: { id: string; email: string }) => object) {
  const email = uniqueEmail("delivery");
  const booking = await insertStoredBooking(
    app.serviceRole,
    { user: { id: crypto.randomUUID(), email } },
    { user_id: null, moving_from: "3 Outbox Row, Atlanta" },
  );
  const { data, error } = await app.serviceRole.rpc("enqueue_booking_message", {
    p_booking_id: booking.id,
    p_kind: "booking_received",
    p_facts: facts(booking) as never,
    // The answer to a payment goes at any hour: the test runs at any hour too.
    p_send_at_night: true,
  });
  if (error) throw error;
  expect(data).toBe(true);
  return booking;
}

async function messageOf(bookingId: string) {
  const { data, error } = await app.serviceRole.from("message_outbox").select("*").eq("booking_id", bookingId).single();
  if (error) throw error;
  return data;
}

const sendingOptions = () => ({
  serviceRole: app.serviceRole,
  mailer,
  logger: pino({ level: "silent" }),
  publicUrl: app.options.publicUrl,
  linkSecret: app.options.cookieSecret,
});

it("a queued 'booking received' reaches the customer's inbox over SMTP once, with its facts, calendar file and signed link, and keeps the provider's id", async () => {
  const booking = await queuedBooking(() => ({ customerName: "Olga Outbox" }));
  const arrived = new Promise<CaughtMessage>((resolve) => {
    const stop = catcher.subscribe((message) => {
      if (message.to.some((to) => to.address === booking.email)) {
        stop();
        resolve(message);
      }
    });
  });

  const sending = startMessageSending(sendingOptions());
  const mail = await arrived;
  await sending.stop();

  expect(mail.subject).toContain("Metro Movers");
  expect(mail.text).toContain("Olga Outbox");
  expect(mail.text).toContain("3 Outbox Row, Atlanta");
  expect(mail.html).toContain("3 Outbox Row, Atlanta");
  const link = new URL(/http:\/\/localhost:3000\/manage\?token=[^\s"<]+/.exec(mail.text ?? "")![0]);
  expect(link.searchParams.get("token")).toMatch(new RegExp(`^${booking.id}\\.`));
  const opened = await app.visitor().get(`${link.pathname}${link.search}`);
  expect(opened.status).toBe(200);
  expect(opened.text).toContain("3 Outbox Row, Atlanta");
  expect(mail.attachments).toEqual([expect.objectContaining({ filename: "move-2027-03-01.ics", contentType: "text/calendar" })]);
  expect(catcher.attachment(mail.id, 0)?.content.toString()).toContain(`UID:booking-${booking.id}@localhost`);
  const row = await messageOf(booking.id);
  expect(row).toMatchObject({ status: "sent", attempts: 1, provider_message_id: mail.messageId });
  expect(catcher.list().messages.filter((message) => message.to.some((to) => to.address === booking.email))).toHaveLength(1);
});

it("a message whose facts cannot be written fails at once with the reason, and nothing is sent", async () => {
  const booking = await queuedBooking(() => ({ movingDate: "someday" }));
  const before = catcher.list().total;
  const report = await sendDueMessages({
    outbox: messageOutbox(app.serviceRole),
    deliver: messageDelivery({
      mailer,
      publicUrl: app.options.publicUrl,
      linkSecret: app.options.cookieSecret,
      company: async () => ({ name: "Metro Movers", phone: "(404) 555-0182", timeZone: "America/New_York", changeRules: DEFAULT_CUSTOMER_CHANGE_RULES }),
      now: () => new Date("2026-12-01T15:00:00Z"),
    }),
    batch: 20,
  });
  expect(report).toMatchObject({ sent: 0, failed: 1 });
  const row = await messageOf(booking.id);
  expect(row.status).toBe("failed");
  expect(row.last_error).toMatch(/^could not be written/);
  expect(catcher.list().total).toBe(before);
});
