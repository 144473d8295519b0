import { crewText, moveTimeText, type MessageCompany, type MessageFactsByKind } from "~/domain/booking-messages";
import { formatMoveDate } from "~/domain/booking-labels";
import { BookingFacts, FactTable } from "./booking-facts";
import { ActionButton, EmailLayout, Paragraph } from "./email-layout";
import { EMAIL_COLOURS } from "./email-palette";

// The messages the office receives when 'Email alerts' is on.

/** `link`: the booking's page in the admin area, or for the daily list the schedule of that day. */
type Props<K extends keyof MessageFactsByKind> = { facts: MessageFactsByKind[K]; company: MessageCompany; link: string };

/** Who booked, how to reach them, and the booking itself. */
function CustomerBooking({ facts, company, link }: Props<"office_new_booking" | "office_customer_cancelled">) {
  return (
    <>
      <FactTable
        rows={[
          ["Customer", facts.customerName],
          ["Email", facts.customerEmail],
          ["Phone", facts.customerPhone],
        ]}
      />
      <BookingFacts facts={facts} company={company} link={link} linkLabel="Open the booking" />
    </>
  );
}

export function OfficeNewBookingEmail({ facts, company, link }: Props<"office_new_booking">) {
  const when = moveTimeText(facts, company);
  return (
    <EmailLayout company={company} title={`New paid booking #${facts.shortId}`} preview={`${facts.customerName}, ${when.dateAndStart}.`}>
      <Paragraph>{`${facts.customerName} paid the deposit for a move on ${when.dateAndStart}.`}</Paragraph>
      <CustomerBooking facts={facts} company={company} link={link} />
    </EmailLayout>
  );
}

export function OfficeCustomerCancelledEmail({ facts, company, link }: Props<"office_customer_cancelled">) {
  const when = moveTimeText(facts, company);
  return (
    <EmailLayout company={company} title={`#${facts.shortId} cancelled by the customer`} preview={`${facts.customerName} cancelled ${when.dateAndStart}.`}>
      <Paragraph>{`${facts.customerName} cancelled their move on ${when.dateAndStart}. The crew and the slot are free again.`}</Paragraph>
      <CustomerBooking facts={facts} company={company} link={link} />
    </EmailLayout>
  );
}

const cell = { fontSize: "13px", lineHeight: "18px", padding: "8px 8px 8px 0", borderTop: `1px solid ${EMAIL_COLOURS.border}`, verticalAlign: "top" } as const;

export function OfficeTomorrowEmail({ facts, company, link }: Props<"office_tomorrow_list">) {
  const date = formatMoveDate(facts.date);
  return (
    <EmailLayout company={company} title={`Tomorrow's moves: ${date}`} preview={`${facts.moves.length} moves on ${date}.`}>
      {facts.moves.length === 0 ? (
        <Paragraph>No moves are booked for tomorrow.</Paragraph>
      ) : (
        <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: "100%", margin: "12px 0" }}>
          <tbody>
            {facts.moves.map((move) => (
              <tr key={move.shortId}>
                <td style={{ ...cell, fontWeight: 600, whiteSpace: "nowrap" }}>{moveTimeText({ ...move, movingDate: facts.date }, company).window}</td>
                <td style={cell}>
                  {`#${move.shortId} ${move.customerName}, ${move.customerPhone}`}
                  <br />
                  {`${move.fromAddress} → ${move.toAddress}`}
                  <br />
                  {`${crewText(move)}, about ${move.estimatedHours} h`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ActionButton href={link}>Open the schedule</ActionButton>
    </EmailLayout>
  );
}
