import { CalendarPlus } from "lucide-react";
import { data, href, redirect, useActionData, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { BalancePaymentSection } from "~/components/booking/balance-payment-section";
import { SavedCardSection } from "~/components/booking/saved-card-section";
import { BookingPaymentsSection } from "~/components/booking/booking-payments-section";
import { BookingDetailsCancellation } from "~/components/dashboard/booking-details-cancellation";
import { cancelConfirmationOpen } from "~/components/dashboard/cancel-confirmation-on-demand";
import { BookingDetailsFields } from "~/components/dashboard/booking-details-fields";
import { BookingDetailsHeader } from "~/components/dashboard/booking-details-header";
import { BookingDetailsPrice } from "~/components/dashboard/booking-details-price";
import { BookingDetailsReschedule } from "~/components/dashboard/booking-reschedule-section";
import { APPROVE_BILL_INTENT, FinalBillSection } from "~/components/booking/final-bill-section";
import { servicesContext } from "~/context";
import { cancellationView } from "~/domain/booking-cancellation";
import { rescheduleView } from "~/domain/booking-reschedule";
import { depositStateLabel } from "~/domain/booking-status";
import { customerChangeRulesOf } from "~/domain/company-settings";
import { bookingView, depositCents, priceView } from "~/domain/booking-view";
import { PAY_BALANCE_INTENT, balanceView } from "~/domain/balance-payment";
import { FORGET_CARD_INTENT, savedCardLabel } from "~/domain/saved-card";
import { BILL_APPROVAL_MESSAGES, customerBillView } from "~/domain/final-bill";
import { formatCents } from "~/domain/money";
import { cancelByManageLink } from "~/services/customer-cancellation.server";
import { readBillWithPayments } from "~/services/balance-payments.server";
import { readSavedCard } from "~/services/saved-cards.server";
import { approveMoveBill } from "~/services/final-bills.server";
import { setToast } from "~/services/toast.server";
import { readFormBody } from "~/services/form-body.server";
import { bookingNotFound } from "../booking-params";
import { manageLinkPath, manageReceiptPath } from "~/domain/manage-link";
import { linkedBooking } from "./manage-link.server";
import { forgetCard } from "../saved-card.server";
import { payBalance, returnedFromBalanceCheckout } from "../balance-payment.server";
import { reportCancellation } from "../customer-cancellation.server";
import { listedReceipts } from "../receipt-page.server";
import { requireIntent } from "../form-intent";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/manage-booking";

// It names the customer's addresses: never kept by browsers or proxies, never indexed.
const NO_STORE = { "Cache-Control": "private, no-store" };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Your move on ${loaderData.booking.moveDate}` : "Your booking", matches),
  { name: "robots", content: "noindex" },
];

/**
 * One booking, opened by the 'Manage your booking' link of its emails without signing in: its details,
 * price, deposit, calendar file, payments and refunds with their receipts, final bill once the move is
 * done and, by the company's rules, its rescheduling and cancellation. A link that opens no booking is
 * the site's 404 page, which says nothing of any booking.
 */
export async function loader(args: Route.LoaderArgs) {
  const { token, settings, booking: row } = await linkedBooking(args);
  const { timeZone } = settings;
  const returned = await returnedFromBalanceCheckout(args.request, args.context, { bookingId: row.id, pagePath: manageLinkPath(token), headers: NO_STORE });
  if (returned) throw returned;
  // The link opened this booking only: its bill and payments are read by its id, with the service role.
  const { serviceRole } = args.context.get(servicesContext);
  const [billed, savedCard, receipts] = await Promise.all([
    readBillWithPayments(serviceRole, row.id),
    readSavedCard(serviceRole, row.id),
    listedReceipts(serviceRole, row, { timeZone, receiptHref: (receiptId) => manageReceiptPath(token, receiptId) }),
  ]);
  const [now, rules] = [new Date(), customerChangeRulesOf(settings)];
  // The card the customer saved with the deposit, as they know it.
  const savedCardName = savedCard && savedCardLabel(savedCard);
  return data(
    {
      path: manageLinkPath(token),
      reschedulePath: manageLinkPath(token, href("/manage/reschedule")),
      reschedule: rescheduleView(row, now, { timeZone, rules }),
      cancellation: cancellationView(row, now, { timeZone, rules }),
      booking: bookingView(row, timeZone),
      price: priceView(row),
      deposit: { label: depositStateLabel(row), amount: formatCents(depositCents(row)) },
      calendarPath: row.status === "cancelled" ? null : manageLinkPath(token, href("/manage/move.ics")),
      bill: billed ? customerBillView(billed.bill, timeZone) : null,
      balance: billed ? balanceView(billed.bill, billed.payments, savedCardName) : null,
      savedCard: savedCardName,
      // Names this page's 'Pay': pressing twice, or resubmitting, starts one checkout.
      balanceAttempt: crypto.randomUUID(),
      receipts,
    },
    { headers: NO_STORE },
  );
}

/**
 * `intent=approve-bill`: the holder of the link approves the move's bill, as its signed-in owner would.
 * `intent=pay-balance`: the holder of the link pays what is left of it, with an optional tip, through Checkout.
 * `intent=forget-card`: the holder of the link removes the card saved with the deposit.
 * `intent=cancel`: the holder of the link cancels the booking, by the company's rules as for a signed-in
 * customer (a deposit owed back is refunded at once), and comes back to the page with a message.
 */
export async function action(args: Route.ActionArgs) {
  const form = await readFormBody(args.request);
  const { token, settings, booking } = await linkedBooking(args);
  const services = args.context.get(servicesContext);
  if (form.get("intent") === APPROVE_BILL_INTENT) {
    const approval = await approveMoveBill(services.serviceRole, booking.id);
    if (approval.kind === "not-found") throw bookingNotFound();
    if (approval.kind === "not-needed") throw data(BILL_APPROVAL_MESSAGES.notNeeded, { status: 409, headers: NO_STORE });
    await setToast(args.context, { type: "success", title: BILL_APPROVAL_MESSAGES.approved, description: BILL_APPROVAL_MESSAGES.approvedDescription });
    return redirect(manageLinkPath(token), { headers: NO_STORE });
  }
  if (form.get("intent") === PAY_BALANCE_INTENT) return payBalance(args.context, form, { booking, pagePath: manageLinkPath(token), headers: NO_STORE });
  if (form.get("intent") === FORGET_CARD_INTENT) {
    await forgetCard(args.context, booking.id);
    return redirect(manageLinkPath(token), { headers: NO_STORE });
  }
  requireIntent(form, "cancel");
  const result = await cancelByManageLink(services, { bookingId: booking.id, email: booking.email });
  if (result.kind === "not-found") throw bookingNotFound();
  await reportCancellation(args.context, { bookingId: booking.id, noticeHours: settings.customerChangeNoticeHours }, result);
  return redirect(manageLinkPath(token), { headers: NO_STORE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Opening or closing the confirmation (`&cancel=confirm`) changes nothing the loader reads. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return currentUrl.searchParams.get("token") === nextUrl.searchParams.get("token") ? false : defaultShouldRevalidate;
}

export default function ManageBooking({ loaderData }: Route.ComponentProps) {
  const { path, booking, price, deposit, calendarPath, reschedulePath, reschedule, cancellation, bill, balance, balanceAttempt, receipts, savedCard } =
    loaderData;
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <BookingDetailsHeader booking={booking} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <BookingDetailsFields booking={booking} />
        </div>
        <div className="flex flex-col gap-6">
          {bill ? <FinalBillSection bill={bill} action={path} /> : null}
          {balance ? (
            <BalancePaymentSection
              balance={balance}
              action={path}
              attempt={balanceAttempt}
              lastResult={actionData && "payment" in actionData ? actionData.payment : undefined}
            />
          ) : null}
          {savedCard ? <SavedCardSection card={savedCard} action={path} /> : null}
          <BookingPaymentsSection receipts={receipts} />
          <BookingDetailsPrice price={price} />
          <section aria-labelledby="manage-deposit-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="manage-deposit-heading" className="font-semibold">
              Deposit
            </h2>
            <p className="mt-1 text-slate-700">
              {deposit.amount} · {deposit.label}
            </p>
          </section>
          {calendarPath ? (
            <section aria-labelledby="manage-help-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <h2 id="manage-help-heading" className="font-semibold">
                Your move
              </h2>
              <a href={calendarPath} className="inline-flex items-center gap-2 font-medium text-brand-700 hover:text-brand-900" download>
                <CalendarPlus aria-hidden className="size-4" />
                Add to calendar
              </a>
            </section>
          ) : null}
          <BookingDetailsReschedule reschedule={reschedule} pagePath={reschedulePath} />
          <BookingDetailsCancellation
            action={path}
            cancellation={cancellation}
            confirming={cancelConfirmationOpen(searchParams)}
            depositAmount={deposit.amount}
          />
        </div>
      </div>
    </main>
  );
}
