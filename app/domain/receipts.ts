import type { Tables } from "../../supabase/types";
import type { BillPayment } from "./balance-payment";
import { formatCompanyDateTime, shortBookingId, type BookingRow } from "./booking";
import { formatCents } from "./money";

// Every payment of a booking and every refund of it, each with its receipt: the deposit, each payment
// of the bill's balance (the tip its own line: it is the crew's), and each refund.

export type ReceiptKind = "deposit" | "balance" | "refund";

/** The deposit's receipt is named by its kind; a balance's and a refund's by their own ids. */
export const DEPOSIT_RECEIPT_ID = "deposit";

export const RECEIPT_TITLES: Readonly<Record<ReceiptKind, string>> = {
  deposit: "Deposit paid",
  balance: "Balance paid",
  refund: "Refund",
};

export const RECEIPT_LINE_LABELS = {
  deposit: "Moving deposit",
  balance: "Balance of the final bill",
  tip: "Tip for the crew",
  refund: "Deposit refunded to your card",
} as const;

export type DepositRefund = Pick<Tables<"deposit_refunds">, "id" | "amount_cents" | "refunded_at">;

export interface Receipt {
  id: string;
  kind: ReceiptKind;
  /** ISO 8601: when the money moved. */
  at: string;
  lines: ReadonlyArray<{ label: string; amountCents: number }>;
  /** What moved, in cents: paid to the company, or (a refund) given back. */
  totalCents: number;
}

/** A booking's receipts, oldest first. */
export function receiptsOf(
  booking: Pick<BookingRow, "deposit_paid_at" | "deposit_amount_cents">,
  payments: ReadonlyArray<Pick<BillPayment, "id" | "status" | "paid_at" | "balance_cents" | "tip_cents">>,
  refunds: ReadonlyArray<DepositRefund>,
): Receipt[] {
  const receipts: Receipt[] = [];
  if (booking.deposit_paid_at) {
    receipts.push({
      id: DEPOSIT_RECEIPT_ID,
      kind: "deposit",
      at: booking.deposit_paid_at,
      lines: [{ label: RECEIPT_LINE_LABELS.deposit, amountCents: booking.deposit_amount_cents }],
      totalCents: booking.deposit_amount_cents,
    });
  }
  for (const payment of payments) {
    if (payment.status !== "paid" || payment.paid_at === null) continue;
    receipts.push({
      id: payment.id,
      kind: "balance",
      at: payment.paid_at,
      lines: [
        ...(payment.balance_cents > 0 ? [{ label: RECEIPT_LINE_LABELS.balance, amountCents: payment.balance_cents }] : []),
        ...(payment.tip_cents > 0 ? [{ label: RECEIPT_LINE_LABELS.tip, amountCents: payment.tip_cents }] : []),
      ],
      totalCents: payment.balance_cents + payment.tip_cents,
    });
  }
  for (const refund of refunds) {
    receipts.push({
      id: refund.id,
      kind: "refund",
      at: refund.refunded_at,
      lines: [{ label: RECEIPT_LINE_LABELS.refund, amountCents: refund.amount_cents }],
      totalCents: refund.amount_cents,
    });
  }
  return receipts.sort((a, b) => a.at.localeCompare(b.at));
}

/** A receipt as pages show it: amounts and the date written out. */
export interface ReceiptView {
  id: string;
  kind: ReceiptKind;
  title: string;
  /** The receipt's number: the booking's short id, and the payment's. */
  number: string;
  at: string;
  lines: ReadonlyArray<{ label: string; amount: string }>;
  total: string;
}

export function receiptView(receipt: Receipt, bookingId: string, timeZone: string): ReceiptView {
  const shortBooking = shortBookingId(bookingId);
  return {
    id: receipt.id,
    kind: receipt.kind,
    title: RECEIPT_TITLES[receipt.kind],
    number: receipt.kind === "deposit" ? `${shortBooking}-D` : `${shortBooking}-${receipt.id.slice(0, 8)}`,
    at: formatCompanyDateTime(receipt.at, timeZone),
    lines: receipt.lines.map((line) => ({ label: line.label, amount: formatCents(line.amountCents) })),
    total: formatCents(receipt.totalCents),
  };
}
