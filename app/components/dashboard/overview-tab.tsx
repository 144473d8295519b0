import { CalendarCheck, CircleAlert, Package, Truck } from "lucide-react";
import type { ReactNode } from "react";
import { Link, href } from "react-router";
import { BOOKINGS_LOAD_FAILED, type BookingCounts, type CustomerBookingView } from "~/domain/customer-bookings";
import { MOVE_PREPARATION, type NextMoveView } from "~/domain/next-move";
import { PhoneLink } from "~/components/phone-link";
import { useCompany } from "~/components/company-context";
import { CustomerBookingList } from "./booking-card";
import { NoBookingsYet } from "./booking-empty-state";
import { GuestBookingsOffer } from "./guest-bookings-offer";

// What the overview tab shows; the route's server module loads it.
export type OverviewTabData =
  | {
      status: "loaded";
      counts: BookingCounts;
      /** What happens next for the customer's next move; null when none is ahead. */
      nextMove: NextMoveView | null;
      /** The next moves first (the soonest first), then the latest past ones. */
      recent: CustomerBookingView[];
      /** Names this page's Pay deposit presses. */
      attempt: string;
    }
  | { status: "failed" };

export function OverviewTab({ data, email }: { data: OverviewTabData; email: string }) {
  return (
    <div className="flex flex-col gap-6 pt-2">
      <h2 id="dashboard-tab-heading" className="sr-only">
        Overview
      </h2>
      {data.status === "failed" ? (
        <p role="alert" className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <CircleAlert aria-hidden className="size-5 shrink-0" />
          {BOOKINGS_LOAD_FAILED}
        </p>
      ) : (
        <>
          {data.nextMove ? <NextMove move={data.nextMove} /> : null}
          <BookingCounters counts={data.counts} />
          <RecentBookings recent={data.recent} attempt={data.attempt} />
          {email ? <GuestBookingsOffer email={email} /> : null}
        </>
      )}
    </div>
  );
}

function BookingCounters({ counts }: { counts: BookingCounts }) {
  return (
    // Three across even on a phone, small there, so the next move is on the first screen.
    <dl aria-label="Your moves" className="grid grid-cols-3 gap-2 sm:gap-3">
      <Counter label="Total Moves" value={counts.total} icon={<Package aria-hidden className="size-6 text-brand-700" />} />
      <Counter label="Active Moves" value={counts.active} icon={<Truck aria-hidden className="size-6 text-amber-600" />} />
      <Counter label="Completed" value={counts.completed} icon={<CalendarCheck aria-hidden className="size-6 text-green-700" />} />
    </dl>
  );
}

function Counter({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-slate-200 p-3 sm:p-4">
      <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
      <dd className="flex items-center justify-between text-2xl font-bold text-slate-900 sm:text-3xl">
        {value}
        <span className="hidden sm:inline">{icon}</span>
      </dd>
    </div>
  );
}

function RecentBookings({ recent, attempt }: { recent: CustomerBookingView[]; attempt: string }) {
  return (
    <section aria-labelledby="recent-bookings-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="recent-bookings-heading" className="text-xl font-semibold">
          Your Recent Bookings
        </h3>
        {recent.length > 0 ? (
          <Link to={href("/dashboard/bookings")} className="font-medium text-brand-700 hover:underline">
            All bookings
          </Link>
        ) : null}
      </div>
      {recent.length > 0 ? <CustomerBookingList bookings={recent} attempt={attempt} label="Your recent bookings" headingLevel={4} /> : <NoBookingsYet />}
    </section>
  );
}

/** The next move: when the crew comes, what happens next, how to change or cancel it, and what to prepare. */
function NextMove({ move }: { move: NextMoveView }) {
  const company = useCompany();
  const details = href("/dashboard/bookings/:bookingId", { bookingId: move.bookingId });
  return (
    <section aria-labelledby="next-move-heading" className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
      <h3 id="next-move-heading" className="text-xl font-semibold">
        Your next move
      </h3>
      <p>
        <span className="block font-semibold text-slate-900">{move.when}</span>
        <span className="block break-words text-slate-700">{move.route}</span>
      </p>
      <p className="text-slate-800">{move.nextStep}</p>
      <p className="text-slate-800">
        {move.changes.online ? (
          <>
            You can reschedule or cancel online until {move.changes.until}, on{" "}
            <Link to={details} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
              the booking&apos;s page
            </Link>
            .
          </>
        ) : (
          <>
            To change it now, call us at{" "}
            <PhoneLink className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">{company.phoneDisplay}</PhoneLink>.
          </>
        )}
      </p>
      <details className="rounded-lg bg-white p-3">
        <summary className="min-h-6 cursor-pointer font-medium text-slate-900">What to prepare</summary>
        <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
          {MOVE_PREPARATION.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
