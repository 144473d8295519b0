import { plainTextSelectors, render } from "@react-email/render";
import { compile } from "html-to-text";
import { createElement, type ReactElement } from "react";
import { messageSubject, type MessageCompany, type MessageFactsByKind, type MessageKind } from "~/domain/booking-messages";
import {
  BalancePaidEmail,
  BalanceChargeFailedEmail,
  BillReadyEmail,
  BookingCancelledEmail,
  BookingConfirmedEmail,
  BookingReceivedEmail,
  BookingRefundedEmail,
  BookingRescheduledEmail,
  DayClosedEmail,
  ReminderDayBeforeEmail,
  ReminderFortyEightHoursEmail,
} from "~/emails/customer-messages";
import { OfficeCustomerCancelledEmail, OfficeNewBookingEmail, OfficeTomorrowEmail } from "~/emails/office-messages";

// A message as mail carries it: its subject, and its HTML and plain text from the one template.

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

/**
 * The plain text of a message's HTML, as React Email reads it (no wrapping, its selectors), with each
 * table row a line and its cells apart. Compiled once: compiling the selectors costs more than reading.
 */
const htmlToText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, { selector: "tr", format: "block" }, { selector: "td", format: "inlineSurround", options: { suffix: " " } }],
});

type TemplateProps<K extends MessageKind> = { facts: MessageFactsByKind[K]; company: MessageCompany; link: string };

const TEMPLATES: { [K in MessageKind]: (props: TemplateProps<K>) => ReactElement } = {
  booking_received: BookingReceivedEmail,
  booking_confirmed: BookingConfirmedEmail,
  reminder_48h: ReminderFortyEightHoursEmail,
  reminder_day_before: ReminderDayBeforeEmail,
  booking_rescheduled: BookingRescheduledEmail,
  booking_cancelled: BookingCancelledEmail,
  booking_refunded: BookingRefundedEmail,
  day_closed_moved: DayClosedEmail,
  bill_ready: BillReadyEmail,
  balance_paid: BalancePaidEmail,
  balance_charge_failed: BalanceChargeFailedEmail,
  office_new_booking: OfficeNewBookingEmail,
  office_customer_cancelled: OfficeCustomerCancelledEmail,
  office_tomorrow_list: OfficeTomorrowEmail,
};

/** `link`: the message's one link (the customer's signed manage link, or the office's page). */
export async function renderMessage<K extends MessageKind>(
  kind: K,
  facts: MessageFactsByKind[K],
  company: MessageCompany,
  link: string,
): Promise<RenderedMessage> {
  const Template = TEMPLATES[kind] as (props: TemplateProps<K>) => ReactElement;
  const element = createElement(Template, { facts, company, link });
  // The text is read from the HTML, as a plain-text render would read it: one render, not two.
  const html = await render(element);
  const text = htmlToText(html);
  return { subject: messageSubject(kind, facts, company), html, text };
}
