import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, type Mailer } from "../../app/services/mailer.server.ts";
import { createMailCatcher, type MailCatcher } from "../../emulators/mail/index.ts";

// The app's one way to send mail, against the embedded catcher over real SMTP: each SMTP answer
// comes back as a plain outcome, and a server that cannot be reached is an outcome too.

let catcher: MailCatcher;
let mailer: Mailer;

beforeAll(async () => {
  catcher = await createMailCatcher();
  mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: "Swift Movers <bookings@swift.example>" });
});

afterAll(async () => {
  mailer?.close();
  await catcher?.close();
});

const message = (subject: string) => ({
  to: "ana@example.com",
  subject,
  html: `<p>${subject}</p>`,
  text: subject,
  headers: { "X-Booking": "b-42" },
  attachments: [{ filename: "move.ics", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", contentType: "text/calendar" }],
});

describe("sendMail", () => {
  it("sends from MAIL_FROM and answers sent with the message's id", async () => {
    const outcome = await mailer.sendMail(message("Booking received"));

    expect(outcome).toMatchObject({ kind: "sent", messageId: expect.stringMatching(/^<.+@.+>$/) });
    const caught = catcher.list().messages.find((each) => each.subject === "Booking received")!;
    const received = catcher.read(caught.id)!;
    expect(received).toMatchObject({
      from: [{ name: "Swift Movers", address: "bookings@swift.example" }],
      to: [{ address: "ana@example.com" }],
      html: "<p>Booking received</p>",
      attachments: [{ filename: "move.ics", contentType: "text/calendar" }],
    });
    expect(outcome.kind === "sent" && outcome.messageId).toBe(received.messageId);
    expect(received.headers).toContainEqual({ key: "x-booking", line: "X-Booking: b-42" });
  });

  it("answers refused and permanent for a 5xx answer, and keeps nothing", async () => {
    catcher.refuseNext(1, { code: 550, message: "mailbox unavailable" });
    expect(await mailer.sendMail(message("Refused for good"))).toEqual({
      kind: "refused",
      permanent: true,
      response: expect.stringContaining("550 mailbox unavailable"),
    });
    expect(catcher.list().messages.map((each) => each.subject)).not.toContain("Refused for good");
  });

  it("answers refused and temporary for a 4xx answer; the next try is sent", async () => {
    catcher.refuseNext(1, { code: 451, message: "try again later" });
    expect(await mailer.sendMail(message("Try again"))).toEqual({
      kind: "refused",
      permanent: false,
      response: expect.stringContaining("451 try again later"),
    });
    expect(await mailer.sendMail(message("Try again"))).toMatchObject({ kind: "sent" });
    expect(catcher.list().messages.filter((each) => each.subject === "Try again")).toHaveLength(1);
  });

  it("answers unreachable, without throwing, when nothing listens on the port", async () => {
    const port = await closedPort();
    const nowhere = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "bookings@swift.example" });
    try {
      expect(await nowhere.sendMail(message("Nowhere"))).toEqual({ kind: "unreachable", error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    } finally {
      nowhere.close();
    }
  });
});

/** A port that was free a moment ago and has no listener now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
