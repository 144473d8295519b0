import { describe, expect, it } from "vitest";
import {
  FUNNEL_PAGES,
  WebsiteAnalyticsDataError,
  conversionPercent,
  exitRatePercent,
  exitRateTone,
  formatTimeOnSite,
  shapeWebsiteAnalytics,
  type WebsiteAnalyticsRows,
} from "./website-analytics";
import { formatPercent } from "./website-analytics-figures";

describe("formatTimeOnSite", () => {
  it("gives whole minutes and the seconds left over as 'Xm Ys'", () => {
    expect(formatTimeOnSite(0)).toBe("0m 0s");
    expect(formatTimeOnSite(59)).toBe("0m 59s");
    expect(formatTimeOnSite(60)).toBe("1m 0s");
    expect(formatTimeOnSite(125)).toBe("2m 5s");
    expect(formatTimeOnSite(3_725)).toBe("62m 5s");
  });

  it("rounds a fraction of a second and never shows a negative or broken time", () => {
    expect(formatTimeOnSite(89.6)).toBe("1m 30s");
    expect(formatTimeOnSite(-3)).toBe("0m 0s");
    expect(formatTimeOnSite(Number.NaN)).toBe("0m 0s");
  });
});

describe("exit rates", () => {
  it("are exits per view of the page, as a whole percent; none without views", () => {
    expect(exitRatePercent(1, 4)).toBe(25);
    expect(exitRatePercent(2, 3)).toBe(67);
    expect(exitRatePercent(5, 5)).toBe(100);
    expect(exitRatePercent(0, 9)).toBe(0);
    expect(exitRatePercent(3, 0)).toBeNull();
  });

  it("are destructive over 70, secondary over 40, otherwise outline", () => {
    expect(exitRateTone(100)).toBe("destructive");
    expect(exitRateTone(71)).toBe("destructive");
    expect(exitRateTone(70)).toBe("secondary");
    expect(exitRateTone(41)).toBe("secondary");
    expect(exitRateTone(40)).toBe("outline");
    expect(exitRateTone(0)).toBe("outline");
    expect(exitRateTone(null)).toBe("outline");
  });

  it("take their tone from the percent shown: 70.4% shows as 70% and is secondary", () => {
    expect(exitRatePercent(704, 1000)).toBe(70);
    expect(exitRateTone(exitRatePercent(704, 1000))).toBe("secondary");
    expect(exitRateTone(exitRatePercent(706, 1000))).toBe("destructive");
  });
});

describe("funnel conversion", () => {
  it("is a step's visitors per landing page visitor, in percent to one decimal", () => {
    expect(conversionPercent(40, 40)).toBe(100);
    expect(conversionPercent(10, 40)).toBe(25);
    expect(conversionPercent(1, 3)).toBe(33.3);
    expect(conversionPercent(2, 3)).toBe(66.7);
    expect(conversionPercent(0, 12)).toBe(0);
  });

  it("is none when nobody reached the landing page, and may pass 100% for visitors who came in further on", () => {
    expect(conversionPercent(3, 0)).toBeNull();
    expect(conversionPercent(5, 4)).toBe(125);
  });

  it("is written with its decimal only when it has one", () => {
    expect(formatPercent(25)).toBe("25%");
    expect(formatPercent(33.3)).toBe("33.3%");
    expect(formatPercent(null)).toBe("—");
  });

  it("goes from the landing page through the six wizard steps to the paid page", () => {
    expect(FUNNEL_PAGES).toEqual(["/", "/book", "/book/details", "/book/team", "/book/service", "/book/addons", "/book/review", "/payment-success"]);
  });
});

const NOW = new Date("2027-04-01T12:30:00Z");

function rows(overrides: Partial<WebsiteAnalyticsRows> = {}): WebsiteAnalyticsRows {
  return {
    totals: [{ page_views: 12, visitors: 5, anonymous_page_views: 2, timed_visitors: 3, average_seconds_on_site: 125 }],
    popularPages: [
      { page_path: "/", views: 7 },
      { page_path: "/book", views: 5 },
    ],
    exitPages: [
      { page_path: "/book", exits: 4, views: 5 },
      { page_path: "/", exits: 1, views: 7 },
      { page_path: "/gone", exits: 1, views: 0 },
    ],
    recentEvents: [
      { created_at: "2027-04-01T12:29:40Z", event_type: "page_view", page_path: "/book", time_on_page: null },
      { created_at: "2027-04-01T09:10:00Z", event_type: "page_exit", page_path: "/", time_on_page: 42 },
      { created_at: "2027-03-30T13:00:00Z", event_type: "phone_click", page_path: "/", time_on_page: null },
    ],
    hourlyViews: [
      { hour: "2027-04-01T11:00:00+00:00", views: 3 },
      { hour: "2027-04-01T12:00:00+00:00", views: 9 },
    ],
    funnel: FUNNEL_PAGES.map((page_path, index) => ({ step: index + 1, page_path, visitors: [8, 6, 4, 4, 3, 2, 2, 1][index]! })),
    paidSources: [
      { source: "referrer", name: null, visitors: 1 },
      { source: "entry_page", name: "/", visitors: 1 },
    ],
    ...overrides,
  };
}

describe("shapeWebsiteAnalytics", () => {
  it("turns the database's rows into the tab's figures, times relative to the request", () => {
    const report = shapeWebsiteAnalytics(rows(), NOW, "America/New_York");
    expect(report.totals).toEqual({ pageViews: 12, visitors: 5, anonymousPageViews: 2, timedVisitors: 3, averageTimeOnSite: "2m 5s" });
    expect(report.popularPages).toEqual([
      { path: "/", views: 7 },
      { path: "/book", views: 5 },
    ]);
    expect(report.exitPages).toEqual([
      { path: "/book", exits: 4, views: 5, exitRate: 80, tone: "destructive" },
      { path: "/", exits: 1, views: 7, exitRate: 14, tone: "outline" },
      { path: "/gone", exits: 1, views: 0, exitRate: null, tone: "outline" },
    ]);
    expect(report.recentEvents.map((event) => [event.label, event.path, event.ago, event.timeOnPage])).toEqual([
      ["Page view", "/book", "Just now", null],
      ["Left the page", "/", "3h ago", 42],
      ["Phone link", "/", "1d ago", null],
    ]);
    expect(report.hourlyViews).toEqual([
      { hour: "2027-04-01T11:00:00.000Z", label: "Thu 7 AM", views: 3 },
      { hour: "2027-04-01T12:00:00.000Z", label: "Thu 8 AM", views: 9 },
    ]);
    expect(report.funnel.map((stage) => [stage.page, stage.visitors, stage.conversion])).toEqual([
      ["/", 8, 100],
      ["/book", 6, 75],
      ["/book/details", 4, 50],
      ["/book/team", 4, 50],
      ["/book/service", 3, 37.5],
      ["/book/addons", 2, 25],
      ["/book/review", 2, 25],
      ["/payment-success", 1, 12.5],
    ]);
    expect(report.funnel[0]!.label).toBe("Landing page");
    expect(report.funnel.at(-1)!.label).toBe("Paid the deposit");
    expect(report.paidReferrers).toEqual([{ origin: null, label: "Direct or unknown", visitors: 1 }]);
    expect(report.paidEntryPages).toEqual([{ path: "/", visitors: 1 }]);
  });

  it("gives every funnel step even when the database left one out, as zero visitors", () => {
    const report = shapeWebsiteAnalytics(rows({ funnel: [{ step: 1, page_path: "/", visitors: 0 }] }), NOW, "UTC");
    expect(report.funnel.map((stage) => [stage.visitors, stage.conversion])).toEqual(FUNNEL_PAGES.map(() => [0, null]));
  });

  it("refuses rows it cannot read instead of showing wrong figures", () => {
    expect(() => shapeWebsiteAnalytics(rows({ totals: [] }), NOW, "UTC")).toThrow(WebsiteAnalyticsDataError);
    expect(() => shapeWebsiteAnalytics(rows({ popularPages: [{ page_path: "/", views: "many" }] as never }), NOW, "UTC")).toThrow(WebsiteAnalyticsDataError);
    expect(() =>
      shapeWebsiteAnalytics(rows({ recentEvents: [{ created_at: "yesterday", event_type: "page_view", page_path: "/", time_on_page: null }] }), NOW, "UTC"),
    ).toThrow(WebsiteAnalyticsDataError);
    expect(() => shapeWebsiteAnalytics(rows({ paidSources: [{ source: "mystery", name: "x", visitors: 1 }] }), NOW, "UTC")).toThrow(WebsiteAnalyticsDataError);
  });
});
