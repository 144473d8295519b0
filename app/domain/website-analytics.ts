import { z } from "zod/mini";
import { LANDING_PAGE, PAID_PAGE, wizardStepPage } from "./analytics-pages";
import { STEP_TITLES, WIZARD_STEPS } from "./booking-wizard";
import { relativeTime } from "./relative-time";

// The Website Analytics tab of /admin: the last 48 hours of events, as the database counts them
// (admin_website_* functions), shaped for the page here.

/** How many pages Popular Pages and Exit Points list, and how many referrers and entry pages of paying visitors. */
export const TOP_WEBSITE_PAGES = 5;
/** How many events Recent Activity lists. */
export const RECENT_WEBSITE_EVENTS = 10;

export const WEBSITE_ANALYTICS_MESSAGES = {
  fetchFailed: "Failed to fetch website analytics",
  processFailed: "Failed to process analytics data",
} as const;

/** The booking funnel's pages, in order: the landing page, each wizard step, and the page shown once a deposit is paid. */
export const FUNNEL_PAGES: readonly string[] = [LANDING_PAGE, ...WIZARD_STEPS.map(wizardStepPage), PAID_PAGE];

const FUNNEL_LABELS: readonly string[] = ["Landing page", ...WIZARD_STEPS.map((step, index) => `Step ${index + 1}: ${STEP_TITLES[step]}`), "Paid the deposit"];

/** "Xm Ys" from seconds, whole seconds rounded; nothing sensible is "0m 0s". */
export function formatTimeOnSite(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  return `${Math.floor(whole / 60)}m ${whole % 60}s`;
}

/** A page's exits per view in whole percent (as shown); null when it had no views in the window. */
export function exitRatePercent(exits: number, views: number): number | null {
  return views > 0 ? Math.round((exits / views) * 100) : null;
}

export type ExitRateTone = "destructive" | "secondary" | "outline";

/** The exit-rate badge's style: over 70% destructive, over 40% secondary, otherwise outline. */
export function exitRateTone(percent: number | null): ExitRateTone {
  if (percent !== null && percent > 70) return "destructive";
  if (percent !== null && percent > 40) return "secondary";
  return "outline";
}

/** A funnel step's visitors per landing page visitor, in percent to one decimal; null when nobody reached the landing page. */
export function conversionPercent(visitors: number, landingVisitors: number): number | null {
  return landingVisitors > 0 ? Math.round((visitors / landingVisitors) * 1000) / 10 : null;
}

const EVENT_LABELS: Record<string, string> = {
  page_view: "Page view",
  page_exit: "Left the page",
  phone_click: "Phone link",
  email_click: "Email link",
};

/** What an event was, in words. */
export function eventTypeLabel(eventType: string): string {
  return EVENT_LABELS[eventType] ?? "Other event";
}

/** A referrer as the page names it: its origin, or "Direct or unknown" for none. */
export function referrerLabel(origin: string | null): string {
  return origin ?? "Direct or unknown";
}

// What the database answers --------------------------------------------------------------------------

const count = z.int().check(z.gte(0));
const instant = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), "not a time"));

const rowSchemas = {
  totals: z
    .array(z.object({ page_views: count, visitors: count, anonymous_page_views: count, timed_visitors: count, average_seconds_on_site: count }))
    .check(z.length(1)),
  popularPages: z.array(z.object({ page_path: z.string(), views: count })),
  exitPages: z.array(z.object({ page_path: z.string(), exits: count, views: count })),
  recentEvents: z.array(z.object({ created_at: instant, event_type: z.string(), page_path: z.string(), time_on_page: z.nullable(count) })),
  hourlyViews: z.array(z.object({ hour: instant, views: count })),
  funnel: z.array(z.object({ step: z.int(), page_path: z.string(), visitors: count })),
  paidSources: z.array(z.object({ source: z.enum(["referrer", "entry_page"]), name: z.nullable(z.string()), visitors: count })),
};

/** Each admin_website_* function's rows, as they came back. */
export type WebsiteAnalyticsRows = { [key in keyof typeof rowSchemas]: unknown[] };

/** Rows that came back but are not what the functions promise. */
export class WebsiteAnalyticsDataError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "WebsiteAnalyticsDataError";
  }
}

// What the tab shows -----------------------------------------------------------------------------------

export interface WebsiteAnalyticsReport {
  totals: { pageViews: number; visitors: number; anonymousPageViews: number; timedVisitors: number; averageTimeOnSite: string };
  popularPages: Array<{ path: string; views: number }>;
  exitPages: Array<{ path: string; exits: number; views: number; exitRate: number | null; tone: ExitRateTone }>;
  recentEvents: Array<{ at: string; eventType: string; label: string; path: string; timeOnPage: number | null; ago: string }>;
  /** Page views in each hour of the window, oldest first, labelled in the company's time zone. */
  hourlyViews: Array<{ hour: string; label: string; views: number }>;
  funnel: Array<{ page: string; label: string; visitors: number; conversion: number | null }>;
  paidReferrers: Array<{ origin: string | null; label: string; visitors: number }>;
  paidEntryPages: Array<{ path: string; visitors: number }>;
}

/** The tab's state: the report, or which of the two failures to show. */
export type WebsiteAnalyticsState = { kind: "ready"; report: WebsiteAnalyticsReport } | { kind: "failed"; message: string };

function parsed<T>(schema: z.ZodMiniType<T>, rows: unknown, what: string): T {
  const result = schema.safeParse(rows);
  if (!result.success) throw new WebsiteAnalyticsDataError(`unexpected ${what} rows: ${result.error.issues[0]?.message}`, { cause: result.error });
  return result.data;
}

/**
 * The report from the database's rows, relative times from `now` (the request's time), hours in
 * `timeZone`. Throws WebsiteAnalyticsDataError for rows that are not what the functions promise.
 */
export function shapeWebsiteAnalytics(rows: WebsiteAnalyticsRows, now: Date, timeZone: string): WebsiteAnalyticsReport {
  const [totals] = parsed(rowSchemas.totals, rows.totals, "totals");
  const popular = parsed(rowSchemas.popularPages, rows.popularPages, "popular page");
  const exits = parsed(rowSchemas.exitPages, rows.exitPages, "exit page");
  const recent = parsed(rowSchemas.recentEvents, rows.recentEvents, "recent event");
  const hourly = parsed(rowSchemas.hourlyViews, rows.hourlyViews, "hourly");
  const funnel = parsed(rowSchemas.funnel, rows.funnel, "funnel");
  const sources = parsed(rowSchemas.paidSources, rows.paidSources, "paid source");
  const hourLabel = new Intl.DateTimeFormat("en-US", { weekday: "short", hour: "numeric", timeZone });

  const visitorsAt = new Map(funnel.map((row) => [row.page_path, row.visitors]));
  const landing = visitorsAt.get(FUNNEL_PAGES[0]!) ?? 0;

  return {
    totals: {
      pageViews: totals!.page_views,
      visitors: totals!.visitors,
      anonymousPageViews: totals!.anonymous_page_views,
      timedVisitors: totals!.timed_visitors,
      averageTimeOnSite: formatTimeOnSite(totals!.average_seconds_on_site),
    },
    popularPages: popular.map((row) => ({ path: row.page_path, views: row.views })),
    exitPages: exits.map((row) => {
      const exitRate = exitRatePercent(row.exits, row.views);
      return { path: row.page_path, exits: row.exits, views: row.views, exitRate, tone: exitRateTone(exitRate) };
    }),
    recentEvents: recent.map((row) => ({
      at: new Date(row.created_at).toISOString(),
      eventType: row.event_type,
      label: eventTypeLabel(row.event_type),
      path: row.page_path,
      timeOnPage: row.time_on_page,
      ago: relativeTime(row.created_at, now),
    })),
    hourlyViews: hourly.map((row) => ({ hour: new Date(row.hour).toISOString(), label: hourLabel.format(new Date(row.hour)), views: row.views })),
    funnel: FUNNEL_PAGES.map((page, index) => {
      const visitors = visitorsAt.get(page) ?? 0;
      return { page, label: FUNNEL_LABELS[index]!, visitors, conversion: conversionPercent(visitors, landing) };
    }),
    paidReferrers: sources
      .filter((row) => row.source === "referrer")
      .map((row) => ({ origin: row.name, label: referrerLabel(row.name), visitors: row.visitors })),
    paidEntryPages: sources.filter((row) => row.source === "entry_page" && row.name !== null).map((row) => ({ path: row.name!, visitors: row.visitors })),
  };
}
