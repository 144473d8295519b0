import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { createMailCatcher, type CaughtMessage, type MailCatcher, type MailCatcherOptions } from "./index.ts";

// The catcher as a mail provider is seen by its senders: through nodemailer's SMTP transport.

const running: MailCatcher[] = [];
const directories: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((catcher) => catcher.close()));
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

async function start(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const catcher = await createMailCatcher(options);
  running.push(catcher);
  return catcher;
}

function dataDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "mail-catcher-"));
  directories.push(directory);
  return directory;
}

const send = (catcher: MailCatcher, message: SendMailOptions) => nodemailer.createTransport(catcher.smtpUrl).sendMail(message);

describe("the mail catcher", () => {
  it("receives HTML, text and an attachment whole, and tells its subscribers", async () => {
    const catcher = await start();
    const arrived: CaughtMessage[] = [];
    catcher.subscribe((message) => arrived.push(message));
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10]);
    const info = await send(catcher, {
      from: "Swift Movers <office@swift.test>",
      to: "Ana Lee <ana@example.com>",
      cc: "crew@swift.test",
      subject: "Your move on 3 March ✓",
      text: "Plain words.",
      html: "<p>Rich <b>words</b>.</p>",
      headers: { "X-Booking": "b-1" },
      attachments: [{ filename: "quote.pdf", content: pdf, contentType: "application/pdf" }],
    });

    const { total, messages } = catcher.list();
    expect(total).toBe(1);
    expect(messages[0]).toMatchObject({ subject: "Your move on 3 March ✓", attachmentCount: 1, to: [{ name: "Ana Lee", address: "ana@example.com" }] });
    const message = catcher.read(messages[0]!.id)!;
    expect(message).toMatchObject({
      envelope: { from: "office@swift.test", to: ["ana@example.com", "crew@swift.test"] },
      from: [{ name: "Swift Movers", address: "office@swift.test" }],
      cc: [{ name: "", address: "crew@swift.test" }],
      messageId: info.messageId,
      attachments: [{ filename: "quote.pdf", contentType: "application/pdf", size: pdf.length }],
    });
    expect(message.text?.trim()).toBe("Plain words.");
    expect(message.html).toBe("<p>Rich <b>words</b>.</p>");
    expect(message.headers).toContainEqual({ key: "x-booking", line: "X-Booking: b-1" });
    expect(catcher.attachment(message.id, 0)?.content.equals(pdf)).toBe(true);
    expect(catcher.attachment(message.id, 1)).toBeUndefined();
    expect(arrived.map((each) => each.id)).toEqual([message.id]);
  });

  it("delivers one message to two recipients once, and lists the newest first", async () => {
    const catcher = await start();
    await send(catcher, { from: "a@swift.test", to: "one@example.com", subject: "first", text: "1" });
    await send(catcher, { from: "a@swift.test", to: ["one@example.com", "two@example.com"], subject: "second", text: "2" });

    const { total, messages } = catcher.list();
    expect(total).toBe(2);
    expect(messages.map((message) => message.subject)).toEqual(["second", "first"]);
    expect(catcher.read(messages[0]!.id)?.envelope.to).toEqual(["one@example.com", "two@example.com"]);
    expect(catcher.list({ offset: 1, limit: 1 }).messages.map((message) => message.subject)).toEqual(["first"]);
  });

  it("refuses the next messages with the error it is given, keeps nothing of them, then accepts", async () => {
    const catcher = await start();
    catcher.refuseNext(2, { code: 451, message: "try again later" });
    const message = { from: "a@swift.test", to: "one@example.com", subject: "retry me", text: "…" };

    await expect(send(catcher, message)).rejects.toMatchObject({ responseCode: 451, response: expect.stringContaining("try again later") });
    catcher.refuseNext(1, { code: 550, message: "no such user" });
    await expect(send(catcher, message)).rejects.toMatchObject({ responseCode: 451 });
    await expect(send(catcher, message)).rejects.toMatchObject({ responseCode: 550, response: expect.stringContaining("no such user") });
    expect(catcher.list().total).toBe(0);

    await send(catcher, message);
    expect(catcher.list().messages.map((each) => each.subject)).toEqual(["retry me"]);
  });

  it("keeps the inbox and attachments across a restart with the same data directory", async () => {
    const dataDir = dataDirectory();
    const first = await start({ dataDir });
    await send(first, { from: "a@swift.test", to: "one@example.com", subject: "older", text: "1" });
    await send(first, {
      from: "a@swift.test",
      to: "one@example.com",
      subject: "newer",
      html: "<p>2</p>",
      attachments: [{ filename: "move.ics", content: "BEGIN:VCALENDAR", contentType: "text/calendar" }],
    });
    await first.close();

    const second = await start({ dataDir });
    const { messages } = second.list();
    expect(messages.map((message) => message.subject)).toEqual(["newer", "older"]);
    expect(second.read(messages[0]!.id)?.html).toBe("<p>2</p>");
    expect(second.attachment(messages[0]!.id, 0)?.content.toString()).toBe("BEGIN:VCALENDAR");
    expect(readdirSync(join(dataDir, "mail")).filter((name) => name.endsWith(".json"))).toHaveLength(2);
  });

  it("keeps only the newest messages, on disk too, also across a restart with a lower limit", async () => {
    const dataDir = dataDirectory();
    const catcher = await start({ dataDir, maxMessages: 3 });
    for (const subject of ["one", "two", "three", "four"]) {
      await send(catcher, {
        from: "a@swift.test",
        to: "one@example.com",
        subject,
        text: subject,
        attachments: [{ filename: `${subject}.txt`, content: subject }],
      });
    }
    const { total, messages } = catcher.list();
    expect(total).toBe(3);
    expect(messages.map((message) => message.subject)).toEqual(["four", "three", "two"]);
    const files = readdirSync(join(dataDir, "mail"));
    expect(files.filter((name) => name.endsWith(".json"))).toHaveLength(3);
    // Each kept message's attachment folder, and no other.
    expect(files.filter((name) => !name.endsWith(".json")).sort()).toEqual(messages.map((message) => message.id).sort());
    await catcher.close();

    const reopened = await start({ dataDir, maxMessages: 1 });
    expect(reopened.list().messages.map((message) => message.subject)).toEqual(["four"]);
    expect(readdirSync(join(dataDir, "mail"))).toHaveLength(2);
  });

  it("refuses a message over the size limit with 552 and keeps nothing", async () => {
    const dataDir = dataDirectory();
    const catcher = await start({ dataDir, maxMessageBytes: 50_000 });
    const big = { from: "a@swift.test", to: "one@example.com", subject: "big", text: "x".repeat(80_000) };

    await expect(send(catcher, big)).rejects.toMatchObject({ responseCode: 552 });
    expect(catcher.list().total).toBe(0);
    expect(readdirSync(join(dataDir, "mail"))).toEqual([]);

    await send(catcher, { ...big, text: "small" });
    expect(catcher.list().total).toBe(1);
  });

  it("reads nothing for an id that names a path", async () => {
    const dataDir = dataDirectory();
    const catcher = await start({ dataDir });
    await send(catcher, { from: "a@swift.test", to: "one@example.com", subject: "s", text: "t", attachments: [{ filename: "a.txt", content: "a" }] });
    expect(catcher.read("../mail")).toBeUndefined();
    expect(catcher.attachment("../../etc", 0)).toBeUndefined();
    expect(existsSync(join(dataDir, "mail"))).toBe(true);
  });
});
