import { ScrollRegion } from "./scroll-region";
import { Link, href } from "react-router";
import { StatusBadge } from "~/components/dashboard/status-badge";
import { MovedByCustomerMark, NewDateNeededMark } from "./booking-marks";
import { formatMinutesSpan, minutesToTime } from "~/domain/capacity";
import { GRID_STEP_MINUTES, crewRows, gridColumns, hourLabel, hourMarks, type CrewRow, type ScheduleBooking } from "~/domain/schedule";

/** Width of one 15-minute column, so an hour is wide enough to read a name in. */
const COLUMN_REM = 1.25;
const LABEL_COLUMN = "5.5rem";

/**
 * One day: each crew a row, business hours as columns, each move that holds a crew a block from its
 * start to its end with the customer, the time, the route and the status (and when an unpaid hold
 * ends), linking to the booking. The
 * grid scrolls inside its own box where it is wider than the page; below 768px each crew's moves are a
 * list instead. Screen readers get each crew's moves as a list either way.
 */
export function ScheduleDayGrid({
  dayLabel,
  bookings,
  crews,
  closed,
  opens,
  closes,
}: {
  dayLabel: string;
  bookings: readonly ScheduleBooking[];
  crews: number;
  /** A closed day has no crews: its moves are rows to move, not over capacity. */
  closed: boolean;
  opens: number;
  closes: number;
}) {
  const rows = crewRows(bookings, crews);
  const beyondLabel = closed ? "To move" : "Over capacity";
  const columns = Math.max(1, Math.ceil((closes - opens) / GRID_STEP_MINUTES));
  const template = `${LABEL_COLUMN} repeat(${columns}, minmax(${COLUMN_REM}rem, 1fr))`;
  const minWidth = `calc(${LABEL_COLUMN} + ${columns * COLUMN_REM}rem)`;
  return (
    <>
      <CrewLists dayLabel={dayLabel} rows={rows} beyondLabel={beyondLabel} />
      {/* Wider than the page, it scrolls sideways. */}
      <ScrollRegion label={`Crew timeline, ${dayLabel}`} className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
        <div style={{ minWidth }}>
          <div
            aria-hidden
            className="grid border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600"
            style={{ gridTemplateColumns: template }}
          >
            <span className="px-2 py-1.5">Crew</span>
            {hourMarks(opens, closes).map((minute) => (
              <span
                key={minute}
                className="border-l border-slate-200 px-1 py-1.5"
                style={{ gridColumn: `${1 + gridColumns({ starts: minute, ends: minute + 60 }, opens).start} / span ${60 / GRID_STEP_MINUTES}` }}
              >
                {hourLabel(minute)}
              </span>
            ))}
          </div>
          {rows.length === 0 ? <p className="p-4 text-sm text-slate-600">No crews work on this day.</p> : null}
          <ol aria-label="Crews" className="divide-y divide-slate-100">
            {rows.map((row) => (
              <li
                key={row.crew}
                data-crew={row.crew}
                className={`grid min-h-20 items-stretch ${row.overCapacity ? "bg-red-50" : ""}`}
                style={{ gridTemplateColumns: template }}
              >
                <h3 className="flex flex-col justify-center px-2 text-sm font-semibold" style={{ gridColumn: "1", gridRow: "1" }}>
                  Crew {row.crew}
                  {row.overCapacity ? <span className="text-xs font-medium text-red-800">{beyondLabel}</span> : null}
                </h3>
                {row.bookings.length === 0 ? (
                  <p className="self-center px-2 text-xs text-slate-500" style={{ gridColumn: `2 / span ${columns}`, gridRow: "1" }}>
                    Free all day
                  </p>
                ) : (
                  <ul className="contents">
                    {row.bookings.map((booking) => {
                      const { start, end } = gridColumns(booking.span, opens);
                      return (
                        <li
                          key={booking.id}
                          data-booking-id={booking.id}
                          data-starts={minutesToTime(booking.span.starts)}
                          data-ends={minutesToTime(booking.span.ends)}
                          className="min-w-0 p-1"
                          style={{ gridColumn: `${start + 1} / ${end + 1}`, gridRow: "1" }}
                        >
                          <Link
                            to={href("/admin/bookings/:bookingId", { bookingId: booking.id })}
                            className="flex h-full min-w-0 flex-col gap-0.5 overflow-hidden rounded-md border border-brand-700/30 bg-brand-50 px-2 py-1 text-xs hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                          >
                            <span className="truncate font-semibold text-slate-900">{booking.fullName}</span>
                            <span className="truncate text-slate-700">{formatMinutesSpan(booking.span.starts, booking.span.ends)}</span>
                            <span className="truncate text-slate-600">
                              {booking.movingFrom} → {booking.movingTo}
                            </span>
                            <span>
                              <StatusBadge status={booking.status} />
                            </span>
                            {booking.hold ? <span className="truncate font-medium text-amber-800">{booking.hold}</span> : null}
                            <MovedByCustomerMark times={booking.movedOnline} />
                            <NewDateNeededMark needed={booking.newDateNeeded} />
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </div>
      </ScrollRegion>
    </>
  );
}

/** Below 768px: each crew's moves as a list, in the order they start. */
function CrewLists({ dayLabel, rows, beyondLabel }: { dayLabel: string; rows: CrewRow[]; beyondLabel: string }) {
  return (
    <section aria-label={`Crews on ${dayLabel}, as lists`} className="flex flex-col gap-2 md:hidden">
      {rows.length === 0 ? <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">No crews work on this day.</p> : null}
      {rows.map((row) => (
        <div key={row.crew} className={`rounded-lg border p-3 ${row.overCapacity ? "border-red-200 bg-red-50" : "border-slate-200 bg-white"}`}>
          <h3 className="text-sm font-semibold">
            Crew {row.crew}
            {row.overCapacity ? <span className="ml-2 text-xs font-medium text-red-800">{beyondLabel}</span> : null}
          </h3>
          {row.bookings.length === 0 ? (
            <p className="text-xs text-slate-500">Free all day</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2">
              {row.bookings.map((booking) => (
                <li key={booking.id} className="flex flex-col gap-0.5 border-l-2 border-brand-600 pl-2 text-sm">
                  <span className="text-slate-700">{formatMinutesSpan(booking.span.starts, booking.span.ends)}</span>
                  <Link to={href("/admin/bookings/:bookingId", { bookingId: booking.id })} className="font-semibold break-words text-brand-700 hover:underline">
                    {booking.fullName}
                  </Link>
                  <span className="break-words text-slate-600">
                    {booking.movingFrom} → {booking.movingTo}
                  </span>
                  <span>
                    <StatusBadge status={booking.status} />
                  </span>
                  {booking.hold ? <span className="font-medium text-amber-800">{booking.hold}</span> : null}
                  <MovedByCustomerMark times={booking.movedOnline} />
                  <NewDateNeededMark needed={booking.newDateNeeded} />
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
