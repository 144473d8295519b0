import { data, href, redirect, redirectDocument } from "react-router";
import { requestContext, servicesContext, sessionContext, userContext } from "~/context";
import { bookingStatusLabel, canPayDeposit } from "~/domain/booking-status";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { ownBooking } from "~/services/customer-bookings.server";
import { readFormBody } from "~/services/form-body.server";
import { CHECKOUT_REFUSAL_MESSAGES, PAYMENT_MESSAGES, startCheckout } from "~/services/payments.server";
import { setToast } from "~/services/toast.server";
import type { Route } from "./+types/pay-deposit";

const NOT_FOUND = "This booking does not exist.";

/** The address is for the form; visited, it shows the booking. */
export async function loader({ params }: Route.LoaderArgs) {
  return redirect(href("/dashboard/bookings/:bookingId", { bookingId: params.bookingId }));
}

/**
 * 'Pay deposit' on one of the customer's own bookings whose deposit is unpaid, failed or expired: a
 * new Checkout for it (or the open one it holds). The booking is read with the customer's own
 * client, so another customer's booking is a 404 like one that does not exist. When the deposit
 * cannot be paid (paid meanwhile, the booking cancelled) the customer goes back with a message.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const user = context.get(userContext);
  const found = await ownBooking(context.get(sessionContext).supabase, user.id, params.bookingId);
  if (found.kind === "not-found") throw data(NOT_FOUND, { status: 404 });
  const { booking } = found;
  const back = safeRedirectPath(formData.get("returnTo"), href("/dashboard"));

  if (!canPayDeposit(booking)) {
    await setToast(
      context,
      booking.deposit_status === "paid"
        ? { type: "info", title: "Deposit already paid", description: PAYMENT_MESSAGES.alreadyPaid }
        : {
            type: "info",
            title: "No deposit to pay",
            description: `This booking is ${bookingStatusLabel(booking.status).toLowerCase()}: its deposit can no longer be paid.`,
          },
    );
    return redirect(back, 303);
  }

  const services = context.get(servicesContext);
  // The page's attempt id: pressing twice, or resubmitting, starts one checkout.
  const attempt = String(formData.get("attempt") ?? "").slice(0, 64) || crypto.randomUUID();
  const checkout = await startCheckout(services.stripe, services.serviceRole, booking, {
    publicUrl: services.publicUrl,
    idempotencyKey: `deposit-${booking.id}-${attempt}`,
  });
  if (checkout.kind !== "checkout") {
    const cause = checkout.kind === "stripe-unavailable" ? checkout.cause : undefined;
    context.get(requestContext).logger.warn({ err: cause, bookingId: booking.id }, "checkout could not start");
    await setToast(context, { type: "error", title: "Payment Error", description: CHECKOUT_REFUSAL_MESSAGES[checkout.kind] });
    return redirect(back, 303);
  }
  // A full page load: Checkout is another site (the embedded one merely shares this origin).
  return redirectDocument(checkout.url, 303);
}
