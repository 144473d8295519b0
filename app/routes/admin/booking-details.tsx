import { Mail, Pencil, Phone, Receipt, XCircle } from "lucide-react";
import { Link, data, href, redirect } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { BookingDeposit, REFUND_INTENT } from "~/components/admin/booking-deposit";
import { BookingHistory } from "~/components/admin/booking-history";
import { MessageList } from "~/components/admin/message-list";
import { BookingDetailsFields } from "~/components/dashboard/booking-details-fields";
import { BookingDetailsPhotos } from "~/components/dashboard/booking-details-photos";
import { BookingDetailsPrice } from "~/components/dashboard/booking-details-price";
import { OfficeStatusBadge } from "~/components/admin/office-status-badge";
import { buttonClasses } from "~/components/ui/button";
import { requestContext, servicesContext, sessionContext, settingsContext } from "~/context";
import { RESEND_MESSAGE_INTENT, messageView } from "~/domain/admin-messages";
import { officeBookingState } from "~/domain/admin-booking-row";
import { BOOKING_EDIT_FIELD_LABELS, bookingEditValueLabel, movedOnlineLabel } from "~/domain/admin-booking-edit";
import { NEW_DATE_NEEDED_MARK } from "~/domain/booking-marks";
import { newDateRequested } from "~/domain/booking-cancellation";
import { formatCompanyDateTime } from "~/domain/booking";
import { mailtoHref } from "~/domain/email-link";
import { depositStateLabel } from "~/domain/booking-status";
import { bookingView, depositCents, priceView } from "~/domain/booking-view";
import { formatCents } from "~/domain/money";
import { hasPermission } from "~/domain/permissions";
import { REFUND_MESSAGES, refundToast } from "~/domain/refund-messages";
import { ensurePermission } from "~/middleware/guards.server";
import { loadStaffBookingDetails } from "~/services/admin-booking-details.server";
import { readFormBody } from "~/services/form-body.server";
import { listBookingMessages } from "~/services/messages.server";
import { refundDeposit } from "~/services/refunds.server";
import { currentAccount } from "~/services/session.server";
import { setToast } from "~/services/toast.server";
import type { Route } from "./+types/booking-details";
import { resendMessageAction } from "./message-resend.server";
import { adminBookingPath, bookingIdParam, bookingNotFound } from "../booking-params";
import { requireIntent } from "../form-intent";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(loaderData ? `Booking ${loaderData.booking.shortId} · Admin` : "Booking · Admin", matches);

/** Who made a change: their name, else their id; the server's own changes are the system's. */
const author = (who: string | null) => who ?? "System";

/**
 * One booking for staff: every field, the price lines kept with it, its photos, the deposit with
 * Stripe's ids and any refund, the full status and edit history, and links to contact the customer,
 * edit and cancel. Read with the staff member's own client (row level security lets staff read it).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "bookings:read");
  const { supabase, roles } = context.get(sessionContext);
  const bookingId = bookingIdParam(params);
  const [details, messages] = await Promise.all([loadStaffBookingDetails(supabase, bookingId), listBookingMessages(supabase, bookingId)]);
  if (details.kind === "not-found") throw bookingNotFound();
  const held = await roles();
  const { booking: row, refund } = details;
  const mayWrite = hasPermission(held, "bookings:write");
  const { timeZone, onlineRescheduleLimit } = await context.get(settingsContext)();

  return {
    booking: bookingView(row, timeZone),
    // In the table's words: a pending booking whose checkout was abandoned says so.
    state: officeBookingState(row, new Date()),
    price: priceView(row),
    contact: { mailto: mailtoHref(row.email), tel: `tel:${row.phone.replace(/[^\d+]/g, "")}` },
    deposit: {
      amount: formatCents(depositCents(row)),
      label: depositStateLabel(row),
      paidAt: row.deposit_paid_at ? formatCompanyDateTime(row.deposit_paid_at, timeZone) : null,
      checkoutSessionId: row.stripe_checkout_session_id,
      paymentIntentId: row.stripe_payment_intent_id,
      refund: refund
        ? {
            id: refund.stripeRefundId,
            amount: formatCents(refund.amountCents),
            at: formatCompanyDateTime(refund.refundedAt, timeZone),
            by: author(refund.refundedBy),
          }
        : null,
      canRefund: mayWrite && row.status === "cancelled" && row.deposit_status === "paid",
    },
    photos: details.photos,
    statusHistory: details.statusHistory.map((change) => ({
      ...change,
      changedAt: formatCompanyDateTime(change.changedAt, timeZone),
      changedBy: author(change.changedBy),
    })),
    edits: details.edits.map((edit) => ({
      field: BOOKING_EDIT_FIELD_LABELS[edit.field] ?? edit.field,
      before: bookingEditValueLabel(edit.field, edit.before),
      after: bookingEditValueLabel(edit.field, edit.after),
      changedAt: formatCompanyDateTime(edit.changedAt, timeZone),
      changedBy: author(edit.changedBy),
      byCustomer: edit.byCustomer,
    })),
    movedOnline: { times: row.online_reschedules, limit: onlineRescheduleLimit },
    newDateAskedAt: newDateRequested(row) && row.new_date_requested_at ? formatCompanyDateTime(row.new_date_requested_at, timeZone) : null,
    messages: messages.map((message) => messageView(message, timeZone)),
    canEdit: mayWrite,
    canCancel: hasPermission(held, "bookings:status") && row.status !== "cancelled",
    // The bill page shows a kept bill, or its form for a paid move not cancelled.
    canBill: hasPermission(held, "bookings:bill") && row.status !== "cancelled" && row.deposit_status === "paid",
  };
}

/**
 * `intent=refund`: refunds the paid deposit of a cancelled booking (a refund due above all), once.
 * `intent=resend-message`: one of this booking's failed messages queued again.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  await ensurePermission(request, context, "bookings:write");
  const bookingId = bookingIdParam(params);
  const form = await readFormBody(request);
  if (form.get("intent") === RESEND_MESSAGE_INTENT) return resendMessageAction(request, context, form, { bookingId });
  requireIntent(form, REFUND_INTENT);

  const { supabase } = context.get(sessionContext);
  const result = await refundDeposit(supabase, context.get(servicesContext).stripe, bookingId);
  if (result.kind === "not-found") throw bookingNotFound();
  if (result.kind === "forbidden") throw data({ account: await currentAccount(context) }, { status: 403 });
  if (result.kind === "not-cancelled") throw data(REFUND_MESSAGES.notCancelled, { status: 409 });
  if (result.kind === "stripe-failed") context.get(requestContext).logger.error({ err: result.cause, bookingId }, "a deposit refund failed");
  await setToast(context, refundToast(result.kind));
  return redirect(adminBookingPath(bookingId));
}

export default function AdminBookingDetails({ loaderData }: Route.ComponentProps) {
  const { booking, state, price, contact, deposit, photos, statusHistory, edits, messages, canEdit, canCancel, canBill, movedOnline, newDateAskedAt } =
    loaderData;
  const linkClasses = buttonClasses("outline", "sm");
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading
        title={`Booking ${booking.shortId}`}
        description={`${booking.fullName} · booked ${booking.createdAt}`}
        actions={
          <>
            {contact.mailto ? (
              <a href={contact.mailto} className={linkClasses}>
                <Mail aria-hidden className="size-4" />
                Email customer
              </a>
            ) : null}
            <a href={contact.tel} className={linkClasses}>
              <Phone aria-hidden className="size-4" />
              Call customer
            </a>
            {canEdit ? (
              <Link to={href("/admin/bookings/:bookingId/edit", { bookingId: booking.id })} className={linkClasses}>
                <Pencil aria-hidden className="size-4" />
                Edit Booking
              </Link>
            ) : null}
            {canBill ? (
              <Link to={href("/admin/bookings/:bookingId/bill", { bookingId: booking.id })} className={linkClasses}>
                <Receipt aria-hidden className="size-4" />
                Final Bill
              </Link>
            ) : null}
            {canCancel ? (
              <Link to={href("/admin/bookings/:bookingId/cancel", { bookingId: booking.id })} className={linkClasses}>
                <XCircle aria-hidden className="size-4" />
                Cancel Booking
              </Link>
            ) : null}
          </>
        }
      />
      <dl className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <div className="flex items-center gap-2">
          <dt className="text-sm text-slate-600">Status</dt>
          <dd>
            <OfficeStatusBadge state={state} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-sm text-slate-600">Estimated cost</dt>
          <dd className="font-semibold tabular-nums">{booking.estimatedCost}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-sm text-slate-600">Final cost</dt>
          <dd className="font-semibold tabular-nums">{booking.finalCost ?? "Not set"}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-sm text-slate-600">Deposit</dt>
          <dd className="font-semibold">{deposit.label}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-sm text-slate-600">Reschedules</dt>
          <dd className="font-semibold">{movedOnlineLabel(movedOnline)}</dd>
        </div>
        {newDateAskedAt ? (
          <div className="flex items-center gap-2">
            <dt className="text-sm text-slate-600">{NEW_DATE_NEEDED_MARK}</dt>
            <dd className="font-semibold">Day closed; customer emailed {newDateAskedAt}</dd>
          </div>
        ) : null}
      </dl>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <BookingDetailsFields booking={booking} />
          <BookingDetailsPhotos photos={photos} />
          <BookingHistory statusHistory={statusHistory} edits={edits} />
          <section aria-labelledby="admin-booking-messages-heading" className="flex flex-col gap-3">
            <h2 id="admin-booking-messages-heading" className="text-lg font-semibold">
              Messages
            </h2>
            {messages.length === 0 ? (
              <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">No messages about this booking yet.</p>
            ) : (
              <MessageList messages={messages} showBooking={false} canResend={canEdit} />
            )}
          </section>
        </div>
        <div className="flex flex-col gap-6">
          <BookingDeposit deposit={deposit} />
          <BookingDetailsPrice price={price} />
        </div>
      </div>
    </div>
  );
}
