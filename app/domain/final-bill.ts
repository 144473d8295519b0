// The bill of a move that is done: the time the crew worked and what it provided, priced line by line
// with the prices every estimate uses, less a discount and the deposit already paid; whether the
// customer must approve it first; and the tip a customer may add. All money is integer cents.

import type { Tables } from "../../supabase/types";
import { formatCompanyDateTime } from "./booking";
import { formatCents } from "./money";
import { minutesOf } from "./move-start-rules";
import { addonLines, hourlyRateCents, MINIMUM_HOURS, truckFeeLine, type AddonChoices, type EstimateLine, type ServiceType, type TeamType } from "./pricing";

/** Work is billed in quarter hours, a part of one counting as a whole, and never less than the estimates' minimum. */
export const BILLING_STEP_MINUTES = 15;
/** One bill covers one day's work at most. */
export const MAX_WORKED_MINUTES = 24 * 60;
/** The most a discount's reason may say. */
export const DISCOUNT_REASON_MAX_LENGTH = 200;

/** The time the crew worked: from its start to its end on the move's day ("HH:MM"), or a total. */
export type WorkedTime = { kind: "span"; startedAt: string; endedAt: string } | { kind: "total"; minutes: number };

export interface BillInput extends AddonChoices {
  teamType: TeamType;
  serviceType: ServiceType;
  worked: WorkedTime;
  discountCents: number;
  /** Why the discount is given (required with one; shown to the customer). */
  discountReason: string;
  /** The deposit the customer paid, taken off what is left to pay. */
  depositPaidCents: number;
}

/** A bill as it is read: its priced lines and its sums, in cents (a FinalBill is one; so is a kept bill). */
export interface BillSummary {
  lines: ReadonlyArray<{ id: string; label: string; amountCents: number }>;
  subtotalCents: number;
  discountCents: number;
  discountReason: string | null;
  totalCents: number;
  depositPaidCents: number;
  balanceCents: number;
}

/** A bill as the database keeps it, once a move is done. */
export type KeptBill = Tables<"booking_bills">;

/** A kept bill as pages read it. */
export function billSummaryOf(bill: KeptBill): BillSummary {
  // The database keeps only lines of this shape (booking_bills_lines_add_up).
  const lines = bill.lines as Array<{ id: string; label: string; amount_cents: number }>;
  return {
    lines: lines.map((line) => ({ id: line.id, label: line.label, amountCents: line.amount_cents })),
    subtotalCents: bill.subtotal_cents,
    discountCents: bill.discount_cents,
    discountReason: bill.discount_reason,
    totalCents: bill.total_cents,
    depositPaidCents: bill.deposit_paid_cents,
    balanceCents: bill.balance_cents,
  };
}

/** A move's kept bill as its customer sees it. */
export interface CustomerBillView {
  summary: BillSummary;
  /** Above the accepted estimate by more than the margin, and not yet approved. */
  waitingForApproval: boolean;
  /** When the customer approved it ("Dec 3, 2026, 9:14 AM"), or null. */
  approvedAt: string | null;
  acceptedEstimate: string;
  marginPercent: number;
}

export const BILL_APPROVAL_MESSAGES = {
  approved: "Bill approved",
  approvedDescription: "Thank you. Your approval is kept with your booking.",
  notNeeded: "This bill needs no approval.",
} as const;

export function customerBillView(bill: KeptBill, timeZone: string): CustomerBillView {
  return {
    summary: billSummaryOf(bill),
    waitingForApproval: bill.needs_approval && bill.approved_at === null,
    approvedAt: bill.approved_at ? formatCompanyDateTime(bill.approved_at, timeZone) : null,
    acceptedEstimate: formatCents(bill.accepted_estimate_cents),
    marginPercent: bill.margin_percent,
  };
}

/** What the office enters about a move that is done; the deposit is the booking's own. */
export type MoveOutcome = Omit<BillInput, "depositPaidCents">;

export interface FinalBill {
  lines: EstimateLine[];
  workedMinutes: number;
  /** The minutes charged: quarter hours, the minimum at least. */
  billedMinutes: number;
  hourlyRateCents: number;
  /** The lines added up, before the discount. */
  subtotalCents: number;
  discountCents: number;
  discountReason: string | null;
  /** What the move costs. */
  totalCents: number;
  depositPaidCents: number;
  /** What is left to pay: the total less the deposit, never below nothing. */
  balanceCents: number;
}

export const BILL_MESSAGES = {
  badTime: "Enter the crew's start and end as times of day, like 08:00.",
  endBeforeStart: "The end must be after the start.",
  noWork: "Enter the time the crew worked.",
  tooLong: "A bill covers at most 24 hours of work.",
  badDiscount: "Enter the discount in dollars and cents, not below zero.",
  discountOverBill: "The discount cannot be more than the bill.",
  discountNeedsReason: "Say why the discount is given.",
  reasonTooLong: `Keep the reason to ${DISCOUNT_REASON_MAX_LENGTH} characters.`,
  badAddons: "Enter the extra movers, TVs and bedrooms as whole numbers within their limits.",
} as const;

export type BillProblem = keyof typeof BILL_MESSAGES;

/** A time of day as the crew's start and end are written: "HH:MM", 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The minutes `worked` adds up to, or why it cannot be billed. */
export function workedMinutes(worked: WorkedTime): { minutes: number } | { problem: BillProblem } {
  let minutes: number;
  if (worked.kind === "span") {
    if (!TIME_OF_DAY.test(worked.startedAt) || !TIME_OF_DAY.test(worked.endedAt)) return { problem: "badTime" };
    minutes = minutesOf(worked.endedAt) - minutesOf(worked.startedAt);
    if (minutes <= 0) return { problem: "endBeforeStart" };
  } else {
    minutes = worked.minutes;
    if (!Number.isInteger(minutes) || minutes <= 0) return { problem: "noWork" };
  }
  if (minutes > MAX_WORKED_MINUTES) return { problem: "tooLong" };
  return { minutes };
}

/** The minutes charged for `minutes` of work: up to the next quarter hour, and the minimum at least. */
export function billedMinutes(minutes: number): number {
  return Math.max(MINIMUM_HOURS * 60, Math.ceil(minutes / BILLING_STEP_MINUTES) * BILLING_STEP_MINUTES);
}

const hoursWords = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} hour${hours === 1 ? "" : "s"}` : `${hours} h ${rest} min`;
};

/** The bill `input` comes to, or the first thing wrong with it. */
export function finalBill(input: BillInput): { ok: true; bill: FinalBill } | { ok: false; problem: BillProblem } {
  const worked = workedMinutes(input.worked);
  if ("problem" in worked) return { ok: false, problem: worked.problem };
  let addons: EstimateLine[];
  try {
    addons = addonLines(input);
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, problem: "badAddons" };
    throw error;
  }
  const billed = billedMinutes(worked.minutes);
  const rate = hourlyRateCents(input.teamType, input.serviceType);
  // Rates are whole dollars, so a quarter hour is always whole cents.
  const labor: EstimateLine = { id: "labor", label: `Moving team, ${hoursWords(billed)}`, amountCents: (rate * billed) / 60 };
  const lines = [labor, ...addons, truckFeeLine(input.serviceType)];
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);

  const { discountCents } = input;
  const reason = input.discountReason.trim();
  if (!Number.isInteger(discountCents) || discountCents < 0) return { ok: false, problem: "badDiscount" };
  if (discountCents > subtotalCents) return { ok: false, problem: "discountOverBill" };
  if (discountCents > 0 && reason === "") return { ok: false, problem: "discountNeedsReason" };
  if (reason.length > DISCOUNT_REASON_MAX_LENGTH) return { ok: false, problem: "reasonTooLong" };

  const totalCents = subtotalCents - discountCents;
  return {
    ok: true,
    bill: {
      lines,
      workedMinutes: worked.minutes,
      billedMinutes: billed,
      hourlyRateCents: rate,
      subtotalCents,
      discountCents,
      discountReason: discountCents > 0 ? reason : null,
      totalCents,
      depositPaidCents: input.depositPaidCents,
      balanceCents: Math.max(0, totalCents - input.depositPaidCents),
    },
  };
}

/** The most a move may cost without the customer's approval: the estimate they accepted, plus the margin (cents rounded down). */
export function approvalThresholdCents(acceptedEstimateCents: number, marginPercent: number): number {
  return acceptedEstimateCents + Math.floor((acceptedEstimateCents * marginPercent) / 100);
}

/**
 * What the office may charge of a bill's balance now: all of it when the bill is within the margin or
 * the customer approved it; otherwise only what brings the money paid up to the margin, the rest
 * waiting for the customer's approval (or a call).
 */
export function chargeableNowCents(
  bill: Pick<FinalBill, "totalCents" | "balanceCents" | "depositPaidCents">,
  acceptedEstimateCents: number,
  marginPercent: number,
  approved: boolean,
): number {
  const threshold = approvalThresholdCents(acceptedEstimateCents, marginPercent);
  if (approved || bill.totalCents <= threshold) return bill.balanceCents;
  return Math.max(0, Math.min(bill.balanceCents, threshold - bill.depositPaidCents));
}

/** Whether a bill costs more than the customer accepted, beyond the margin: they approve it before it is charged in full. */
export function needsApproval(totalCents: number, acceptedEstimateCents: number, marginPercent: number): boolean {
  return totalCents > approvalThresholdCents(acceptedEstimateCents, marginPercent);
}

/** The tips offered as a share of what the move cost. */
export const TIP_PERCENTS = [10, 15, 20] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];

export type TipChoice = { kind: "none" } | { kind: "percent"; percent: TipPercent } | { kind: "amount"; cents: number };

export const TIP_MESSAGES = {
  badAmount: "Enter the tip in dollars and cents, not below zero.",
  overBill: "A tip cannot be more than the bill.",
} as const;

/** The tip `choice` comes to on a move that cost `billTotalCents` (a share rounded to the nearest cent), or why it cannot be taken. */
export function tipCents(choice: TipChoice, billTotalCents: number): { cents: number } | { problem: keyof typeof TIP_MESSAGES } {
  if (choice.kind === "none") return { cents: 0 };
  if (choice.kind === "percent") return { cents: Math.round((billTotalCents * choice.percent) / 100) };
  if (!Number.isInteger(choice.cents) || choice.cents < 0) return { problem: "badAmount" };
  if (choice.cents > billTotalCents) return { problem: "overBill" };
  return { cents: choice.cents };
}
