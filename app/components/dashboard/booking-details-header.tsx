import type { BookingView } from "~/domain/booking-view";
import { MoveRoute } from "./move-route";
import { StatusBadge } from "./status-badge";

/** A booking page's heading: the move's date and route, its reference, status and cost. */
export function BookingDetailsHeader({ booking }: { booking: BookingView }) {
  return (
    <section aria-labelledby="booking-details-heading" className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 id="booking-details-heading" className="text-2xl font-bold">
          Move on {booking.moveDate}
        </h1>
        <MoveRoute from={booking.from} to={booking.to} />
        <p className="text-sm text-slate-600">
          Booking reference {booking.shortId} · booked {booking.createdAt}
        </p>
      </div>
      <dl className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <div className="flex items-center gap-2">
          <dt className="text-sm text-slate-600">Status</dt>
          <dd>
            <StatusBadge status={booking.status} depositStatus={booking.depositStatus} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-sm text-slate-600">Estimated cost</dt>
          <dd className="font-semibold tabular-nums">{booking.estimatedCost}</dd>
        </div>
        {booking.finalCost ? (
          <div className="flex items-center gap-2">
            <dt className="text-sm text-slate-600">Final cost</dt>
            <dd className="font-semibold tabular-nums">{booking.finalCost}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
