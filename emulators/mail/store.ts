import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** A name and an address as a message's headers give them. */
export interface MailAddress {
  name: string;
  address: string;
}

export interface CaughtAttachmentInfo {
  filename: string;
  contentType: string;
  size: number;
}

/** One caught message as it arrived: its envelope, its headers and both bodies. */
export interface CaughtMessage {
  /** Made here, never from the message: letters, digits and dashes only, safe as a file name. */
  id: string;
  receivedAt: string;
  envelope: { from: string; to: string[] };
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  subject: string;
  messageId: string | undefined;
  text: string | undefined;
  html: string | undefined;
  /** Every header line as it was sent, in order. */
  headers: Array<{ key: string; line: string }>;
  attachments: CaughtAttachmentInfo[];
}

/** What a list of messages shows of each. */
export type CaughtMessageSummary = Pick<CaughtMessage, "id" | "receivedAt" | "from" | "to" | "subject"> & { attachmentCount: number };

export interface CaughtAttachment extends CaughtAttachmentInfo {
  content: Buffer;
}

const ID = /^[0-9a-z]{1,40}-[0-9a-f]{1,40}$/;

/** A new message id: the arrival time (so names sort by it) and random hex. */
export function newMessageId(receivedAt: Date): string {
  return `${receivedAt.getTime().toString(36).padStart(10, "0")}-${randomBytes(8).toString("hex")}`;
}

/** How many messages the inbox keeps, as a local mail catcher does (Mailpit keeps 500): the oldest go first. */
export const DEFAULT_MAX_MESSAGES = 1_000;

/**
 * The inbox: in memory, and when `dir` is given also on disk, one `<id>.json` per message and its
 * attachments' contents as `<id>/<index>`, so a restart keeps it. It keeps the newest `maxMessages`,
 * so a long-running demo's memory and disk stay bounded.
 */
export function openMailStore(dir: string | undefined, maxMessages = DEFAULT_MAX_MESSAGES) {
  const messages: CaughtMessage[] = [];
  const contents = new Map<string, Buffer[]>();
  if (dir) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(dir)) {
      if (!name.endsWith(".json") || !ID.test(name.slice(0, -5))) continue;
      messages.push(JSON.parse(readFileSync(path.join(dir, name), "utf8")) as CaughtMessage);
    }
    messages.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  const byId = new Map(messages.map((message) => [message.id, message]));

  /** Forgets the oldest messages beyond the limit, their files and attachments included. */
  function prune() {
    for (const old of messages.splice(0, Math.max(messages.length - maxMessages, 0))) {
      byId.delete(old.id);
      contents.delete(old.id);
      if (dir) {
        rmSync(path.join(dir, `${old.id}.json`), { force: true });
        rmSync(path.join(dir, old.id), { recursive: true, force: true });
      }
    }
  }
  prune();

  return {
    add(message: CaughtMessage, attachmentContents: Buffer[]): void {
      if (!ID.test(message.id)) throw new Error(`unsafe message id ${message.id}`);
      if (dir) {
        // Contents first, the message last and whole (rename): a message listed has all its parts.
        if (attachmentContents.length > 0) {
          mkdirSync(path.join(dir, message.id), { mode: 0o700 });
          attachmentContents.forEach((content, index) => writeFileSync(path.join(dir, message.id, String(index)), content, { mode: 0o600 }));
        }
        const file = path.join(dir, `${message.id}.json`);
        writeFileSync(`${file}.tmp`, JSON.stringify(message), { mode: 0o600 });
        renameSync(`${file}.tmp`, file);
      } else {
        contents.set(message.id, attachmentContents);
      }
      messages.push(message);
      byId.set(message.id, message);
      prune();
    },
    count: () => messages.length,
    /** Newest first. */
    page(offset: number, limit: number): CaughtMessage[] {
      const end = Math.max(messages.length - offset, 0);
      return messages.slice(Math.max(end - limit, 0), end).reverse();
    },
    get: (id: string): CaughtMessage | undefined => byId.get(id),
    attachment(id: string, index: number): CaughtAttachment | undefined {
      const message = byId.get(id);
      const info = Number.isSafeInteger(index) && index >= 0 ? message?.attachments[index] : undefined;
      if (!message || !info) return undefined;
      const content = dir ? readFileSync(path.join(dir, message.id, String(index))) : contents.get(message.id)?.[index];
      return content ? { ...info, content } : undefined;
    },
  };
}
