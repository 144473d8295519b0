import { MESSAGE_KINDS, type MessageCompany, type MessageFactsByKind, type MessageKind } from "~/domain/booking-messages";
import { renderMessage } from "./email-render.server";
import type { Mailer } from "./mailer.server";
import type { Deliver, DeliveryOutcome } from "./message-sender.server";

const isMessageKind = (kind: string): kind is MessageKind => (MESSAGE_KINDS as string[]).includes(kind);

/**
 * Delivers an outbox message: its template, filled with the facts frozen when it was queued and the
 * company as it is named now, sent by `mailer`. A message that cannot be rendered never will be: it
 * is refused for good, with the reason, rather than tried again.
 */
export function messageDelivery({ mailer, company }: { mailer: Mailer; company: () => Promise<MessageCompany> }): Deliver {
  return async (message): Promise<DeliveryOutcome> => {
    let rendered;
    try {
      if (!isMessageKind(message.kind)) throw new Error(`no template for the kind ${message.kind}`);
      rendered = await renderMessage(message.kind, message.facts as unknown as MessageFactsByKind[MessageKind], await company());
    } catch (error) {
      return { kind: "refused", permanent: true, response: `could not be written: ${error instanceof Error ? error.message : String(error)}` };
    }
    const outcome = await mailer.sendMail({ to: message.recipient, subject: rendered.subject, html: rendered.html, text: rendered.text });
    return outcome.kind === "unreachable" ? { kind: "unreachable", error: outcome.error } : outcome;
  };
}
