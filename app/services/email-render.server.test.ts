import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BookingMessageFacts, MessageCompany, MessageFactsByKind, MessageKind } from "~/domain/booking-messages";
import { EMAIL_COLOURS } from "~/emails/email-palette";
import { customProperties } from "../../tests/support/colour-contrast.ts";
import { renderMessage } from "./email-render.server";
import { DEFAULT_CUSTOMER_CHANGE_RULES } from "~/domain/booking-cancellation";

const company: MessageCompany = { name: "Metro Movers", phone: "(404) 555-0182", timeZone: "America/New_York", changeRules: DEFAULT_CUSTOMER_CHANGE_RULES };

// The move is on the spring-forward Sunday: 09:00 is EDT though the day began in EST.
const booking: BookingMessageFacts = {
  bookingId: "3f2a9c1e-7b4d-4e8a-9c1f-2d3e4f5a6b7c",
  shortId: "3f2a9c1e",
  customerName: "Dana O'Neil",
  movingDate: "2027-03-14",
  movingTime: "09:00",
  estimatedHours: 4,
  fromAddress: "12 Peachtree St NE, Atlanta, GA 30303",
  toAddress: "48 Oak & Elm Ave, Decatur, GA 30030",
  teamType: "luxury",
  extraMovers: 2,
  estimatedCostCents: 84_050,
  depositCents: 5_000,
};
const manageUrl = "https://movers.example/manage?token=tok3n-abc";
const scheduleUrl = "https://movers.example/admin/schedule?day=2027-11-07";
const adminUrl = "https://movers.example/admin/bookings/3f2a9c1e-7b4d-4e8a-9c1f-2d3e4f5a6b7c";
/** Each message's one link: the office's pages for the office, the signed manage link for the customer. */
const linkOf = (kind: MessageKind) => (kind === "office_tomorrow_list" ? scheduleUrl : kind.startsWith("office_") ? adminUrl : manageUrl);
/** What a message about one booking sent to the office states. */
const officeFacts = [
  "Sunday, March 14, 2027",
  "9:00 AM – 1:00 PM EDT",
  booking.fromAddress,
  booking.toAddress,
  "$840.50",
  "Luxury Team + 2 extra movers",
  adminUrl,
];
const customer = { customerEmail: "dana@example.com", customerPhone: "(404) 555-0199" };

const samples: { [K in MessageKind]: MessageFactsByKind[K] } = {
  booking_received: booking,
  booking_confirmed: booking,
  reminder_48h: booking,
  reminder_day_before: booking,
  booking_rescheduled: { ...booking, previous: { movingDate: "2027-03-10", movingTime: "14:00", estimatedHours: 4 } },
  booking_cancelled: { ...booking, cancelledBy: "office", depositRefunded: true },
  booking_refunded: { ...booking, refundCents: 5_000 },
  day_closed_moved: booking,
  bill_ready: {
    ...booking,
    bill: {
      lines: [
        { label: "Luxury Team, 6.5 hours at $175/hour", amountCents: 113_750 },
        { label: "Packing", amountCents: 12_000 },
      ],
      subtotalCents: 125_750,
      discountCents: 2_500,
      discountReason: "Late start",
      totalCents: 123_250,
      depositPaidCents: 5_000,
      balanceCents: 118_250,
      acceptedEstimateCents: 84_050,
      marginPercent: 10,
      needsApproval: true,
    },
  },
  balance_paid: {
    ...booking,
    paymentId: "5e6f7a8b-1111-4222-8333-944455556666",
    balanceCents: 118_250,
    tipCents: 17_738,
    paidAt: "2027-03-14T22:05:00Z",
    balanceDueCents: 0,
  },
  balance_charge_failed: {
    ...booking,
    paymentId: "6f7a8b9c-1111-4222-8333-944455556666",
    amountCents: 118_250,
    needsAuthentication: true,
    balanceDueCents: 118_250,
  },
  office_new_booking: { ...booking, ...customer },
  office_customer_cancelled: { ...booking, ...customer },
  office_tomorrow_list: {
    date: "2027-11-07",
    moves: [
      { ...booking, ...customer, movingTime: "08:00", estimatedHours: 3 },
      { ...booking, ...customer, shortId: "9a8b7c6d", customerName: "Lee Park", movingTime: null, estimatedHours: 5, fromAddress: "7 Ponce de Leon Ave" },
    ],
  },
};

/** How HTML writes text: what React escapes. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** What a message about one booking must state, in its HTML and its text alike. */
const bookingFacts = [
  "Sunday, March 14, 2027",
  "9:00 AM – 1:00 PM EDT",
  booking.fromAddress,
  booking.toAddress,
  "$840.50",
  "Luxury Team + 2 extra movers",
  manageUrl,
];

const rendered = Object.fromEntries(
  await Promise.all(
    Object.entries(samples).map(async ([kind, facts]) => [
      kind,
      await renderMessage(kind as MessageKind, facts as never, company, linkOf(kind as MessageKind)),
    ]),
  ),
) as Record<MessageKind, Awaited<ReturnType<typeof renderMessage>>>;

const expectations: { [K in MessageKind]: { subject: string; states: string[] } } = {
  booking_received: {
    subject: "Metro Movers: booking received for Sunday, March 14, 2027",
    states: [...bookingFacts, "deposit is paid", "Manage your booking"],
  },
  booking_confirmed: {
    subject: "Metro Movers: your move on Sunday, March 14, 2027 is confirmed",
    states: [...bookingFacts, "is confirmed", "Manage your booking"],
  },
  reminder_48h: {
    subject: "Metro Movers: last chance to change or cancel your move on Sunday, March 14, 2027 online",
    // 48 elapsed hours before 09:00 EDT is 08:00 EST on Friday: the clocks change in between.
    states: [
      ...bookingFacts,
      "until Mar 12, 2027, 8:00 AM EST",
      "You can reschedule or cancel online, with the button below, until Mar 12, 2027, 8:00 AM EST, 48 hours before your move.",
      "Cancel online in time and it is refunded in full to the card you paid with.",
      "(404) 555-0182",
    ],
  },
  reminder_day_before: {
    subject: "Metro Movers: see you tomorrow, Sunday, March 14, 2027",
    states: [...bookingFacts, "your crew (Luxury Team + 2 extra movers) comes tomorrow", "Reserve parking"],
  },
  booking_rescheduled: {
    subject: "Metro Movers: your move is now on Sunday, March 14, 2027",
    states: [...bookingFacts, "Wednesday, March 10, 2027, 2:00 PM – 6:00 PM EST", "Sunday, March 14, 2027, 9:00 AM – 1:00 PM EDT"],
  },
  booking_cancelled: {
    subject: "Metro Movers: your move on Sunday, March 14, 2027 is cancelled",
    states: [...bookingFacts, "We have had to cancel", "$50 deposit is refunded"],
  },
  booking_refunded: { subject: "Metro Movers: $50 refunded for your move on Sunday, March 14, 2027", states: [...bookingFacts, "refunded $50"] },
  day_closed_moved: {
    subject: "Metro Movers: we are closed on Sunday, March 14, 2027: please pick another day",
    states: [...bookingFacts, "Pick another day"],
  },
  bill_ready: {
    subject: "Metro Movers: the bill for your move on Sunday, March 14, 2027",
    states: [
      ...bookingFacts,
      "Luxury Team, 6.5 hours at $175/hour",
      "$1,137.50",
      "Discount (Late start)",
      "-$25",
      "$1,232.50",
      "$1,182.50",
      "more than 10% above the estimate you accepted ($840.50)",
      "See and approve your bill",
    ],
  },
  balance_paid: {
    subject: "Metro Movers: receipt for $1,359.88 paid for your move on Sunday, March 14, 2027",
    states: [...bookingFacts, "#5e6f7a8b", "Mar 14, 2027, 6:05 PM EDT", "$1,182.50", "Tip for the crew", "$177.38", "$1,359.88", "Left to pay"],
  },
  balance_charge_failed: {
    subject: "Metro Movers: please pay the $1,182.50 left for your move on Sunday, March 14, 2027",
    states: [...bookingFacts, "tried to charge $1,182.50", "asked for you to confirm the payment yourself", "Nothing was charged", "Pay your balance"],
  },
  office_new_booking: {
    subject: "Metro Movers: new paid booking #3f2a9c1e for Sunday, March 14, 2027",
    states: [...officeFacts, "dana@example.com", "(404) 555-0199", "Open the booking"],
  },
  office_customer_cancelled: {
    subject: "Metro Movers: #3f2a9c1e for Sunday, March 14, 2027 cancelled by the customer",
    states: [...officeFacts, "cancelled their move", "dana@example.com"],
  },
  office_tomorrow_list: {
    subject: "Metro Movers: 2 moves tomorrow, Sunday, November 7, 2027",
    // The fall-back Sunday: the day's moves are in EST.
    states: [
      "8:00 AM – 11:00 AM EST",
      "8:00 AM – 1:00 PM EST",
      "#3f2a9c1e",
      "#9a8b7c6d",
      "Lee Park",
      "7 Ponce de Leon Ave",
      booking.toAddress,
      "(404) 555-0199",
      "https://movers.example/admin/schedule?day=2027-11-07",
    ],
  },
};

describe("renderMessage", () => {
  it.each(Object.keys(samples) as MessageKind[])("%s: subject, HTML and text state the message's facts", (kind) => {
    const { subject, html, text } = rendered[kind];
    expect(subject).toBe(expectations[kind].subject);
    for (const fact of expectations[kind].states) {
      expect(text).toContain(fact);
      expect(html).toContain(escaped(fact));
    }
    for (const output of [subject, html, text]) expect(output).not.toMatch(/undefined|NaN|\[object Object\]|null/);
    expect(html).toContain("Metro Movers");
    expect(text).toContain("(404) 555-0182");
  });

  it("lays mail out in tables with inline styles, brand colours and system fonts, no web fonts", () => {
    const { html } = rendered["booking_received"];
    expect(html).toMatch(/<table[^>]*role="presentation"/);
    expect(html).toContain(`background-color:${EMAIL_COLOURS.brand}`);
    expect(html).toContain("font-family:-apple-system");
    expect(html).not.toMatch(/@font-face|fonts\.googleapis|<link[^>]+stylesheet/);
  });

  it("says how a customer's own cancellation leaves the deposit when it is not refunded", async () => {
    const { text } = await renderMessage("booking_cancelled", { ...booking, cancelledBy: "customer", depositRefunded: false }, company, manageUrl);
    expect(text).toContain("As you asked, your move on Sunday, March 14, 2027, 9:00 AM EDT is cancelled.");
    expect(text).toContain("By our terms, cancelling does not refund your $50 deposit.");
  });

  it("says a deposit owed back on the customer's cancellation is on its way, and the refund once made", async () => {
    const owed = await renderMessage(
      "booking_cancelled",
      { ...booking, cancelledBy: "customer", depositRefunded: false, depositRefundDue: true },
      company,
      manageUrl,
    );
    expect(owed.text).toContain("Your $50 deposit is being refunded to the card you paid with; you will get an email when the refund is made.");
    const refunded = await renderMessage(
      "booking_cancelled",
      { ...booking, cancelledBy: "customer", depositRefunded: true, depositRefundDue: false },
      company,
      manageUrl,
    );
    expect(refunded.text).toContain("Your $50 deposit is refunded to the card you paid with");
  });

  it("states the company's own notice and deposit rule", async () => {
    const strict = { ...company, changeRules: { ...DEFAULT_CUSTOMER_CHANGE_RULES, noticeHours: 72, refundOnCancel: false } };
    const { text } = await renderMessage("booking_confirmed", booking, strict, manageUrl);
    expect(text).toContain("until Mar 11, 2027, 8:00 AM EST, 72 hours before your move.");
    expect(text).toContain("It is not refunded when you cancel.");
  });
});

describe("EMAIL_COLOURS", () => {
  it("are the app's brand colours", () => {
    const theme = customProperties(readFileSync(path.join(import.meta.dirname, "../app.css"), "utf8"));
    expect(EMAIL_COLOURS.brand).toBe(theme.get("color-brand-700"));
    expect(EMAIL_COLOURS.brandDark).toBe(theme.get("color-brand-900"));
    expect(EMAIL_COLOURS.brandTint).toBe(theme.get("color-brand-50"));
  });
});
