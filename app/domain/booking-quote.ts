// The quote kept with a booking: the priced lines the customer saw in the wizard when the booking was
// saved, and what is left to pay against them. Never priced again from today's pricing module, unless
// the office changes what the booking is priced by (booking-repricing.ts): then the new lines replace them.

import type { Estimate } from "./pricing";

/** As stored in `bookings.quote` (the database checks that the lines add up to the total and the estimate). */
export type BookingQuote = {
  lines: Array<{ label: string; cents: number }>;
  total_cents: number;
  hourly_rate_cents: number;
};

/** The quote of an estimate: its lines, as the wizard shows them, and its total. */
export function quoteFromEstimate(estimate: Estimate): BookingQuote {
  return {
    lines: estimate.lines.map((line) => ({ label: line.label, cents: line.amountCents })),
    total_cents: estimate.totalCents,
    hourly_rate_cents: estimate.hourlyRateCents,
  };
}

const isCents = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** A stored quote, or null for bookings saved before quotes were kept (or anything else in its place). */
export function storedQuote(value: unknown): BookingQuote | null {
  if (typeof value !== "object" || value === null) return null;
  const { lines, total_cents, hourly_rate_cents } = value as Record<string, unknown>;
  if (!Array.isArray(lines) || !isCents(total_cents) || !isCents(hourly_rate_cents)) return null;
  const valid = lines.every((line: unknown) => {
    if (typeof line !== "object" || line === null) return false;
    const { label, cents } = line as Record<string, unknown>;
    return typeof label === "string" && isCents(cents);
  });
  return valid ? { lines: lines as BookingQuote["lines"], total_cents, hourly_rate_cents } : null;
}

export interface BookingBalance {
  /** The final cost once the move is billed, else the estimate; null while neither is known. */
  totalCents: number | null;
  totalIsFinal: boolean;
  /** The deposit received; 0 while it is not paid. */
  depositPaidCents: number;
  /** What is left to pay: the total minus the deposit received; null while the total is unknown. */
  balanceCents: number | null;
}

/** What a booking costs and what is left to pay: final cost (else the stored estimate) minus the deposit paid. */
export function bookingBalance(row: {
  final_cost_cents: number | null;
  estimated_cost_cents: number | null;
  deposit_status: string;
  deposit_amount_cents: number;
}): BookingBalance {
  const totalCents = row.final_cost_cents ?? row.estimated_cost_cents;
  const depositPaidCents = row.deposit_status === "paid" ? row.deposit_amount_cents : 0;
  return {
    totalCents,
    totalIsFinal: row.final_cost_cents !== null,
    depositPaidCents,
    balanceCents: totalCents === null ? null : totalCents - depositPaidCents,
  };
}
