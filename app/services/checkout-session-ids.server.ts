import type Stripe from "stripe";

/** Checkout Session ids as Stripe writes them (cs_test_…, cs_live_…); anything else is asked of nobody. */
export const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/** The id of the payment intent that paid a session (kept with the payment: a refund names it). */
export function paymentIntentOf(session: Pick<Stripe.Checkout.Session, "payment_intent">): string | null {
  const intent = session.payment_intent;
  if (typeof intent === "string") return intent;
  return intent?.id ?? null;
}
