import type { ToastInput } from "./toast";

// What staff are told after asking for a deposit's refund.

export type RefundOutcome = "refunded" | "already-refunded" | "nothing-to-refund" | "not-cancelled" | "forbidden" | "stripe-failed";

export const REFUND_MESSAGES = {
  refunded: "Deposit refunded",
  alreadyRefunded: "The deposit was already refunded.",
  nothingToRefund: "This booking has no paid deposit to refund.",
  notCancelled: "Refund the deposit only after cancelling the booking.",
  failed: "The refund failed. Please try again.",
} as const;

export function refundToast(outcome: RefundOutcome): ToastInput {
  switch (outcome) {
    case "refunded":
      return { type: "success", title: REFUND_MESSAGES.refunded };
    case "already-refunded":
      return { type: "success", title: REFUND_MESSAGES.alreadyRefunded };
    case "nothing-to-refund":
      return { type: "error", title: REFUND_MESSAGES.nothingToRefund };
    case "not-cancelled":
      return { type: "error", title: REFUND_MESSAGES.notCancelled };
    default:
      return { type: "error", title: REFUND_MESSAGES.failed };
  }
}
