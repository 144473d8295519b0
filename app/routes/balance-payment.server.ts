import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context";
import { BALANCE_PAYMENT_MESSAGES, tipFormSchema } from "~/domain/balance-payment";
import { formatCents } from "~/domain/money";
import { readBillWithPayments, returnFromBalanceCheckout, startBalanceCheckout, type BalanceCheckoutResult } from "~/services/balance-payments.server";
import { setToast } from "~/services/toast.server";
import { bookingNotFound } from "./booking-params";

// Paying a move's balance, the same from the signed-in booking page and the link of the emails: the
// page hands over the booking (checked as its own) and its own address, which Checkout returns to.

/** The query parameter Checkout fills with its session id when it sends the customer back paid. */
export const BALANCE_SESSION_PARAM = "balance_session";

const REFUSALS: Record<Exclude<BalanceCheckoutResult["kind"], "checkout" | "not-found">, { status: number; message: string }> = {
  "needs-approval": { status: 409, message: BALANCE_PAYMENT_MESSAGES.needsApproval },
  paid: { status: 409, message: BALANCE_PAYMENT_MESSAGES.paid },
  busy: { status: 409, message: BALANCE_PAYMENT_MESSAGES.busy },
  "stripe-unavailable": { status: 502, message: BALANCE_PAYMENT_MESSAGES.failed },
};

/** `pagePath` with one more query parameter. */
function withParam(pagePath: string, name: string, value: string) {
  return `${pagePath}${pagePath.includes("?") ? "&" : "?"}${name}=${value}`;
}

/**
 * `intent=pay-balance`: the tip form, read against the bill (a bad tip is answered beside its field,
 * 400), then Checkout for what is left with the tip (a full page load, 303). A bill that waits for
 * approval, is paid, or is being paid already is answered with its message and 409, nothing charged.
 */
export async function payBalance(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  { booking, pagePath, headers }: { booking: { id: string; email: string }; pagePath: string; headers?: HeadersInit },
) {
  const services = context.get(servicesContext);
  // The link's page reads with the service role; the caller has checked the booking is the visitor's.
  const read = await readBillWithPayments(services.serviceRole, booking.id);
  if (!read) throw bookingNotFound();
  const submission = parseWithZod(form, { schema: tipFormSchema(read.bill.total_cents) });
  if (submission.status !== "success") return data({ payment: submission.reply() }, { status: 400, headers });

  const attempt = String(form.get("attempt") ?? "").slice(0, 64) || crypto.randomUUID();
  const pageUrl = `${services.publicUrl}${pagePath}`;
  const checkout = await startBalanceCheckout(services.stripe, services.serviceRole, {
    bookingId: booking.id,
    email: booking.email,
    tipCents: submission.value.tipCents,
    idempotencyKey: `balance-${booking.id}-${attempt}-${submission.value.tipCents}`,
    successUrl: withParam(pageUrl, BALANCE_SESSION_PARAM, "{CHECKOUT_SESSION_ID}"),
    cancelUrl: pageUrl,
    billed: read,
  });
  if (checkout.kind === "not-found") throw bookingNotFound();
  if (checkout.kind === "checkout") return redirectDocument(checkout.url, { status: 303, headers });
  if (checkout.kind === "stripe-unavailable")
    context.get(requestContext).logger.error({ err: checkout.cause, bookingId: booking.id }, "a balance's checkout could not start");
  const refusal = REFUSALS[checkout.kind];
  return data({ payment: submission.reply({ formErrors: [refusal.message] }) }, { status: refusal.status, headers });
}

/**
 * The customer is back from Checkout on the page (`?balance_session=`): the session is checked with
 * Stripe and marked paid as the webhook would, the customer told so, and sent on to the page without
 * the parameter (so a reload asks nothing again). Null when the request carries no session.
 */
export async function returnedFromBalanceCheckout(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { bookingId, pagePath, headers }: { bookingId: string; pagePath: string; headers?: HeadersInit },
) {
  const sessionId = new URL(request.url).searchParams.get(BALANCE_SESSION_PARAM);
  if (sessionId === null) return null;
  const services = context.get(servicesContext);
  const answer = await returnFromBalanceCheckout(services.stripe, services.serviceRole, bookingId, sessionId);
  if (answer.kind === "paid") {
    await setToast(context, {
      type: "success",
      title: BALANCE_PAYMENT_MESSAGES.received,
      description: BALANCE_PAYMENT_MESSAGES.receivedDescription(formatCents(answer.amountCents)),
    });
  } else {
    if (answer.kind === "stripe-unavailable") context.get(requestContext).logger.error({ err: answer.cause }, "could not ask Stripe about a balance's session");
    await setToast(context, { type: "info", title: BALANCE_PAYMENT_MESSAGES.notVerified });
  }
  return redirect(pagePath, { headers });
}
