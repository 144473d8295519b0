// What the admin area reads of the embedded mail catcher's inbox. The server hands over an
// implementation in embedded mode only; the app never reaches the catcher any other way.

export interface MailboxAddress {
  name: string;
  address: string;
}

export interface MailboxSummary {
  id: string;
  /** ISO 8601 instant. */
  receivedAt: string;
  from: MailboxAddress[];
  to: MailboxAddress[];
  subject: string;
  attachmentCount: number;
}

export interface MailboxMessage extends Omit<MailboxSummary, "attachmentCount"> {
  cc: MailboxAddress[];
  text: string | undefined;
  html: string | undefined;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
}

export interface Mailbox {
  /** Newest first; `total` counts every message. */
  list(page: { offset: number; limit: number }): { total: number; messages: MailboxSummary[] };
  read(id: string): MailboxMessage | undefined;
  attachment(id: string, index: number): { filename: string; contentType: string; content: Uint8Array } | undefined;
}
