import type Stripe from "stripe";
import { requestContext, servicesContext, settingsContext } from "~/context";
import { declaresMoreThan, readBodyAtMost } from "~/services/bounded-body.server";
import { handleStripeEvent } from "~/services/payments.server";
import { keepDepositCard, savesDepositCard } from "~/services/saved-cards.server";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's events are a few kilobytes; anything beyond this is not from Stripe. */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

const plain = (message: string, status: number, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });

/**
 * Stripe's webhook deliveries: the raw body is checked against the Stripe-Signature header (no
 * signature, a wrong one or a stale one: 400, nothing changed), each event id is handled once (a
 * redelivery answers 200 and does nothing), and Checkout's events fulfil or close the booking's
 * payment. The event is recorded in the same transaction as its effect: a failure answers 500 and
 * leaves neither, so Stripe's retry handles it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return plain("Method not allowed.", 405, { Allow: "POST" });
  const { logger } = context.get(requestContext);
  const services = context.get(servicesContext);
  const { stripe, stripeWebhookSecret: webhookSecret } = services;

  if (declaresMoreThan(request, WEBHOOK_BODY_LIMIT_BYTES)) return plain("Payload too large.", 413, { Connection: "close" });
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return plain("Missing Stripe-Signature header.", 400);
  const body = await readBodyAtMost(request, WEBHOOK_BODY_LIMIT_BYTES);
  if (body.kind === "too-large") return plain("Payload too large.", 413, { Connection: "close" });
  if (body.kind === "unreadable") return plain("The body could not be read.", 400);
  const payload = new TextDecoder().decode(body.bytes);

  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, webhookSecret);
  } catch (error) {
    logger.warn({ err: error }, "Stripe webhook refused: signature does not match");
    return plain("Invalid signature.", 400);
  }

  const { serviceRole } = services;
  try {
    const { autoConfirmBookings } = await context.get(settingsContext)();
    // The card the customer asked to save is kept before the event is recorded: a failure here is
    // answered 500, and Stripe's next delivery keeps it.
    if (savesDepositCard(event)) {
      const kept = await keepDepositCard(stripe, serviceRole, event.data.object.id);
      if (kept.kind === "stripe-unavailable") throw kept.cause;
    }
    const outcome = await handleStripeEvent(serviceRole, event, { autoConfirm: autoConfirmBookings });
    const facts = { eventId: event.id, type: event.type, outcome };
    if (outcome.kind === "duplicate") logger.info(facts, "Stripe event delivered again; already handled");
    else if (outcome.kind === "fulfilment" && (outcome.check === "mismatch" || outcome.check === "unknown-booking"))
      logger.error(facts, "Stripe reported a payment that does not match a booking");
    else if (outcome.kind === "fulfilment" && outcome.applied === "refund-due") logger.warn(facts, "a deposit was paid for a cancelled booking: refund due");
    else logger.info(facts, "Stripe event handled");
  } catch (error) {
    logger.error({ err: error, eventId: event.id, type: event.type }, "Stripe event could not be handled; Stripe will deliver it again");
    return plain("The event could not be handled.", 500);
  }
  return Response.json({ received: true });
}

/** A GET (a browser, a probe) is no delivery. */
export function loader() {
  return plain("Method not allowed.", 405, { Allow: "POST" });
}
