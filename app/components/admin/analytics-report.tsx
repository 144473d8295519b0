import { formatCount } from "~/domain/counts";
import { CircleAlert } from "lucide-react";
import { monthLabel, type Analytics } from "~/domain/admin-analytics";
import { serviceTypeLabel } from "~/domain/booking-labels";
import { formatCents } from "~/domain/money";
import { MONEY_COLLECTED_LABEL, TIPS_LABEL } from "~/domain/money-collected";
import { BarChart } from "./chart-bars";
import { ScrollRegion } from "./scroll-region";
import { Figure } from "./figure";

export const ANALYTICS_LOAD_FAILED = "Failed to fetch analytics";

const bookingsWord = (bookings: number) => `${formatCount(bookings)} ${bookings === 1 ? "booking" : "bookings"}`;

/** The analytics page: revenue (money collected), the value of all bookings, the top services and the last six months, or the failure. */
export function AnalyticsReport({ analytics }: { analytics: Analytics | null }) {
  if (!analytics) {
    return (
      <p role="alert" className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        <CircleAlert aria-hidden className="size-5 shrink-0" />
        {ANALYTICS_LOAD_FAILED}
      </p>
    );
  }
  const { revenue, totals, services, months } = analytics;
  return (
    <div className="flex flex-col gap-6">
      <dl aria-label="All bookings" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label="Total Revenue" value={formatCents(revenue.totalCents)}>
          {`${MONEY_COLLECTED_LABEL}. ${TIPS_LABEL}: ${formatCents(revenue.tipsTotalCents)}`}
        </Figure>
        <Figure label="Value of Booked Moves" value={formatCents(totals.valueCents)}>
          final cost, else estimate, of every booking whatever its status
        </Figure>
        <Figure label="Total Bookings" value={formatCount(totals.totalBookings)}>
          every booking made
        </Figure>
        <Figure label="Average Booking Value" value={formatCents(totals.averageCents)}>
          value of all bookings per booking
        </Figure>
      </dl>
      <p className="text-sm text-slate-600">
        Money collected is what the company received: deposits and payments of bills, less refunds, in the month the money moved; tips are the crews’ and shown
        apart. A booking’s value is its final cost, else its estimate, in the month the booking was made. Months are calendar months in the company’s time zone.
      </p>

      <section aria-labelledby="top-services" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="top-services" className="mb-3 text-lg font-semibold">
          Top Services
        </h2>
        {services.length === 0 ? (
          <p className="text-slate-600">No bookings yet.</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            <BarChart
              title="Top services by bookings"
              description={services.map((service) => `${serviceTypeLabel(service.serviceType)}: ${bookingsWord(service.bookings)}`).join("; ")}
              bars={services.map((service) => ({
                label: serviceTypeLabel(service.serviceType),
                value: service.bookings,
                shown: bookingsWord(service.bookings),
              }))}
            />
            <ol className="grid content-start gap-1 text-sm">
              {services.map((service) => (
                <li key={service.serviceType}>
                  {`${serviceTypeLabel(service.serviceType)}: ${bookingsWord(service.bookings)}, ${formatCents(service.collectedCents)} collected (${formatCents(service.valueCents)} booked)`}
                </li>
              ))}
            </ol>
          </div>
        )}
      </section>

      <section aria-labelledby="monthly-performance" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="monthly-performance" className="mb-3 text-lg font-semibold">
          Monthly Performance
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <BarChart
            title="Money collected in each of the last six months"
            description={months.map((month) => `${monthLabel(month.month)}: ${formatCents(month.collectedCents)} collected`).join("; ")}
            bars={months.map((month) => ({ label: monthLabel(month.month), value: month.collectedCents, shown: formatCents(month.collectedCents) }))}
          />
          <ScrollRegion label="The last six months as a table">
            <table className="w-full text-sm">
              <caption className="sr-only">The last six months: bookings made, their value and the average, money collected and tips</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left">
                  <th scope="col" className="py-2 pr-3">
                    Month
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Bookings
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Value booked
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Average
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Collected
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Tips
                  </th>
                </tr>
              </thead>
              <tbody>
                {months.map((month) => (
                  <tr key={month.month} className="border-b border-slate-100">
                    <th scope="row" className="py-2 pr-3 text-left font-medium">
                      {monthLabel(month.month)}
                    </th>
                    <td className="py-2 pr-3 text-right tabular-nums">{formatCount(month.bookings)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{formatCents(month.valueCents)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{formatCents(month.averageCents)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{formatCents(month.collectedCents)}</td>
                    <td className="py-2 text-right tabular-nums">{formatCents(month.tipsCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      </section>
    </div>
  );
}
