import { plainTextSelectors, render } from "@react-email/render";
import { createElement, type ReactElement } from "react";
import { messageSubject, type MessageCompany, type MessageFactsByKind, type MessageKind } from "~/domain/booking-messages";
import {
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

/** In plain text each table row is a line, its cells apart. */
const htmlToTextOptions = {
  selectors: [...plainTextSelectors, { selector: "tr", format: "block" }, { selector: "td", format: "inlineSurround", options: { suffix: " " } }],
};

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
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions })]);
  return { subject: messageSubject(kind, facts, company), html, text };
}
