import { Link, Section } from "@react-email/components";
import { crewText, moveTimeText, type BookingMessageFacts, type MessageCompany } from "~/domain/booking-messages";
import { DEFAULT_MOVE_TIME } from "~/domain/booking-cancellation";
import { formatTimeSlot } from "~/domain/booking-labels";
import { formatCents } from "~/domain/money";
import { ActionButton } from "./email-layout";
import { EMAIL_COLOURS } from "./email-palette";

// What every message about a booking states: when (on the company's clock, with the zone's name), where,
// who comes, what it costs, and the link to manage it.

const cell = { fontSize: "14px", lineHeight: "20px", padding: "6px 0", verticalAlign: "top" } as const;
const label = { ...cell, color: EMAIL_COLOURS.muted, width: "130px", paddingRight: "12px" } as const;

/** A table of label–value rows, as mail clients lay tables out. */
export function FactTable({ rows }: { rows: [string, string][] }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: "100%", borderTop: `1px solid ${EMAIL_COLOURS.border}`, margin: "12px 0" }}>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <td style={label}>{`${name}:`}</td>
            <td style={cell}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BookingFacts({
  facts,
  company,
  link,
  linkLabel = "Manage your booking",
}: {
  facts: BookingMessageFacts;
  company: MessageCompany;
  link: string;
  linkLabel?: string;
}) {
  const when = moveTimeText(facts, company);
  const start = facts.movingTime ? when.window : `${when.window} (no preferred time: we start at ${formatTimeSlot(DEFAULT_MOVE_TIME)})`;
  return (
    <Section>
      <FactTable
        rows={[
          ["Booking", `#${facts.shortId}`],
          ["Date", when.date],
          ["Time", start],
          ["From", facts.fromAddress],
          ["To", facts.toAddress],
          ["Crew", crewText(facts)],
          [
            "Estimated total",
            `${facts.estimatedCostCents === null ? "to be quoted" : formatCents(facts.estimatedCostCents)} (deposit ${formatCents(facts.depositCents)})`,
          ],
        ]}
      />
      <ActionButton href={link}>{linkLabel}</ActionButton>
      <Link href={link} style={{ fontSize: "12px", color: EMAIL_COLOURS.muted, wordBreak: "break-all" }}>
        {link}
      </Link>
    </Section>
  );
}
