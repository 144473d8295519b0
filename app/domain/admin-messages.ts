// The messages the company sends, as the office reads them: each kind in words, each status, when it
// goes or went (on the company's clock), and the list of recent messages with its filter and pages.

import { ADMIN_BOOKINGS_PAGE_SIZE, listPageNumber } from "./admin-list-pages";
import { formatCompanyDateTime, shortBookingId } from "./booking";
import type { MessageKind } from "./booking-messages";

/** Each kind of message as people say it. */
export const MESSAGE_KIND_LABELS: Readonly<Record<MessageKind, string>> = {
  booking_received: "Booking received",
  booking_confirmed: "Booking confirmed",
  reminder_48h: "Reminder 48 hours before",
  reminder_day_before: "Reminder the day before",
  booking_rescheduled: "Date or time changed",
  booking_cancelled: "Booking cancelled",
  booking_refunded: "Refunded",
  day_closed_moved: "Day closed: pick another",
  bill_ready: "Final bill",
  balance_paid: "Receipt: balance paid",
  balance_charge_failed: "Saved card refused: pay online",
  office_new_booking: "Office: new booking",
  office_customer_cancelled: "Office: customer cancelled",
  office_tomorrow_list: "Office: tomorrow's moves",
};

/** A kind in words; one the app does not know yet is shown as stored. */
export function messageKindLabel(kind: string): string {
  return Object.hasOwn(MESSAGE_KIND_LABELS, kind) ? MESSAGE_KIND_LABELS[kind as MessageKind] : kind;
}

export type MessageStatus = "queued" | "sending" | "sent" | "failed" | "void";

/** One message of the outbox, as the office's pages read it. */
export interface OutboxMessage {
  id: number;
  /** Null for a message about a day (the office's list of tomorrow's moves). */
  bookingId: string | null;
  kind: string;
  recipient: string;
  status: MessageStatus;
  /** The provider's answer to the last attempt that failed. */
  lastError: string | null;
  /** ISO timestamps. */
  dueAt: string;
  sentAt: string | null;
  createdAt: string;
}

/** A message's status in words: a failed one with the provider's answer, a void one as out of date. */
export function messageStatusLabel(message: Pick<OutboxMessage, "status" | "lastError">): string {
  switch (message.status) {
    case "queued":
      return "Queued";
    case "sending":
      return "Sending";
    case "sent":
      return "Sent";
    case "failed":
      return message.lastError ? `Failed: ${message.lastError}` : "Failed";
    case "void":
      return "Not sent: out of date";
  }
}

/** A message as a row of the office's lists shows it. */
export interface MessageView {
  id: number;
  kind: string;
  to: string;
  booking: { id: string; shortId: string } | null;
  /** "Sent Nov 28, 2026, 5:00 PM" once sent, else "Due …". */
  when: string;
  status: MessageStatus;
  statusLabel: string;
  /** Only a failed message may be sent again. */
  canResend: boolean;
}

/** A message as the office's lists show it, its times on the company's clock (`timeZone`). */
export function messageView(message: OutboxMessage, timeZone: string): MessageView {
  return {
    id: message.id,
    kind: messageKindLabel(message.kind),
    to: message.recipient,
    booking: message.bookingId ? { id: message.bookingId, shortId: shortBookingId(message.bookingId) } : null,
    when: message.sentAt ? `Sent ${formatCompanyDateTime(message.sentAt, timeZone)}` : `Due ${formatCompanyDateTime(message.dueAt, timeZone)}`,
    status: message.status,
    statusLabel: messageStatusLabel(message),
    canResend: message.status === "failed",
  };
}

/** The office's list of recent messages: 25 a page, as every admin list. */
export const MESSAGES_PAGE_SIZE = ADMIN_BOOKINGS_PAGE_SIZE;

export interface MessagesQuery {
  page: number;
  /** `?status=failed`: only the messages that failed. */
  failedOnly: boolean;
}

/** The list's search parameters: page 1 and every status when missing or not understood. */
export function messagesQuery(params: URLSearchParams): MessagesQuery {
  const page = listPageNumber(params.get("page"));
  return { page, failedOnly: params.get("status") === "failed" };
}

export function messagesHref({ page, failedOnly }: MessagesQuery): string {
  const params = new URLSearchParams();
  if (failedOnly) params.set("status", "failed");
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/messages?${search}` : "/admin/messages";
}

/** The 'Send again' form: its intent and the message it names. */
export const RESEND_MESSAGE_INTENT = "resend-message";

export const RESEND_MESSAGES = {
  queued: "Message queued",
  queuedDescription: "It goes out again in a moment.",
  notFailed: "Only a failed message can be sent again",
  notFound: "No such message",
  invalid: "Choose a message to send again.",
} as const;
