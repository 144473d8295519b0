import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, type Mailer } from "../../app/services/mailer.server.ts";
import { createMailCatcher, type MailCatcher } from "../../emulators/mail/index.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";

// The admin area's mailbox shows what the embedded mail catcher received over SMTP: admins only, and
// only when the server runs the catcher (with a real SMTP server the pages do not exist).

let backend: TestBackend;
let catcher: MailCatcher;
let mailer: Mailer;
let app: TestApp;
let admin: SignedInVisitor;
let moderator: SignedInVisitor;
let customer: SignedInVisitor;
let messageId: string;

const CALENDAR = "BEGIN:VCALENDAR\r\nSUMMARY:Your move\r\nEND:VCALENDAR\r\n";

beforeAll(async () => {
  [backend, catcher] = await Promise.all([startTestBackend(), createMailCatcher()]);
  mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: "Swift Movers <bookings@swift.example>" });
  app = await startTestApp(backend, { mail: mailer, mailbox: catcher });
  [admin, moderator, customer] = await Promise.all([
    signIn(app, "admin", { label: "mail-admin" }),
    signIn(app, "moderator", { label: "mail-moderator" }),
    signIn(app, "customer", { label: "mail-customer" }),
  ]);
  const sent = await app.services.mail.sendMail({
    to: "Ana Lee <ana@example.com>",
    subject: "Your move is booked",
    html: '<p>See you on <b>March 3</b>.</p><script>alert("x")</script>',
    text: "See you on March 3.",
    attachments: [{ filename: "move 3 März.ics", content: CALENDAR, contentType: "text/calendar" }],
  });
  expect(sent).toMatchObject({ kind: "sent" });
  messageId = catcher.list({ offset: 0, limit: 1 }).messages[0]!.id;
}, 120_000);

afterAll(async () => {
  mailer?.close();
  await catcher?.close();
  await backend?.close();
});

describe("the admin mailbox", () => {
  it("lists a sent message for an admin, linked from the sidebar", async () => {
    const page = await admin.visitor.get("/admin/mail");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Your move is booked");
    expect(page.text).toContain("Ana Lee <ana@example.com>");
    expect(page.html).toContain(`href="/admin/mail/${messageId}"`);
    expect(page.html).toContain('href="/admin/mail"');
  });

  it("shows an admin the message's subject, addresses, HTML in an empty sandbox and text", async () => {
    const page = await admin.visitor.get(`/admin/mail/${messageId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Your move is booked");
    expect(page.text).toContain("Swift Movers <bookings@swift.example>");
    const iframe = page.html.match(/<iframe[^>]*>/)?.[0] ?? "";
    expect(iframe).toContain('sandbox=""');
    expect(iframe).toContain('srcDoc="&lt;p&gt;See you on &lt;b&gt;March 3&lt;/b&gt;.&lt;/p&gt;');
    expect(page.html).not.toContain('<script>alert("x")</script>');
    expect(page.html).toMatch(/<pre[^>]*>See you on March 3\.\s*<\/pre>/);
    expect(page.html).toContain(`href="/admin/mail/${messageId}/attachments/0"`);
  });

  it("serves an attachment whole as a download with its content type", async () => {
    const response = await admin.visitor.send(new Request(`http://localhost:3000/admin/mail/${messageId}/attachments/0`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="move 3 M_rz.ics"; filename*=UTF-8''move%203%20M%C3%A4rz.ics`);
    expect(await response.text()).toBe(CALENDAR);
    const missing = await admin.visitor.send(new Request(`http://localhost:3000/admin/mail/${messageId}/attachments/1`));
    expect(missing.status).toBe(404);
    expect((await admin.visitor.get("/admin/mail/not-a-message")).status).toBe(404);
  });

  it("is refused to guests, customers and moderators, and not in a moderator's sidebar", async () => {
    const guest = app.visitor();
    await expectStaffOnly("/admin/mail", { guest, customer: customer.visitor, hidden: ["Your move is booked"] });
    for (const path of ["/admin/mail", `/admin/mail/${messageId}`]) {
      const page = await moderator.visitor.get(path);
      expect(page.status, path).toBe(403);
      expect(page.html, path).not.toContain("Your move is booked");
    }
    const attachment = await moderator.visitor.send(new Request(`http://localhost:3000/admin/mail/${messageId}/attachments/0`));
    expect(attachment.status).toBe(403);
    expect(await attachment.text()).not.toContain("VCALENDAR");
    expect((await moderator.visitor.get("/admin")).html).not.toContain('href="/admin/mail"');
  });

  it("does not exist without the embedded mail catcher: 404 and no sidebar link", async () => {
    const hosted = await startTestApp(backend, { mail: mailer });
    const { visitor } = await signIn(hosted, "admin", { label: "mail-hosted-admin" });
    for (const path of ["/admin/mail", `/admin/mail/${messageId}`, `/admin/mail/${messageId}/attachments/0`]) {
      const page = await visitor.get(path);
      expect(page.status, path).toBe(404);
      expect(page.html, path).not.toContain("Your move is booked");
    }
    const overview = await visitor.get("/admin");
    expect(overview.status).toBe(200);
    expect(overview.html).not.toContain('href="/admin/mail"');
  });
});
