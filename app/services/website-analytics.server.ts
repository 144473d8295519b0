import {
  FUNNEL_PAGES,
  RECENT_WEBSITE_EVENTS,
  TOP_WEBSITE_PAGES,
  shapeWebsiteAnalytics,
  type WebsiteAnalyticsReport,
  type WebsiteAnalyticsRows,
} from "~/domain/website-analytics";
import { PAID_PAGE } from "~/domain/analytics-pages";
import type { AppSupabaseClient } from "./supabase.server";

export type WebsiteAnalyticsLoad =
  | { kind: "ready"; report: WebsiteAnalyticsReport }
  /** A function could not be called, or refused the caller. */
  | { kind: "fetch-failed"; cause: unknown }
  /** The rows came back but are not what the functions promise. */
  | { kind: "process-failed"; cause: unknown };

/**
 * The Website Analytics tab's report for the 48 hours up to `at` (the request's time), every figure
 * computed by the database's admin_website_* functions, which check the caller may read analytics.
 * Relative times are from `at`, hours labelled in `timeZone`.
 */
export async function loadWebsiteAnalytics(supabase: AppSupabaseClient, at: Date, timeZone: string): Promise<WebsiteAnalyticsLoad> {
  const _at = at.toISOString();
  let answers;
  try {
    answers = await Promise.all([
      supabase.rpc("admin_website_totals", { _at }),
      supabase.rpc("admin_website_popular_pages", { _at, _limit: TOP_WEBSITE_PAGES }),
      supabase.rpc("admin_website_exit_pages", { _at, _limit: TOP_WEBSITE_PAGES }),
      supabase.rpc("admin_website_recent_events", { _at, _limit: RECENT_WEBSITE_EVENTS }),
      supabase.rpc("admin_website_hourly_views", { _at }),
      supabase.rpc("admin_website_funnel", { _pages: [...FUNNEL_PAGES], _at }),
      supabase.rpc("admin_website_paid_sources", { _paid_page: PAID_PAGE, _at, _limit: TOP_WEBSITE_PAGES }),
    ]);
  } catch (error) {
    return { kind: "fetch-failed", cause: error };
  }
  const failed = answers.find((answer) => answer.error);
  if (failed) return { kind: "fetch-failed", cause: failed.error };
  const [totals, popularPages, exitPages, recentEvents, hourlyViews, funnel, paidSources] = answers;
  const rows: WebsiteAnalyticsRows = {
    totals: totals.data ?? [],
    popularPages: popularPages.data ?? [],
    exitPages: exitPages.data ?? [],
    recentEvents: recentEvents.data ?? [],
    hourlyViews: hourlyViews.data ?? [],
    funnel: funnel.data ?? [],
    paidSources: paidSources.data ?? [],
  };
  try {
    return { kind: "ready", report: shapeWebsiteAnalytics(rows, at, timeZone) };
  } catch (error) {
    return { kind: "process-failed", cause: error };
  }
}
