import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context";
import { FORGET_CARD_MESSAGES } from "~/domain/saved-card";
import { forgetSavedCard } from "~/services/saved-cards.server";
import { setToast } from "~/services/toast.server";

// Removing a saved card, the same from the signed-in booking page and the link of the emails: the page
// has checked the booking is the visitor's, and redirects back to itself after.

/** Forgets the card saved for `bookingId` and tells the customer so (or that it could not be done yet). */
export async function forgetCard(context: Readonly<RouterContextProvider>, bookingId: string): Promise<void> {
  const { stripe, serviceRole } = context.get(servicesContext);
  const result = await forgetSavedCard(stripe, serviceRole, bookingId);
  if (result.kind === "stripe-unavailable") {
    context.get(requestContext).logger.error({ err: result.cause, bookingId }, "a saved card could not be detached");
    await setToast(context, { type: "error", title: FORGET_CARD_MESSAGES.failed });
    return;
  }
  await setToast(context, { type: "success", title: FORGET_CARD_MESSAGES.forgotten, description: FORGET_CARD_MESSAGES.forgottenDescription });
}
