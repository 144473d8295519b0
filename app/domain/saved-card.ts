// A card saved with the deposit for the balance after the move: how people recognise it, what the
// customer agrees to when they save it, and what the office is told when it charges it.

import { balanceDueCents, officeChargeableCents, type BillPayment } from "./balance-payment";
import { formatCompanyDateTime } from "./booking";
import type { KeptBill } from "./final-bill";
import { formatCents } from "./money";

export interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** "Visa ending in 4242": the card as its holder knows it (a brand Stripe adds later is named as sent). */
export function savedCardLabel(card: Pick<SavedCard, "brand" | "last4">): string {
  return `${BRAND_NAMES[card.brand] ?? card.brand} ending in ${card.last4}`;
}

/** The review step's box: unticked unless the customer ticks it. */
export const SAVE_CARD_FIELD = "saveCard";

export const SAVE_CARD_CONSENT = {
  label: "Save my card to pay the balance after the move",
  hint: (marginPercent: number) =>
    `After your move, we may charge what is left of your bill to this card, and email you the receipt. A bill more than ${marginPercent}% above your estimate is charged in full only once you approve it. You can remove the card from your booking's page at any time.`,
} as const;

export const CHARGE_SAVED_CARD_INTENT = "charge-saved-card";
/** The customer withdraws their consent: the card is forgotten, here and at Stripe. */
export const FORGET_CARD_INTENT = "forget-card";

export const FORGET_CARD_MESSAGES = {
  forgotten: "Card removed",
  forgottenDescription: "We will not charge it. You can pay what is left of your bill online after the move.",
  failed: "Your card could not be removed just now. Please try again, or call us.",
} as const;

export const SAVED_CARD_MESSAGES = {
  paid: (amount: string) => `${amount} charged to the saved card. The customer is emailed the receipt.`,
  customerPays: (amount: string, needsAuthentication: boolean) =>
    needsAuthentication
      ? `The customer's bank wants them to confirm the ${amount} charge themselves: nothing was charged, and they are emailed the link to pay.`
      : `The customer's bank declined the ${amount} charge: nothing was charged, and they are emailed the link to pay.`,
  processing: "Stripe is processing the charge. It shows here once it is settled.",
  noCard: "No card is saved for this move.",
  paidAlready: "This bill is paid in full.",
  needsApproval: "The rest of this bill waits for the customer's approval.",
  busy: "A payment of this bill is under way. Please try again in a minute.",
  unanswered: "Stripe did not answer the last charge: pressing again repeats it, and never charges twice.",
  customerPaying: "The customer has opened the page to pay online: charging the card closes it.",
  failed: "The card could not be charged: Stripe did not answer. Please try again.",
} as const;

/** The office's button: what it will charge, and to which card. */
export const chargeButtonLabel = (amountCents: number, card: Pick<SavedCard, "brand" | "last4">) =>
  `Charge ${formatCents(amountCents)} to ${savedCardLabel(card)}`;

/** A billed move's balance as the office's bill page shows it. */
export interface BillBalanceView {
  /** What is left to pay of the bill. */
  due: string;
  /** Each payment of the bill, and each charge refused: "Paid $1,025 by the customer online, Mar 14, …". */
  payments: ReadonlyArray<{ id: string; text: string }>;
  /** "Visa ending in 4242, expires 12/2034", when the customer saved a card with the deposit. */
  savedCard: string | null;
  /** The button's words when the office may charge the saved card now. */
  charge: string | null;
  /** Why the saved card cannot be charged now, when one is saved and something is left to pay. */
  chargeNote: string | null;
}

const FAILURE_TEXTS: Readonly<Record<string, string>> = {
  authentication_required: "the bank wants the customer to confirm it",
};

/** The bill's balance, its payments and what the office may charge to the saved card, on the company's clock. */
export function officeBalanceView(bill: KeptBill, payments: ReadonlyArray<BillPayment>, card: SavedCard | null, timeZone: string): BillBalanceView {
  const due = balanceDueCents(bill, payments);
  const chargeable = officeChargeableCents(bill, payments);
  const lines = payments.flatMap((payment) => {
    const amount = formatCents(payment.balance_cents + payment.tip_cents);
    const tip = payment.tip_cents > 0 ? ` (${formatCents(payment.tip_cents)} of it the crew's tip)` : "";
    if (payment.status === "paid" && payment.paid_at) {
      const how = payment.method === "saved_card" ? "charged to the saved card" : "paid by the customer online";
      return [{ id: payment.id, text: `${amount} ${how}${tip}, ${formatCompanyDateTime(payment.paid_at, timeZone)}` }];
    }
    if (payment.status === "failed" && payment.method === "saved_card") {
      const why = FAILURE_TEXTS[payment.failure_code ?? ""] ?? "the bank declined it";
      return [{ id: payment.id, text: `${amount} not charged to the saved card: ${why}. The customer was emailed the link to pay.` }];
    }
    return [];
  });
  const open = payments.find((payment) => payment.status === "open");
  // An earlier press that got no answer is pressed again for the same money: Stripe answers it the same.
  const amount = open?.method === "saved_card" ? open.balance_cents : chargeable;
  const chargeNote =
    card === null || due === 0
      ? null
      : open?.method === "saved_card"
        ? SAVED_CARD_MESSAGES.unanswered
        : amount === 0
          ? SAVED_CARD_MESSAGES.needsApproval
          : open
            ? SAVED_CARD_MESSAGES.customerPaying
            : null;
  return {
    due: formatCents(due),
    payments: lines,
    savedCard: card ? `${savedCardLabel(card)}, expires ${String(card.expMonth).padStart(2, "0")}/${card.expYear}` : null,
    charge: card !== null && amount > 0 ? chargeButtonLabel(amount, card) : null,
    chargeNote,
  };
}
