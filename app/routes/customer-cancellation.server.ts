import type { RouterContextProvider } from "react-router";
import { requestContext } from "~/context";
import { CANCELLATION_MESSAGES } from "~/domain/booking-cancellation";
import { formatCents } from "~/domain/money";
import type { CustomerCancellationResult } from "~/services/customer-cancellation.server";
import { setToast } from "~/services/toast.server";

/**
 * Tells the customer what their cancellation came to (a toast on the page they return to), and logs what
 * the office must finish by hand: a Checkout that could not be closed, a refund Stripe did not make.
 * The caller answers a booking that is not found with its 404.
 */
export async function reportCancellation(
  context: Readonly<RouterContextProvider>,
  { bookingId, noticeHours }: { bookingId: string; noticeHours: number },
  result: Exclude<CustomerCancellationResult, { kind: "not-found" }>,
): Promise<void> {
  const { logger } = context.get(requestContext);
  switch (result.kind) {
    case "not-cancellable":
      await setToast(context, { type: "error", title: CANCELLATION_MESSAGES.notCancellable });
      return;
    case "too-late":
      await setToast(context, { type: "error", title: CANCELLATION_MESSAGES.tooLate(noticeHours), description: CANCELLATION_MESSAGES.callToCancel });
      return;
    case "cancelled": {
      if (result.checkout.kind !== "closed") {
        const err = result.checkout.kind === "failed" ? result.checkout.cause : undefined;
        logger.error({ err, bookingId }, "a cancelled booking's deposit checkout could not be closed");
      }
      const deposit = formatCents(result.booking.deposit_amount_cents);
      let description: string = CANCELLATION_MESSAGES.cancelledDescription;
      if (result.deposit.kind === "refunded") description = CANCELLATION_MESSAGES.refundedDescription(deposit);
      if (result.deposit.kind === "refund-pending") {
        logger.error({ err: result.deposit.cause, bookingId }, "a deposit owed back on a customer's cancellation could not be refunded");
        description = CANCELLATION_MESSAGES.refundPendingDescription(deposit);
      }
      await setToast(context, { type: "success", title: CANCELLATION_MESSAGES.cancelled, description });
      return;
    }
    default:
      result satisfies never;
  }
}
