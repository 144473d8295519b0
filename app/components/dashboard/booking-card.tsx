import { CalendarDays, CreditCard, LoaderCircle, RotateCcw } from "lucide-react";
import { Form, Link, href, useLocation, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import type { CustomerBookingView } from "~/domain/customer-bookings";
import { MoveRoute } from "./move-route";
import { StatusBadge } from "./status-badge";

/**
 * The customer's bookings as a list of cards (the overview's next moves and every page of 'All bookings').
 * `attempt` names this page's Pay deposit presses, so pressing twice starts one checkout, not two.
 * Each card's heading is one level below the heading the list sits under (`headingLevel`).
 */
export function CustomerBookingList({
  bookings,
  attempt,
  label,
  headingLevel,
}: {
  bookings: CustomerBookingView[];
  attempt: string;
  label: string;
  headingLevel: 2 | 3 | 4;
}) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {bookings.map((booking) => (
        <li key={booking.id}>
          <CustomerBookingCard booking={booking} attempt={attempt} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** One booking: what, when, where, how much, the deposit, and what the customer can do next. */
export function CustomerBookingCard({ booking, attempt, headingLevel }: { booking: CustomerBookingView; attempt: string; headingLevel: 2 | 3 | 4 }) {
  const headingId = `booking-${booking.id}-heading`;
  const Heading = `h${headingLevel}` as const;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Heading id={headingId} className="font-semibold tracking-wide text-slate-900">
            {booking.serviceType}
          </Heading>
          <StatusBadge status={booking.status} depositStatus={booking.depositStatus} />
        </div>
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <CalendarDays aria-hidden className="size-4 shrink-0 text-slate-500" />
          {booking.moveDate}
        </p>
        <MoveRoute from={booking.from} to={booking.to} className="text-sm" />
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-slate-500">Estimated cost:</dt>
            <dd className="font-semibold text-slate-900">{booking.estimatedCost}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-500">Booked:</dt>
            <dd className="text-slate-700">{booking.createdDate}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">Deposit:</dt>
            <dd className={booking.canPayDeposit ? "font-medium text-amber-800" : "text-slate-700"}>{booking.depositLabel}</dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
        {booking.canPayDeposit ? <PayDepositForm bookingId={booking.id} attempt={attempt} /> : null}
        {booking.canBookAgain ? (
          <Link to={`${href("/book")}?rebook=${booking.id}`} className={buttonClasses("outline", "sm")}>
            <RotateCcw aria-hidden className="size-4" />
            Book Again
          </Link>
        ) : null}
        <Link to={href("/dashboard/bookings/:bookingId", { bookingId: booking.id })} className={buttonClasses("ghost", "sm")}>
          View details
          <span className="sr-only">
            {" "}
            of the {booking.moveName} on {booking.moveDate}
          </span>
        </Link>
      </div>
    </article>
  );
}

/**
 * 'Pay deposit' posts to the booking's pay route, which sends the customer to a new Checkout (a full
 * page load: Checkout is another site) or back to this page with a message. Render it only when
 * `canPayDeposit` says so (the route checks again).
 */
export function PayDepositForm({ bookingId, attempt }: { bookingId: string; attempt: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const action = href("/dashboard/bookings/:bookingId/pay", { bookingId });
  const pending = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="attempt" value={attempt} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClasses("primary", "sm")}>
        {pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <CreditCard aria-hidden className="size-4" />}
        Pay deposit
      </button>
    </Form>
  );
}
