import { z } from "zod/mini";
import type { Tables } from "../../supabase/types";
import { dollarsField } from "./dollars-field";
import { TIP_MESSAGES, TIP_PERCENTS, chargeableNowCents, tipCents, type KeptBill, type TipChoice, type TipPercent } from "./final-bill";
import { formatCents } from "./money";
import { refuse } from "./schema-refusal";

// Paying a move's balance after its bill, with an optional tip for the crew: the form the customer
// fills in, and what their booking's page shows of what was paid and what is left.

export const PAY_BALANCE_INTENT = "pay-balance";

/** The tip choices of the form: none, a share of the bill, or an amount of the customer's own. */
export const TIP_FIELD_VALUES = ["none", ...TIP_PERCENTS.map(String), "other"] as const;

export const BALANCE_PAYMENT_MESSAGES = {
  tipChoice: "Choose a tip, or no tip.",
  tipAmountFormat: TIP_MESSAGES.badAmount,
  tipOverBill: TIP_MESSAGES.overBill,
  needsApproval: "Please approve the bill before paying it.",
  paid: "This bill is paid in full.",
  busy: "Your payment is being prepared. Please try again in a moment.",
  failed: "Payment processing failed. Please try again.",
  received: "Payment received",
  receivedDescription: (amount: string) => `Thank you: ${amount} paid. It shows with your booking.`,
  notVerified: "We could not confirm this payment yet. If you paid, it will show here shortly.",
} as const;

/** The tip form for a bill of `billTotalCents`: the customer's choice, read into the tip in cents. */
export function tipFormSchema(billTotalCents: number) {
  return z.pipe(
    z.object({
      tip: z.enum(TIP_FIELD_VALUES, { error: BALANCE_PAYMENT_MESSAGES.tipChoice }),
      tipAmount: dollarsField(BALANCE_PAYMENT_MESSAGES.tipAmountFormat),
    }),
    z.transform((form: { tip: (typeof TIP_FIELD_VALUES)[number]; tipAmount: number }, context) => {
      const choice: TipChoice =
        form.tip === "none"
          ? { kind: "none" }
          : form.tip === "other"
            ? { kind: "amount", cents: form.tipAmount }
            : // One of TIP_PERCENTS: the enum above admits no other number.
              { kind: "percent", percent: Number(form.tip) as TipPercent };
      const tip = tipCents(choice, billTotalCents);
      if ("problem" in tip) return refuse(context, TIP_MESSAGES[tip.problem], ["tipAmount"]);
      return { tipCents: tip.cents };
    }),
  );
}

export type BillPayment = Tables<"bill_payments">;

/** What is left of a bill's balance once its paid payments are counted (as `bill_balance_due` counts it). */
export function balanceDueCents(bill: Pick<KeptBill, "balance_cents">, payments: ReadonlyArray<Pick<BillPayment, "status" | "balance_cents">>): number {
  const paid = payments.reduce((sum, payment) => sum + (payment.status === "paid" ? payment.balance_cents : 0), 0);
  return Math.max(0, bill.balance_cents - paid);
}

/**
 * What the office may charge of a bill now: what is left of it, but, while a bill above the accepted
 * estimate and its margin waits for the customer's approval, no more than the estimate and its margin
 * less the deposit and what was paid since (as `bill_chargeable_now` counts it).
 */
export function officeChargeableCents(bill: KeptBill, payments: ReadonlyArray<Pick<BillPayment, "status" | "balance_cents">>): number {
  const due = balanceDueCents(bill, payments);
  const cap = chargeableNowCents(
    { totalCents: bill.total_cents, balanceCents: bill.balance_cents, depositPaidCents: bill.deposit_paid_cents },
    bill.accepted_estimate_cents,
    bill.margin_percent,
    bill.approved_at !== null,
  );
  return Math.max(0, Math.min(due, cap - (bill.balance_cents - due)));
}

/** A bill's balance as its customer's page shows it: what is left, and the tips offered. */
export interface BalanceView {
  due: string;
  dueCents: number;
  /** What the move cost: tips are a share of it. */
  billTotalCents: number;
  /** Payable now: something is left and the bill does not wait for the customer's approval. */
  canPay: boolean;
  tipOptions: ReadonlyArray<{ value: (typeof TIP_FIELD_VALUES)[number]; label: string }>;
  /** "Visa ending in 4242": the card saved with the deposit, which the office may charge what is left. */
  savedCard: string | null;
}

export function balanceView(bill: KeptBill, payments: ReadonlyArray<BillPayment>, savedCard: string | null = null): BalanceView {
  const dueCents = balanceDueCents(bill, payments);
  const waiting = bill.needs_approval && bill.approved_at === null;
  return {
    due: formatCents(dueCents),
    dueCents,
    billTotalCents: bill.total_cents,
    canPay: dueCents > 0 && !waiting,
    tipOptions: [
      { value: "none", label: "No tip" },
      ...TIP_PERCENTS.map((percent) => ({
        value: String(percent) as (typeof TIP_FIELD_VALUES)[number],
        label: `${percent}% (${formatCents(Math.round((bill.total_cents * percent) / 100))})`,
      })),
      { value: "other", label: "Another amount" },
    ],
    savedCard,
  };
}
