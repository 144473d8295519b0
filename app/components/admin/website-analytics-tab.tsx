import { formatCount } from "~/domain/counts";
import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import type { WebsiteAnalyticsReport, WebsiteAnalyticsState } from "~/domain/website-analytics";
import { formatPercent, WEBSITE_ANALYTICS_WINDOW_HOURS } from "~/domain/website-analytics-figures";
import { ColumnChart } from "./chart-columns";
import { ScrollRegion } from "./scroll-region";
import { Figure } from "./figure";

const plural = (value: number, one: string, many: string) => `${formatCount(value)} ${value === 1 ? one : many}`;
const views = (value: number) => plural(value, "view", "views");
const pageViews = (value: number) => plural(value, "page view", "page views");
const visitorsWord = (value: number) => plural(value, "visitor", "visitors");

/** The Website Analytics tab of /admin: the last 48 hours, or the failure to read them. */
export function WebsiteAnalyticsTab({ state }: { state: WebsiteAnalyticsState }) {
  return (
    <section aria-labelledby="website-analytics-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="website-analytics-heading" className="text-xl font-semibold">
          Website Analytics
        </h2>
        <p className="text-sm text-slate-600">Last {WEBSITE_ANALYTICS_WINDOW_HOURS} hours</p>
      </div>
      {state.kind === "failed" ? (
        <p role="alert" className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <CircleAlert aria-hidden className="size-5 shrink-0" />
          {state.message}
        </p>
      ) : (
        <Report report={state.report} />
      )}
    </section>
  );
}

function Report({ report }: { report: WebsiteAnalyticsReport }) {
  const { totals } = report;
  return (
    <>
      <dl aria-label="Website in the last 48 hours" className="grid gap-4 sm:grid-cols-3">
        <Figure label="Total Page Views" value={formatCount(totals.pageViews)}>
          pages opened, with or without JavaScript
        </Figure>
        <Figure label="Unique Visitors" value={formatCount(totals.visitors)}>
          {`by daily visitor id; ${pageViews(totals.anonymousPageViews)} from visitors who ask not to be tracked count as views only`}
        </Figure>
        <Figure label="Avg Time on Site" value={totals.averageTimeOnSite}>
          {`time on pages per visitor whose browser reported leaving one (${visitorsWord(totals.timedVisitors)})`}
        </Figure>
      </dl>
      <p className="text-sm text-slate-600">
        A visitor is a daily id made from a secret that changes every day, the network address and the browser (never stored), so the same person on two days,
        or in two browsers, counts twice. Visitors whose browser sends Global Privacy Control or Do Not Track get no id: their page views are counted, but not
        as visitors, nor in the funnel.
      </p>

      <HourlyViews hourly={report.hourlyViews} total={totals.pageViews} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="popular-pages" title="Popular Pages">
          {report.popularPages.length === 0 ? (
            <p className="text-slate-600">No page views in the last 48 hours.</p>
          ) : (
            <ol className="divide-y divide-slate-100">
              {report.popularPages.map((page) => (
                <li key={page.path} className="flex items-baseline justify-between gap-3 py-2">
                  <span className="min-w-0 font-mono text-sm break-all">{page.path}</span>
                  <span className="shrink-0 text-sm font-semibold tabular-nums">{views(page.views)}</span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
        <Panel id="exit-points" title="Exit Points" note="A visit’s exit is the last page its visitor was on; the rate is exits per view of that page.">
          {report.exitPages.length === 0 ? (
            <p className="text-slate-600">No visits in the last 48 hours.</p>
          ) : (
            <ol className="divide-y divide-slate-100">
              {report.exitPages.map((page) => (
                <li key={page.path} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                  <span className="min-w-0 font-mono text-sm break-all">{page.path}</span>
                  <span className="flex shrink-0 items-center gap-2 text-sm tabular-nums">
                    <span>{plural(page.exits, "exit", "exits")}</span>
                    <Badge tone={page.tone}>{page.exitRate === null ? "no views" : `${page.exitRate}% exit rate`}</Badge>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>

      <Funnel report={report} />

      <Panel id="recent-activity" title="Recent Activity">
        {report.recentEvents.length === 0 ? (
          <p className="text-slate-600">Nothing in the last 48 hours.</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {report.recentEvents.map((event, index) => (
              <li key={`${event.at}-${index}`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium">{event.label}</span> <span className="font-mono break-all">{event.path}</span>
                  {event.timeOnPage !== null ? <span className="text-slate-600"> after {event.timeOnPage} s</span> : null}
                </span>
                <time dateTime={event.at} className="shrink-0 text-slate-600">
                  {event.ago}
                </time>
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </>
  );
}

function HourlyViews({ hourly, total }: { hourly: WebsiteAnalyticsReport["hourlyViews"]; total: number }) {
  const busiest = hourly.reduce<(typeof hourly)[number] | null>((best, hour) => (best === null || hour.views > best.views ? hour : best), null);
  const description =
    total === 0 || !busiest
      ? "No page views in the last 48 hours."
      : `${pageViews(total)} in the last 48 hours; the busiest hour was ${busiest.label} with ${pageViews(busiest.views)}.`;
  return (
    <Panel id="hourly-views" title="Page Views per Hour" note="Each hour from 48 hours ago to now, in the company’s time zone.">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ColumnChart
          title="Page views per hour, last 48 hours"
          description={description}
          labelEvery={8}
          columns={hourly.map((hour) => ({ label: hour.label, value: hour.views, shown: pageViews(hour.views) }))}
        />
        {/* The same figures beside the chart, in a box that scrolls. */}
        <ScrollRegion label="Page views per hour as a table" className="max-h-56 overflow-y-auto rounded-lg border border-slate-200 text-sm">
          <table className="w-full">
            <caption className="sr-only">Page views in each hour of the last 48 hours</caption>
            <thead>
              <tr className="text-left [&>th]:sticky [&>th]:top-0 [&>th]:border-b [&>th]:border-slate-200 [&>th]:bg-slate-50">
                <th scope="col" className="px-3 py-1">
                  Hour
                </th>
                <th scope="col" className="px-3 py-1 text-right">
                  Page views
                </th>
              </tr>
            </thead>
            <tbody>
              {hourly.map((hour) => (
                <tr key={hour.hour} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="px-3 py-1 text-left font-normal">
                    <time dateTime={hour.hour}>{hour.label}</time>
                  </th>
                  <td className="px-3 py-1 text-right tabular-nums">{formatCount(hour.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
    </Panel>
  );
}

function Funnel({ report }: { report: WebsiteAnalyticsReport }) {
  return (
    <Panel
      id="booking-funnel"
      title="Booking Funnel"
      note="Visitors who reached each page in the last 48 hours, however they got there (customers who book from their dashboard skip the landing page, so a step can pass 100%). Paid means the visitor came back from Stripe Checkout to the payment page with a deposit Stripe confirmed paid; a customer who paid and closed the tab before coming back is not counted."
    >
      <ScrollRegion label="Booking funnel as a table">
        <table className="w-full text-sm">
          <caption className="sr-only">Visitors at each step of booking, and the share of the landing page’s visitors</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left">
              <th scope="col" className="py-2 pr-3">
                Step
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Visitors
              </th>
              <th scope="col" className="py-2 text-right">
                From landing
              </th>
            </tr>
          </thead>
          <tbody>
            {report.funnel.map((stage) => (
              <tr key={stage.page} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  <span className="font-medium">{stage.label}</span> <span className="font-mono text-xs break-all text-slate-600">{stage.page}</span>
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{formatCount(stage.visitors)}</td>
                <td className="py-2 text-right tabular-nums">{formatPercent(stage.conversion)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <PaidVisitorsList
          heading="Where paying visitors came from"
          label="Referrers of paying visitors"
          items={report.paidReferrers.map((referrer) => ({ text: referrer.label, visitors: referrer.visitors }))}
        />
        <PaidVisitorsList
          heading="First page of paying visitors"
          label="Entry pages of paying visitors"
          pagePaths
          items={report.paidEntryPages.map((page) => ({ text: page.path, visitors: page.visitors }))}
        />
      </div>
    </Panel>
  );
}

/** Where the visitors who paid came from, or entered the site: each source with its count of visitors. */
function PaidVisitorsList({
  heading,
  label,
  items,
  pagePaths = false,
}: {
  heading: string;
  label: string;
  items: Array<{ text: string; visitors: number }>;
  pagePaths?: boolean;
}) {
  return (
    <div>
      <h4 className="mb-1 font-medium">{heading}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">No visitor paid a deposit in the last 48 hours.</p>
      ) : (
        <ol aria-label={label} className="text-sm">
          {items.map((item) => (
            <li key={item.text} className="flex justify-between gap-3 py-1">
              <span className={`min-w-0 break-all ${pagePaths ? "font-mono" : ""}`}>{item.text}</span>
              <span className="shrink-0 tabular-nums">{visitorsWord(item.visitors)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Panel({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {note ? <p className="mb-3 text-sm text-slate-600">{note}</p> : <div className="mb-3" />}
      {children}
    </section>
  );
}
