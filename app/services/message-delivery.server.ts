import { href } from "react-router";
import {
  MESSAGE_KINDS,
  isOfficeMessage,
  type BookingMessageFacts,
  type MessageCompany,
  type MessageFactsByKind,
  type MessageKind,
} from "~/domain/booking-messages";
import { isQuietHour, nextSendableInstant } from "~/domain/reminders";
import { bookingCalendarFile, type CalendarCompany } from "./calendar-file.server";
import type { Mailer, OutgoingMail } from "./mailer.server";
import { manageBookingUrl } from "./manage-links.server";
import type { Deliver, DeliveryOutcome, OutboxMessage } from "./message-sender.server";

const isMessageKind = (kind: string): kind is MessageKind => (MESSAGE_KINDS as string[]).includes(kind);

/** The messages about a move still ahead: they carry it as a calendar file. */
const CARRIES_CALENDAR_FILE = new Set<MessageKind>(["booking_received", "booking_confirmed", "reminder_48h", "reminder_day_before", "booking_rescheduled"]);

export interface MessageDeliveryOptions {
  mailer: Mailer;
  /** The company as it is named now, and its clock. */
  company: () => Promise<MessageCompany>;
  /** The app's public address: every link of a message is under it. */
  publicUrl: string;
  /** Signs the customers' manage links. */
  linkSecret: string;
  now?: () => Date;
}

/** A message's one link: the customer's signed manage link, or the office's page about it. */
function linkOf(message: OutboxMessage, kind: MessageKind, facts: object, { publicUrl, linkSecret }: MessageDeliveryOptions): string {
  if (kind === "office_tomorrow_list") return `${publicUrl}${href("/admin/schedule")}?day=${(facts as MessageFactsByKind[typeof kind]).date}`;
  if (message.booking_id === null) throw new Error(`a ${kind} message names no booking`);
  if (isOfficeMessage(kind)) return `${publicUrl}${href("/admin/bookings/:bookingId", { bookingId: message.booking_id })}`;
  // Signed for the address it is sent to: the link opens the booking as long as that is still its email.
  return manageBookingUrl(publicUrl, linkSecret, { id: message.booking_id, email: message.recipient });
}

/** The move of a message about a booking as a calendar file named after its date. */
function calendarAttachment(message: OutboxMessage, facts: BookingMessageFacts, manageUrl: string, company: CalendarCompany, now: Date) {
  const file = bookingCalendarFile(
    {
      bookingId: facts.bookingId,
      version: message.booking_version ?? 1,
      movingDate: facts.movingDate,
      movingTime: facts.movingTime,
      estimatedHours: facts.estimatedHours,
      fromAddress: facts.fromAddress,
      toAddress: facts.toAddress,
      crew: facts,
      manageUrl,
      cancelled: false,
    },
    company,
    now,
  );
  return { filename: `move-${facts.movingDate}.ics`, content: file, contentType: "text/calendar; charset=utf-8; method=PUBLISH" };
}

/**
 * Delivers an outbox message: its template, filled with the facts frozen when it was queued, the
 * company as it is named now and the message's link, sent by `mailer` with the move's calendar file
 * when the move is still ahead. In the company's quiet hours a message that may wait is deferred to
 * their end. A message that cannot be written never will be: it is refused for good, with the reason,
 * rather than tried again.
 */
export function messageDelivery(options: MessageDeliveryOptions): Deliver {
  const { mailer, now = () => new Date() } = options;
  return async (message): Promise<DeliveryOutcome> => {
    const company = await options.company();
    const at = now();
    if (!message.send_at_night && isQuietHour(at, company.timeZone)) {
      return { kind: "deferred", until: nextSendableInstant(at, company.timeZone) };
    }
    // The templates and their renderer are loaded with the first message, not with every server
    // that sends none; failing to load them is tried again, like a server not reached.
    const { renderMessage } = await import("./email-render.server");
    let mail: OutgoingMail;
    try {
      if (!isMessageKind(message.kind)) throw new Error(`no template for the kind ${message.kind}`);
      const kind = message.kind;
      const facts = message.facts as unknown as MessageFactsByKind[MessageKind];
      const link = linkOf(message, kind, facts, options);
      const rendered = await renderMessage(kind, facts, company, link);
      const attachments = CARRIES_CALENDAR_FILE.has(kind)
        ? [calendarAttachment(message, facts as BookingMessageFacts, link, { ...company, publicUrl: options.publicUrl }, at)]
        : [];
      mail = { to: message.recipient, subject: rendered.subject, html: rendered.html, text: rendered.text, attachments };
    } catch (error) {
      return { kind: "refused", permanent: true, response: `could not be written: ${error instanceof Error ? error.message : String(error)}` };
    }
    const outcome = await mailer.sendMail(mail);
    return outcome.kind === "unreachable" ? { kind: "unreachable", error: outcome.error } : outcome;
  };
}
