import { Link } from "react-router";
import { crewsUsedLabel } from "~/domain/capacity";
import { formatShortDay, scheduleDaySummary, usedPercent, type OverviewDay } from "~/domain/schedule";

const BAR_TONES = { open: "bg-brand-600", full: "bg-amber-500", closed: "bg-slate-400" } as const;

/**
 * Two weeks, a line a day: its bookings, crews used of available and a bar of how full it is, each
 * day a link to its schedule. The chosen day is marked.
 */
export function ScheduleOverview({ days, selected, linkTo }: { days: readonly OverviewDay[]; selected: string; linkTo: (day: string) => string }) {
  return (
    <section aria-labelledby="schedule-overview-heading" className="flex flex-col gap-3">
      <h2 id="schedule-overview-heading" className="text-lg font-semibold">
        Two weeks
      </h2>
      <ol className="grid gap-2 sm:grid-cols-2">
        {days.map((day) => {
          // A closed day has no crews to be over: its bookings are to move.
          const closed = day.state === "closed";
          const overCapacity = !closed && day.crewsUsed > day.crews;
          return (
            <li
              key={day.date}
              data-day={day.date}
              className={`relative flex flex-col gap-1.5 rounded-lg border bg-white p-3 text-sm hover:border-brand-600 ${
                day.date === selected ? "border-brand-700 ring-2 ring-brand-700/30" : "border-slate-200"
              }`}
            >
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                {/* The whole card answers a click; the link itself is the day's name. */}
                <Link
                  to={linkTo(day.date)}
                  aria-current={day.date === selected ? "date" : undefined}
                  className="font-semibold text-slate-900 after:absolute after:inset-0 after:rounded-lg hover:underline"
                >
                  {formatShortDay(day.date)}
                </Link>
                <span className="text-slate-600">
                  {day.bookings} {day.bookings === 1 ? "booking" : "bookings"}
                </span>
              </span>
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span data-crews-used>{closed ? scheduleDaySummary(day, day.bookings) : crewsUsedLabel(day)}</span>
                {overCapacity ? <span className="font-semibold text-red-800">Over capacity</span> : day.state === "full" ? <span>Full</span> : null}
              </span>
              <span aria-hidden className="block h-2 overflow-hidden rounded-full bg-slate-100">
                <span
                  className={`block h-full rounded-full ${overCapacity ? "bg-red-600" : BAR_TONES[day.state]}`}
                  style={{ width: `${closed ? 100 : usedPercent(day)}%` }}
                />
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
