import path from "node:path";
import { createServer, type AddressInfo } from "node:net";
import type { AddressObject } from "mailparser";
import type { SMTPServer, SMTPServerDataStream } from "smtp-server";
import { newMessageId, openMailStore, type CaughtMessage, type CaughtMessageSummary, type MailAddress } from "./store.ts";

export type { CaughtAttachment, CaughtAttachmentInfo, CaughtMessage, CaughtMessageSummary, MailAddress } from "./store.ts";

export interface MailCatcherOptions {
  /** Keeps the inbox under `dataDir/mail/` across restarts; unset, in memory only. */
  dataDir?: string;
  host?: string;
  /** 0 (the default): a free port. */
  port?: number;
  /** The largest message accepted, in bytes; larger ones get 552. Default 10 MB. */
  maxMessageBytes?: number;
  /** How many messages it keeps, newest first (default 1,000); older ones are deleted. */
  maxMessages?: number;
}

/** An SMTP answer the catcher gives instead of accepting a message. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

export interface MailCatcher {
  /** Where to send: `smtp://127.0.0.1:PORT`, no authentication, no TLS. */
  smtpUrl: string;
  /** Newest first, `limit` (default all) from `offset`; `total` counts every caught message. */
  list(page?: { offset?: number; limit?: number }): { total: number; messages: CaughtMessageSummary[] };
  read(id: string): CaughtMessage | undefined;
  attachment(id: string, index: number): ReturnType<ReturnType<typeof openMailStore>["attachment"]>;
  /** Calls the listener with each message caught from now on; returns the unsubscribe function. */
  subscribe(listener: (message: CaughtMessage) => void): () => void;
  /** Answers the next `count` messages with this SMTP error and keeps nothing of them (a fault for tests). */
  refuseNext(count: number, refusal: SmtpRefusal): void;
  close(): Promise<void>;
}

export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * A local inbox that receives mail over real SMTP, as a provider would, and keeps each message
 * parsed (like the Supabase CLI's local inbox). It accepts any sender and recipient.
 */
export async function createMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const store = openMailStore(options.dataDir === undefined ? undefined : path.join(options.dataDir, "mail"), options.maxMessages);
  const listeners = new Set<(message: CaughtMessage) => void>();
  const refusals: SmtpRefusal[] = [];

  async function receive(stream: SMTPServerDataStream, envelope: CaughtMessage["envelope"]): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) if (!stream.sizeExceeded) chunks.push(chunk);
    const refusal = refusals.shift();
    if (refusal) throw smtpError(refusal.code, refusal.message);
    if (stream.sizeExceeded) throw smtpError(552, `message exceeds fixed maximum message size of ${maxBytes} bytes`);
    // The parser and its dozens of modules are loaded with the first message, not at start.
    const { simpleParser } = await import("mailparser");
    const parsed = await simpleParser(Buffer.concat(chunks));
    const receivedAt = new Date();
    const message: CaughtMessage = {
      id: newMessageId(receivedAt),
      receivedAt: receivedAt.toISOString(),
      envelope,
      from: addresses(parsed.from),
      to: addresses(parsed.to),
      cc: addresses(parsed.cc),
      subject: parsed.subject ?? "",
      messageId: parsed.messageId,
      text: parsed.text,
      html: parsed.html || undefined,
      headers: parsed.headerLines.map(({ key, line }) => ({ key, line })),
      attachments: parsed.attachments.map((attachment, index) => ({
        filename: attachment.filename ?? `attachment-${index + 1}`,
        contentType: attachment.contentType,
        size: attachment.content.length,
      })),
    };
    store.add(
      message,
      parsed.attachments.map((attachment) => attachment.content),
    );
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (error) {
        console.error("Mail catcher: a listener failed", error);
      }
    }
    return message.id;
  }

  const startSmtp = async (): Promise<SMTPServer> => {
    const { SMTPServer } = await import("smtp-server");
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      size: maxBytes,
      banner: "local mail catcher",
      logger: false,
      // A pooled sender's idle connection must not hold a stop back for long.
      closeTimeout: 1_000,
      onData(stream, session, callback) {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        receive(stream, envelope).then(
          (id) => callback(null, `Ok: queued as ${id}`),
          (error: Error) => callback(error),
        );
      },
    });
    smtp.on("error", (error) => console.error("Mail catcher: SMTP error", error));
    return smtp;
  };
  // The port is open from the start, but the SMTP server, with what it imports (TLS and nodemailer's
  // helpers: some 7 MiB), is loaded with the first connection: a server may send no mail
  // for hours. Each connection is then handed to it as if it had accepted it itself.
  let smtp: Promise<SMTPServer> | undefined;
  const listener = createServer((socket) => {
    (smtp ??= startSmtp()).then(
      (server) => server.server.emit("connection", socket),
      (error: unknown) => {
        smtp = undefined;
        console.error("Mail catcher: the SMTP server could not start", error);
        socket.destroy();
      },
    );
  });
  listener.on("error", (error) => console.error("Mail catcher: SMTP error", error));
  await new Promise<void>((resolve, reject) => {
    listener.once("error", reject);
    listener.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = listener.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;

  return {
    smtpUrl: `smtp://${host}:${address.port}`,
    list({ offset = 0, limit = Number.MAX_SAFE_INTEGER } = {}) {
      return {
        total: store.count(),
        messages: store.page(offset, limit).map(({ id, receivedAt, from, to, subject, attachments }) => ({
          id,
          receivedAt,
          from,
          to,
          subject,
          attachmentCount: attachments.length,
        })),
      };
    },
    read: (id) => store.get(id),
    attachment: (id, index) => store.attachment(id, index),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refuseNext(count, refusal) {
      for (let index = 0; index < count; index++) refusals.push(refusal);
    },
    close() {
      // Resolved once every connection the port took has ended; the SMTP server ends its sessions.
      closing ??= new Promise<void>((resolve) => {
        listener.close(() => resolve());
        void smtp?.then((server) => server.close());
      });
      return closing;
    },
  };
}

function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

function addresses(header: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return objects.flatMap((object) =>
    object.value.flatMap((entry) => (entry.group ?? [entry]).map((member) => ({ name: member.name, address: member.address ?? "" }))),
  );
}
