import { data, redirect } from "react-router";
import { z } from "zod";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { BookingCancelForm, CANCEL_INTENT, REFUND_CHOICE } from "~/components/admin/booking-cancel-form";
import { requestContext, servicesContext, sessionContext } from "~/context";
import { shortBookingId } from "~/domain/booking";
import { depositCents } from "~/domain/booking-view";
import { formatCents } from "~/domain/money";
import { hasPermission } from "~/domain/permissions";
import { refundToast } from "~/domain/refund-messages";
import { ensurePermission } from "~/middleware/guards.server";
import { cancelBookingAsStaff, loadBookingToCancel } from "~/services/admin-booking-cancel.server";
import { readFormBody } from "~/services/form-body.server";
import { refundDeposit } from "~/services/refunds.server";
import { currentAccount } from "~/services/session.server";
import { setToast } from "~/services/toast.server";
import type { Route } from "./+types/booking-cancel";
import { adminBookingPath, bookingIdParam, bookingNotFound } from "../booking-params";
import { requireIntent } from "../form-intent";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(loaderData ? `Cancel booking ${loaderData.shortId} · Admin` : "Cancel booking · Admin", matches);

const CANCEL_MESSAGES = {
  cancelled: "Booking cancelled",
  alreadyCancelled: "This booking is already cancelled.",
  refundChoiceMissing: "Choose whether to refund the deposit.",
} as const;

/** Absent when the deposit is not paid (the form then asks nothing); otherwise yes or no. */
const refundChoiceSchema = z.enum([REFUND_CHOICE.yes, REFUND_CHOICE.no]).nullable();

/** The confirmation step, for staff who may change a booking's status. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "bookings:status");
  const { supabase, roles } = context.get(sessionContext);
  const found = await loadBookingToCancel(supabase, bookingIdParam(params));
  if (found.kind === "not-found") throw bookingNotFound();
  const row = found.booking;
  return {
    id: row.id,
    shortId: shortBookingId(row.id),
    fullName: row.full_name,
    cancelled: row.status === "cancelled",
    depositPaid: row.deposit_status === "paid",
    depositAmount: formatCents(depositCents(row)),
    canRefund: hasPermission(await roles(), "bookings:write"),
  };
}

/**
 * Cancels the booking (the history names who), and with `refund=yes` refunds its paid deposit through
 * Stripe, once however often it is pressed. A refund asks for the permission to change bookings; a
 * paid deposit needs the choice made. Back to the booking with a toast.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  await ensurePermission(request, context, "bookings:status");
  const bookingId = bookingIdParam(params);
  const form = await readFormBody(request);
  requireIntent(form, CANCEL_INTENT);
  const choice = refundChoiceSchema.safeParse(form.get(REFUND_CHOICE.field));
  if (!choice.success) throw data(CANCEL_MESSAGES.refundChoiceMissing, { status: 400 });
  const refund = choice.data === REFUND_CHOICE.yes;
  if (refund) await ensurePermission(request, context, "bookings:write");

  const { supabase } = context.get(sessionContext);
  const { stripe } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const cancelled = await cancelBookingAsStaff(supabase, stripe, bookingId);
  switch (cancelled.kind) {
    case "not-found":
      throw bookingNotFound();
    case "forbidden":
      throw data({ account: await currentAccount(context) }, { status: 403 });
    case "cancelled":
      if (cancelled.checkout.kind !== "closed") {
        const err = cancelled.checkout.kind === "failed" ? cancelled.checkout.cause : undefined;
        logger.error({ err, bookingId }, "a cancelled booking's deposit checkout could not be closed");
      }
      break;
    default:
      cancelled satisfies never;
  }

  if (refund) {
    const result = await refundDeposit(supabase, stripe, bookingId);
    if (result.kind === "stripe-failed") logger.error({ err: result.cause, bookingId }, "a deposit refund failed");
    const toast = refundToast(result.kind === "not-found" ? "nothing-to-refund" : result.kind);
    await setToast(
      context,
      result.kind === "refunded" ? { ...toast, title: `${CANCEL_MESSAGES.cancelled}. ${toast.title}` } : { ...toast, description: CANCEL_MESSAGES.cancelled },
    );
  } else {
    await setToast(context, { type: "success", title: CANCEL_MESSAGES.cancelled });
  }
  return redirect(adminBookingPath(bookingId));
}

export default function AdminBookingCancel({ loaderData }: Route.ComponentProps) {
  const { id, shortId, fullName, cancelled, depositPaid, depositAmount, canRefund } = loaderData;
  return (
    <div>
      <AdminPageHeading
        title={`Cancel booking ${shortId}?`}
        description={`${fullName}'s move will be cancelled; the status history records who cancelled it.`}
      />
      {cancelled ? (
        <p className="text-slate-700">{CANCEL_MESSAGES.alreadyCancelled}</p>
      ) : (
        <BookingCancelForm depositPaid={depositPaid} depositAmount={depositAmount} canRefund={canRefund} backTo={adminBookingPath(id)} />
      )}
    </div>
  );
}
