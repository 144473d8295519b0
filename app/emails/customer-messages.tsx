import { Section, Text } from "@react-email/components";
import { depositOnCancellation, noticeInWords, onlineChangesInWords } from "~/domain/booking-cancellation";
import { crewText, moveTimeText, type MessageCompany, type MessageFactsByKind } from "~/domain/booking-messages";
import { formatDateTimeIn } from "~/domain/company-time";
import { formatCents } from "~/domain/money";
import { BookingFacts, FactTable } from "./booking-facts";
import { ActionButton, EmailLayout, Paragraph, paragraph } from "./email-layout";
import { MOVE_PREPARATION } from "~/domain/next-move";

// The messages a customer receives about their booking, one component a kind.

/** `link`: the booking's signed 'Manage your booking' link. */
type Props<K extends keyof MessageFactsByKind> = { facts: MessageFactsByKind[K]; company: MessageCompany; link: string };

/** The company's rules for the customer's own changes, with this move's deadline on the company's clock. */
function ChangeRules({ facts, company }: Pick<Props<"booking_received">, "facts" | "company">) {
  const when = moveTimeText(facts, company);
  const notice = noticeInWords(company.changeRules.noticeHours);
  return (
    <>
      <Paragraph>{`You can ${onlineChangesInWords(company.changeRules)} online, with the button below, until ${when.lastOnlineChange}, ${notice}. After that, call us at ${company.phone} to change or cancel it.`}</Paragraph>
      <Paragraph>{depositOnCancellation(company.changeRules, facts.depositCents)}</Paragraph>
    </>
  );
}

export function BookingReceivedEmail({ facts, company, link }: Props<"booking_received">) {
  const when = moveTimeText(facts, company);
  return (
    <EmailLayout company={company} title="We have your booking" preview={`Your ${formatCents(facts.depositCents)} deposit is paid for ${when.date}.`}>
      <Paragraph>
        {`Thank you, ${facts.customerName}. Your ${formatCents(facts.depositCents)} deposit is paid and your move on ${when.dateAndStart} is booked. Our office will confirm it shortly; you will get an email when it does.`}
      </Paragraph>
      <ChangeRules facts={facts} company={company} />
      <BookingFacts facts={facts} company={company} link={link} />
    </EmailLayout>
  );
}

export function BookingConfirmedEmail({ facts, company, link }: Props<"booking_confirmed">) {
  const when = moveTimeText(facts, company);
  return (
    <EmailLayout company={company} title="Your move is confirmed" preview={`Confirmed: ${when.dateAndStart}.`}>
      <Paragraph>
        {`Good news, ${facts.customerName}: your move on ${when.dateAndStart} is confirmed. Our crew will be there at the start of your time window.`}
      </Paragraph>
      <ChangeRules facts={facts} company={company} />
      <BookingFacts facts={facts} company={company} link={link} />
    </EmailLayout>
  );
}

export function ReminderFortyEightHoursEmail({ facts, company, link }: Props<"reminder_48h">) {
  const when = moveTimeText(facts, company);
  return (
    <EmailLayout
      company={company}
      title={`Last chance to ${onlineChangesInWords(company.changeRules)} online`}
      preview={`Last moment to change or cancel online: ${when.lastOnlineChange}.`}
    >
      <Paragraph>{`Hello ${facts.customerName}, your move is on ${when.dateAndStart}.`}</Paragraph>
      <ChangeRules facts={facts} company={company} />
      <BookingFacts facts={facts} company={company} link={link} />
    </EmailLayout>
  );
}

export function ReminderDayBeforeEmail({ facts, company, link }: Props<"reminder_day_before">) {
  const when = moveTimeText(facts, company);
  return (
    <EmailLayout company={company} title="See you tomorrow" preview={`${when.date}, ${when.window}: ${crewText(facts)}.`}>
      <Paragraph>{`Hello ${facts.customerName}, your crew (${crewText(facts)}) comes tomorrow, ${when.date}: ${when.window}.`}</Paragraph>
      <Text style={{ ...paragraph, fontWeight: 600, marginBottom: "4px" }}>To prepare</Text>
      <Section>
        <ul style={{ ...paragraph, marginTop: 0, paddingLeft: "20px" }}>
          {MOVE_PREPARATION.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
      <BookingFacts facts={facts} company={company} link={link} />
    </EmailLayout>
  );
}

export function BookingRescheduledEmail({ facts, company, link }: Props<"booking_rescheduled">) {
  const was = moveTimeText(facts.previous, company);
  const now = moveTimeText(facts, company);
  return (
    <EmailLayout company={company} title="Your move has a new time" preview={`Now ${now.dateAndStart} (was ${was.dateAndStart}).`}>
      <Paragraph>
        {facts.changedBy === "customer"
          ? `Hello ${facts.customerName}, as you asked, your move has a new date or time.`
          : `Hello ${facts.customerName}, the date or time of your move has changed.`}
      </Paragraph>
      <FactTable
        rows={[
          ["Was", `${was.date}, ${was.window}`],
          ["Now", `${now.date}, ${now.window}`],
        ]}
      />
      {facts.changedBy === "customer" ? null : <Paragraph>{`If the new time does not suit you, call us at ${company.phone}.`}</Paragraph>}
      <BookingFacts facts={facts} company={company} link={link} />
    </EmailLayout>
  );
}

export function BookingCancelledEmail({ facts, company, link }: Props<"booking_cancelled">) {
  const when = moveTimeText(facts, company);
  const deposit = formatCents(facts.depositCents);
  const who =
    facts.cancelledBy === "customer"
      ? `As you asked, your move on ${when.dateAndStart} is cancelled.`
      : `We have had to cancel your move on ${when.dateAndStart}.`;
  return (
    <EmailLayout company={company} title="Your booking is cancelled" preview={`Cancelled: ${when.dateAndStart}.`}>
      <Paragraph>{`Hello ${facts.customerName}. ${who}`}</Paragraph>
      <Paragraph>
        {facts.depositRefunded
          ? `Your ${deposit} deposit is refunded to the card you paid with; banks take a few business days to show it.`
          : facts.depositRefundDue
            ? `Your ${deposit} deposit is being refunded to the card you paid with; you will get an email when the refund is made.`
            : facts.cancelledBy === "office"
              ? `Our office will be in touch about your ${deposit} deposit; you will get an email when a refund is on its way. Questions? Call us at ${company.phone}.`
              : `By our terms, cancelling does not refund your ${deposit} deposit. Questions? Call us at ${company.phone}.`}
      </Paragraph>
      <BookingFacts facts={facts} company={company} link={link} />
    </EmailLayout>
  );
}

export function BookingRefundedEmail({ facts, company, link }: Props<"booking_refunded">) {
  const refund = formatCents(facts.refundCents);
  return (
    <EmailLayout company={company} title={`We refunded ${refund}`} preview={`${refund} is on its way back to your card.`}>
      <Paragraph>
        {`Hello ${facts.customerName}, we have refunded ${refund} to the card you paid with for booking #${facts.shortId}. Banks take a few business days to show it.`}
      </Paragraph>
      <BookingFacts facts={facts} company={company} link={link} />
    </EmailLayout>
  );
}

export function DayClosedEmail({ facts, company, link }: Props<"day_closed_moved">) {
  const when = moveTimeText(facts, company);
  return (
    <EmailLayout company={company} title="Please pick another day" preview={`We are closed on ${when.date}: pick another day for your move.`}>
      <Paragraph>
        {`Hello ${facts.customerName}, we are sorry: we have had to close on ${when.date}, so your move cannot go ahead that day. Your booking and deposit are kept. Pick another day that suits you online: it does not count toward your online changes. If no day suits you, you can cancel online and your deposit is refunded in full. Or call us at ${company.phone}.`}
      </Paragraph>
      <ActionButton href={link}>Pick another day</ActionButton>
      <BookingFacts facts={facts} company={company} link={link} />
    </EmailLayout>
  );
}

/** A bill's lines and sums, as a table of label–amount rows. */
function billRows(bill: MessageFactsByKind["bill_ready"]["bill"]): [string, string][] {
  return [
    ...bill.lines.map((line): [string, string] => [line.label, formatCents(line.amountCents)]),
    ...(bill.discountCents > 0 ? [[`Discount (${bill.discountReason ?? "agreed"})`, `-${formatCents(bill.discountCents)}`] as [string, string]] : []),
    ["Total", formatCents(bill.totalCents)],
    ["Deposit paid", `-${formatCents(bill.depositPaidCents)}`],
    ["Left to pay", formatCents(bill.balanceCents)],
  ];
}

export function BillReadyEmail({ facts, company, link }: Props<"bill_ready">) {
  const when = moveTimeText(facts, company);
  const { bill } = facts;
  const total = formatCents(bill.totalCents);
  return (
    <EmailLayout company={company} title="Your move's bill" preview={`Your move on ${when.date} came to ${total}.`}>
      <Paragraph>{`Thank you, ${facts.customerName}. Your move on ${when.date} is done, and here is its bill, priced by the hour worked and what our crew provided.`}</Paragraph>
      <FactTable rows={billRows(bill)} />
      {bill.needsApproval ? (
        <Paragraph>
          {`This bill is more than ${bill.marginPercent}% above the estimate you accepted (${formatCents(bill.acceptedEstimateCents)}), so we charge it in full only once you approve it. See it and approve it with the button below, or call us at ${company.phone}.`}
        </Paragraph>
      ) : bill.balanceCents > 0 ? (
        <Paragraph>{`You can pay the ${formatCents(bill.balanceCents)} left online with the button below, and add a tip for the crew if you wish: all of it goes to them.`}</Paragraph>
      ) : (
        <Paragraph>Your deposit covers it: there is nothing left to pay.</Paragraph>
      )}
      <BookingFacts
        facts={facts}
        company={company}
        link={link}
        linkLabel={bill.needsApproval ? "See and approve your bill" : bill.balanceCents > 0 ? "See and pay your bill" : "See your bill"}
      />
    </EmailLayout>
  );
}

export function BalancePaidEmail({ facts, company, link }: Props<"balance_paid">) {
  const paid = formatCents(facts.balanceCents + facts.tipCents);
  const rows: [string, string][] = [
    ["Receipt", `#${facts.paymentId.slice(0, 8)}`],
    ["Paid", formatDateTimeIn(new Date(facts.paidAt), company.timeZone)],
    ["Balance of the bill", formatCents(facts.balanceCents)],
    ...(facts.tipCents > 0 ? [["Tip for the crew", formatCents(facts.tipCents)] as [string, string]] : []),
    ["Total paid", paid],
    ["Left to pay", formatCents(facts.balanceDueCents)],
  ];
  return (
    <EmailLayout company={company} title="Receipt" preview={`We received ${paid} for your move.`}>
      <Paragraph>
        {`Thank you, ${facts.customerName}: we received ${paid} for booking #${facts.shortId}, paid by card.${facts.tipCents > 0 ? " The tip goes to the crew that moved you." : ""}`}
      </Paragraph>
      <FactTable rows={rows} />
      <BookingFacts facts={facts} company={company} link={link} />
    </EmailLayout>
  );
}

export function BalanceChargeFailedEmail({ facts, company, link }: Props<"balance_charge_failed">) {
  const when = moveTimeText(facts, company);
  const due = formatCents(facts.balanceDueCents);
  const why = facts.needsAuthentication ? "your bank asked for you to confirm the payment yourself" : "your bank declined it";
  return (
    <EmailLayout company={company} title="Please pay your balance online" preview={`${due} is left to pay for your move on ${when.date}.`}>
      <Paragraph>
        {`Hello ${facts.customerName}, we tried to charge ${formatCents(facts.amountCents)} for your move on ${when.date} to the card you saved with your deposit, but ${why}. Nothing was charged. You can pay the ${due} left online with the button below, with this card or another, or call us at ${company.phone}.`}
      </Paragraph>
      <ActionButton href={link}>Pay your balance</ActionButton>
      <BookingFacts facts={facts} company={company} link={link} linkLabel="See and pay your bill" />
    </EmailLayout>
  );
}
