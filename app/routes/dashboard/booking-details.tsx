import { ArrowLeft } from "lucide-react";
import { Link, data, href, redirect, useActionData, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { BalancePaymentSection } from "~/components/booking/balance-payment-section";
import { SavedCardSection } from "~/components/booking/saved-card-section";
import { BookingPaymentsSection } from "~/components/booking/booking-payments-section";
import { BookingDetailsCancellation } from "~/components/dashboard/booking-details-cancellation";
import { CANCEL_CONFIRM_PARAM, cancelConfirmationOpen } from "~/components/dashboard/cancel-confirmation-on-demand";
import { BookingDetailsFields } from "~/components/dashboard/booking-details-fields";
import { BookingDetailsHeader } from "~/components/dashboard/booking-details-header";
import { BookingDetailsHistory } from "~/components/dashboard/booking-details-history";
import { customerStatusHistory } from "~/domain/customer-status-history";
import { BookingDetailsPayment } from "~/components/dashboard/booking-details-payment";
import { BookingDetailsPhotos } from "~/components/dashboard/booking-details-photos";
import { BookingDetailsPrice } from "~/components/dashboard/booking-details-price";
import { BookingDetailsReschedule } from "~/components/dashboard/booking-reschedule-section";
import { APPROVE_BILL_INTENT, FinalBillSection } from "~/components/booking/final-bill-section";
import { servicesContext, sessionContext, settingsContext, userContext } from "~/context";
import { formatCompanyDateTime } from "~/domain/booking";
import { cancellationView } from "~/domain/booking-cancellation";
import { rescheduleView } from "~/domain/booking-reschedule";
import { customerChangeRulesOf } from "~/domain/company-settings";
import { canPayDeposit, depositStateLabel } from "~/domain/booking-status";
import { bookingView, depositCents, priceView } from "~/domain/booking-view";
import { PAY_BALANCE_INTENT, balanceView } from "~/domain/balance-payment";
import { FORGET_CARD_INTENT, savedCardLabel } from "~/domain/saved-card";
import { BILL_APPROVAL_MESSAGES, customerBillView } from "~/domain/final-bill";
import { formatCents } from "~/domain/money";
import { loadBookingDetails } from "~/services/booking-details.server";
import { cancelMyBooking } from "~/services/customer-cancellation.server";
import { readBillWithPayments } from "~/services/balance-payments.server";
import { readSavedCard } from "~/services/saved-cards.server";
import { ownBooking } from "~/services/customer-bookings.server";
import { approveMoveBill } from "~/services/final-bills.server";
import { setToast } from "~/services/toast.server";
import { readFormBody } from "~/services/form-body.server";
import { bookingIdParam, bookingNotFound, customerBookingPath, customerReceiptPath } from "../booking-params";
import { listedReceipts } from "../receipt-page.server";
import { forgetCard } from "../saved-card.server";
import { payBalance, returnedFromBalanceCheckout } from "../balance-payment.server";
import { reportCancellation } from "../customer-cancellation.server";
import { requireIntent } from "../form-intent";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/booking-details";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Move on ${loaderData.booking.moveDate}` : "Booking details", matches),
];

/**
 * One of the customer's own bookings: every field, the price as quoted when it was booked, photos,
 * the deposit, the status history and whether it can still be rescheduled or cancelled online. Read with the
 * visitor's own client, so another customer's booking (or an id that is none) is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const bookingId = bookingIdParam(params);
  const user = context.get(userContext);
  const { supabase } = context.get(sessionContext);
  // The bill and its payments are read with the customer's own client: only their own moves' are theirs to read.
  const [details, billed, savedCard] = await Promise.all([
    loadBookingDetails(supabase, { bookingId, userId: user.id }),
    readBillWithPayments(supabase, bookingId),
    readSavedCard(supabase, bookingId),
  ]);
  if (details.kind === "not-found") throw bookingNotFound();
  const returned = await returnedFromBalanceCheckout(request, context, { bookingId, pagePath: customerBookingPath(bookingId) });
  if (returned) throw returned;
  const { booking: row } = details;
  const settings = await context.get(settingsContext)();
  const { timeZone } = settings;
  const now = new Date();
  const rules = customerChangeRulesOf(settings);
  const receipts = await listedReceipts(supabase, row, { timeZone, receiptHref: (receiptId) => customerReceiptPath(row.id, receiptId) });

  // The card the customer saved with the deposit, as they know it.
  const savedCardName = savedCard && savedCardLabel(savedCard);
  return {
    booking: bookingView(row, timeZone),
    price: priceView(row),
    payment: {
      bookingId: row.id,
      depositAmount: formatCents(depositCents(row)),
      depositLabel: depositStateLabel(row),
      paidAt: row.deposit_paid_at ? formatCompanyDateTime(row.deposit_paid_at, timeZone) : null,
      canPay: canPayDeposit(row),
      // Names this page's 'Pay deposit': pressing twice, or resubmitting, starts one checkout.
      attempt: crypto.randomUUID(),
    },
    photos: details.photos,
    history: customerStatusHistory(details.history, row.deposit_paid_at).map((entry) => ({
      label: entry.label,
      tone: entry.tone,
      changedAt: formatCompanyDateTime(entry.at, timeZone),
    })),
    reschedule: rescheduleView(row, now, { timeZone, rules }),
    cancellation: cancellationView(row, now, { timeZone, rules }),
    bill: billed ? customerBillView(billed.bill, timeZone) : null,
    balance: billed ? balanceView(billed.bill, billed.payments, savedCardName) : null,
    savedCard: savedCardName,
    // Names this page's 'Pay': pressing twice, or resubmitting, starts one checkout.
    balanceAttempt: crypto.randomUUID(),
    receipts,
  };
}

/**
 * `intent=approve-bill`: the customer approves their move's bill (once; again changes nothing).
 * `intent=pay-balance`: the customer pays what is left of it, with an optional tip, through Checkout.
 * `intent=forget-card`: the customer removes the card they saved with the deposit.
 * `intent=cancel`: the customer cancels this booking (the database decides whether the company's rules
 * still allow it; a deposit owed back is refunded at once), then comes back to it with a message. Another customer's booking is a 404, as on the page.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const bookingId = bookingIdParam(params);
  const { supabase } = context.get(sessionContext);
  if (form.get("intent") === APPROVE_BILL_INTENT) {
    const approval = await approveMoveBill(supabase, bookingId);
    if (approval.kind === "not-found") throw bookingNotFound();
    if (approval.kind === "not-needed") throw data(BILL_APPROVAL_MESSAGES.notNeeded, { status: 409 });
    await setToast(context, { type: "success", title: BILL_APPROVAL_MESSAGES.approved, description: BILL_APPROVAL_MESSAGES.approvedDescription });
    return redirect(customerBookingPath(bookingId));
  }
  if (form.get("intent") === PAY_BALANCE_INTENT) {
    const found = await ownBooking(supabase, context.get(userContext).id, bookingId);
    if (found.kind === "not-found") throw bookingNotFound();
    return payBalance(context, form, { booking: found.booking, pagePath: customerBookingPath(bookingId) });
  }
  if (form.get("intent") === FORGET_CARD_INTENT) {
    const found = await ownBooking(supabase, context.get(userContext).id, bookingId);
    if (found.kind === "not-found") throw bookingNotFound();
    await forgetCard(context, bookingId);
    return redirect(customerBookingPath(bookingId));
  }
  requireIntent(form, "cancel");

  const { stripe, serviceRole } = context.get(servicesContext);
  const result = await cancelMyBooking(supabase, { serviceRole, stripe }, bookingId);
  if (result.kind === "not-found") throw bookingNotFound();
  const settings = await context.get(settingsContext)();
  await reportCancellation(context, { bookingId, noticeHours: settings.customerChangeNoticeHours }, result);
  return redirect(customerBookingPath(bookingId));
}

/** Opening or closing the confirmation (`?cancel=confirm`) changes nothing the loader reads. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutConfirm = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(CANCEL_CONFIRM_PARAM);
    return params.toString();
  };
  return withoutConfirm(currentUrl) === withoutConfirm(nextUrl) ? false : defaultShouldRevalidate;
}

export default function BookingDetails({ loaderData }: Route.ComponentProps) {
  const { booking, price, payment, photos, history, reschedule, cancellation, bill, balance, balanceAttempt, receipts, savedCard } = loaderData;
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const confirming = cancelConfirmationOpen(searchParams);
  return (
    <div className="flex flex-col gap-6">
      <Link to={href("/dashboard")} className="inline-flex items-center gap-1 self-start font-medium text-brand-700 hover:text-brand-900">
        <ArrowLeft aria-hidden className="size-4" />
        Back to Dashboard
      </Link>

      <BookingDetailsHeader booking={booking} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <BookingDetailsFields booking={booking} />
          <BookingDetailsPhotos photos={photos} />
          <BookingDetailsHistory history={history} />
        </div>
        <div className="flex flex-col gap-6">
          {bill ? <FinalBillSection bill={bill} action={customerBookingPath(booking.id)} /> : null}
          {balance ? (
            <BalancePaymentSection
              balance={balance}
              action={customerBookingPath(booking.id)}
              attempt={balanceAttempt}
              lastResult={actionData && "payment" in actionData ? actionData.payment : undefined}
            />
          ) : null}
          {savedCard ? <SavedCardSection card={savedCard} action={customerBookingPath(booking.id)} /> : null}
          <BookingPaymentsSection receipts={receipts} />
          <BookingDetailsPrice price={price} />
          <BookingDetailsPayment payment={payment} />
          <BookingDetailsReschedule reschedule={reschedule} pagePath={href("/dashboard/bookings/:bookingId/reschedule", { bookingId: booking.id })} />
          <BookingDetailsCancellation
            action={customerBookingPath(booking.id)}
            cancellation={cancellation}
            confirming={confirming}
            depositAmount={payment.depositAmount}
          />
        </div>
      </div>
    </div>
  );
}
