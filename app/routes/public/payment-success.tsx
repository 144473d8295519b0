import { CalendarPlus, CircleAlert, CircleCheck, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link, data, href } from "react-router";
import { useCompany } from "~/components/company-context";
import { FlashToast } from "~/components/flash-toast";
import { PhoneLink } from "~/components/phone-link";
import { buttonClasses } from "~/components/ui/button";
import { requestContext, servicesContext, sessionContext, settingsContext } from "~/context";
import { authViewPath } from "~/domain/auth-views";
import { bookingSummaryFromRow } from "~/domain/booking";
import { formatMoveDate, formatTimeSlot, serviceTypeLabel } from "~/domain/booking-labels";
import { bookingBalance } from "~/domain/booking-quote";
import { bookingBadge } from "~/domain/booking-status";
import { formatCents } from "~/domain/money";
import { BOOKING_CLAIM_MS, bookingClaimToken } from "~/services/booking-claims.server";
import { paidBookingViewer } from "~/services/paying-browser.server";
import { returnFromCheckout } from "~/services/payments.server";
import { useFrameAccount } from "~/root";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/payment-success";

const MESSAGES = {
  noSession: "No payment session found",
  unverifiable: "Unable to verify payment. Please contact support.",
  verificationFailed: "Payment verification failed. Please contact support.",
} as const;

// The page names a customer and their move: never stored by browsers or proxies.
const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * Stripe Checkout sends the customer here with the session id. The session is asked of Stripe and
 * fulfilled exactly as the webhook fulfils it, so the page is right whichever arrives first, and a
 * reload changes nothing. The session id shows the booking that session paid for, and no other, and
 * only to its owner or the browser that paid (its Pay cookie); the session id is never logged.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId) return data({ kind: "problem" as const, message: MESSAGES.noSession }, { status: 400, headers: NO_STORE });

  const services = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const { stripe } = services;
  const { autoConfirmBookings } = await context.get(settingsContext)();
  const result = await returnFromCheckout(stripe, services.serviceRole, sessionId, { autoConfirm: autoConfirmBookings });

  switch (result.kind) {
    case "paid": {
      // The link may have been forwarded, or read from a history or a log: the booking's details are
      // shown to its owner, or to the browser that pressed Pay while the booking has no owner; anyone
      // else reads only that the payment was received.
      const viewer = await paidBookingViewer(request, context, result.booking);
      if (viewer.kind === "stranger") return data({ kind: "received" as const, claim: null }, { headers: NO_STORE });

      const summary = bookingSummaryFromRow(result.booking);
      const balance = bookingBalance(result.booking);
      // Paid after the booking was cancelled: the deposit is owed back, and the page must not say all is well.
      const kind = result.booking.refund_due_at === null ? ("paid" as const) : ("refund-due" as const);
      // A guest's booking, in the browser that paid for it, not signed in, within the hour after paying: this browser may make it theirs.
      const paidAt = result.booking.deposit_paid_at ? new Date(result.booking.deposit_paid_at).getTime() : Number.NaN;
      const claimable = kind === "paid" && viewer.kind === "payer" && !context.get(sessionContext).user && Date.now() < paidAt + BOOKING_CLAIM_MS;
      const claim = claimable ? bookingClaimToken(services.cookieSecret, result.booking.id, paidAt) : null;
      return data(
        {
          kind,
          claim,
          booking: {
            id: summary.id,
            sessionId,
            shortId: summary.shortId,
            fullName: summary.fullName,
            email: result.booking.email,
            moveDate: formatMoveDate(summary.movingDate),
            movingTime: summary.movingTime ? formatTimeSlot(summary.movingTime) : null,
            service: serviceTypeLabel(summary.serviceType),
            from: result.booking.moving_from,
            to: result.booking.moving_to,
            total: balance.totalCents === null ? null : formatCents(balance.totalCents),
            balance: balance.balanceCents === null ? null : formatCents(balance.balanceCents),
            status: summary.status,
            statusLabel: bookingBadge(summary.status, summary.depositStatus).label,
            amountPaid: formatCents(result.booking.deposit_amount_cents),
          },
        },
        { headers: NO_STORE },
      );
    }
    case "not-paid":
      logger.warn("back from Checkout with a session that is not paid");
      return data({ kind: "problem" as const, message: MESSAGES.verificationFailed }, { status: 402, headers: NO_STORE });
    case "mismatch":
      logger.error({ reason: result.reason }, "back from Checkout with a payment that does not match its booking");
      return data({ kind: "problem" as const, message: MESSAGES.verificationFailed }, { status: 409, headers: NO_STORE });
    case "unknown-session":
    case "unknown-booking":
      logger.warn({ result: result.kind }, "back from Checkout with a session of no booking");
      return data({ kind: "problem" as const, message: MESSAGES.unverifiable }, { status: 404, headers: NO_STORE });
    case "stripe-unavailable":
      logger.error({ err: result.cause }, "could not ask Stripe about a checkout session");
      return data({ kind: "problem" as const, message: MESSAGES.unverifiable }, { status: 502, headers: NO_STORE });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(
    loaderData?.kind === "paid"
      ? "Payment Successful"
      : loaderData?.kind === "refund-due"
        ? "Booking Cancelled"
        : loaderData?.kind === "received"
          ? "Payment Received"
          : "Payment Issue",
    matches,
  ),
  { name: "robots", content: "noindex" },
];

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const account = useFrameAccount();
  const company = useCompany();
  const homeLinks = (
    <div className="flex flex-wrap justify-center gap-3">
      {account && !account.staff ? (
        <Link to={href("/dashboard")} className={buttonClasses("primary", "md")}>
          View My Bookings
        </Link>
      ) : null}
      <Link to={href("/")} className={buttonClasses(account && !account.staff ? "outline" : "primary", "md")}>
        Return to Home
      </Link>
    </div>
  );

  if (loaderData.kind === "problem") {
    return (
      <main className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <CircleAlert aria-hidden className="size-12 text-red-600" />
        <h1 className="text-2xl font-bold">Payment Issue</h1>
        <p role="alert" className="text-slate-700">
          {loaderData.message}
        </p>
        {homeLinks}
      </main>
    );
  }

  if (loaderData.kind === "received") {
    return (
      <main className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <CircleCheck aria-hidden className="size-12 text-emerald-600" />
        <h1 className="text-2xl font-bold">Payment Received</h1>
        <p className="text-slate-700">
          {account ? "The payment for this booking has been received." : "The payment for this booking has been received. Sign in to see your bookings."}
        </p>
        {account ? null : (
          <Link to={authViewPath("login", href("/dashboard"))} className={buttonClasses("primary", "md")}>
            Sign in
          </Link>
        )}
        {homeLinks}
      </main>
    );
  }

  const { booking } = loaderData;
  const confirmed = booking.status === "confirmed";
  const summary = (
    <section aria-labelledby="move-summary-heading" className="w-full text-left">
      <h2 id="move-summary-heading" className="sr-only">
        Your move
      </h2>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        <SummaryRow label="Booking ID" value={<span className="font-mono">{booking.shortId}</span>} />
        <SummaryRow label="Name" value={booking.fullName} />
        <SummaryRow label="Service" value={booking.service} />
        <SummaryRow label="Move date" value={booking.movingTime ? `${booking.moveDate} at ${booking.movingTime}` : booking.moveDate} />
        <SummaryRow label="From" value={booking.from} />
        <SummaryRow label="To" value={booking.to} />
        {booking.total ? <SummaryRow label="Estimated total" value={booking.total} /> : null}
        <SummaryRow label="Deposit paid" value={<span className="font-semibold">{booking.amountPaid}</span>} />
        {booking.balance ? <SummaryRow label="Balance after the move" value={booking.balance} /> : null}
        <SummaryRow label="Status" value={booking.statusLabel} />
      </dl>
    </section>
  );

  if (loaderData.kind === "refund-due") {
    return (
      <main className="mx-auto flex max-w-lg flex-col items-center gap-6 px-4 py-12 text-center">
        <Undo2 aria-hidden className="size-14 text-amber-600" />
        <div>
          <h1 className="text-3xl font-bold">Booking Cancelled</h1>
          <p className="mt-2 text-slate-600">
            This booking was cancelled before your payment reached us, so the {booking.amountPaid} deposit you paid will be refunded. Questions? Call us at{" "}
            <PhoneLink className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">{company.phoneDisplay}</PhoneLink>.
          </p>
        </div>
        {summary}
        {homeLinks}
      </main>
    );
  }

  return (
    <main className="mx-auto flex max-w-lg flex-col items-center gap-6 px-4 py-12 text-center">
      <FlashToast
        toast={{
          id: `booking-confirmed-${booking.id}`,
          type: "success",
          title: confirmed ? "Booking Confirmed" : "Move Reserved",
          description: `Your ${booking.amountPaid} deposit was received.`,
        }}
      />
      <CircleCheck aria-hidden className="size-14 text-emerald-600" />
      <div>
        <h1 className="text-3xl font-bold">Payment Successful</h1>
        <p className="mt-2 text-slate-600">
          Your deposit has been received.{" "}
          {confirmed ? "Your move is confirmed: the crew will arrive as booked." : "Your move is reserved. Our office will contact you to confirm it."} The
          balance is due after the move.
        </p>
      </div>
      {summary}
      {loaderData.claim ? (
        <p className="w-full rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
          <Link to={authViewPath("signup", href("/dashboard"), booking.email, loaderData.claim)} className="font-semibold underline underline-offset-4">
            Create an account to follow this booking
          </Link>
          , or{" "}
          <Link to={authViewPath("login", href("/dashboard"), booking.email, loaderData.claim)} className="font-semibold underline underline-offset-4">
            sign in to yours
          </Link>
          , within the hour, and this booking will be in your account.
        </p>
      ) : null}
      <a href={`${href("/payment-success/move.ics")}?session_id=${encodeURIComponent(booking.sessionId)}`} download className={buttonClasses("outline", "md")}>
        <CalendarPlus aria-hidden className="size-5" />
        Add to calendar
      </a>
      {homeLinks}
    </main>
  );
}

function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}
