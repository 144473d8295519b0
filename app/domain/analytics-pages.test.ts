import { describe, expect, it } from "vitest";
import { WIZARD_STEPS } from "./booking-wizard";
import { DASHBOARD_TABS, dashboardTabPath } from "./dashboard-tabs";
import { PAID_PAGE, isServerCountedPage, isTrackedPage, normalisePagePath, referrerOrigin, wizardStepPage } from "./analytics-pages";

describe("normalisePagePath", () => {
  it("drops the query string and the fragment", () => {
    expect(normalisePagePath("/book/details?draft=1#top")).toBe("/book/details");
    expect(normalisePagePath("/?website#services")).toBe("/");
  });

  it("collapses ids into :id", () => {
    expect(normalisePagePath("/dashboard/bookings/1f0c8c2e-6b1a-4a57-9a43-0c3f4a6b9d21")).toBe("/dashboard/bookings/:id");
    expect(normalisePagePath("/dashboard/bookings/42/")).toBe("/dashboard/bookings/:id");
    expect(normalisePagePath("/payment-success/cs_test_a1B2c3D4e5F6g7H8i9J0k1L2")).toBe("/payment-success/:id");
  });

  it("records the customer dashboard's home as /user-dashboard", () => {
    expect(normalisePagePath("/dashboard")).toBe("/user-dashboard");
    expect(normalisePagePath("/dashboard/?tab=profile")).toBe("/user-dashboard");
    // Its tabs are pages of their own, counted as the dashboard as they were when they were not.
    for (const tab of DASHBOARD_TABS) expect(normalisePagePath(dashboardTabPath(tab))).toBe("/user-dashboard");
    expect(normalisePagePath("/dashboard/profile")).toBe("/user-dashboard");
    expect(normalisePagePath("/dashboard/gallery/?preview=1")).toBe("/user-dashboard");
    expect(normalisePagePath("/dashboard/gallery/upload")).toBe("/dashboard/gallery/upload");
    expect(normalisePagePath("/dashboard/bookings")).toBe("/dashboard/bookings");
  });

  it("records the wizard's first step as /book, at either of its addresses", () => {
    expect(normalisePagePath("/book/contact")).toBe("/book");
    expect(normalisePagePath("/book?team=elite")).toBe("/book");
    expect(normalisePagePath("/book/details")).toBe("/book/details");
  });

  it("refuses what is not a path of this site", () => {
    expect(normalisePagePath("https://example.com/")).toBeNull();
    expect(normalisePagePath("//example.com/x")).toBeNull();
    expect(normalisePagePath("book")).toBeNull();
  });
});

describe("isTrackedPage", () => {
  it("counts the site's pages", () => {
    expect(isTrackedPage("/")).toBe(true);
    expect(isTrackedPage("/book/details")).toBe(true);
    expect(isTrackedPage("/dashboard/bookings/abc")).toBe(true);
  });

  it("leaves out the admin area, the API, data requests and files", () => {
    for (const path of [
      "/admin",
      "/admin/bookings",
      "/api/analytics",
      "/api/stripe/webhook",
      "/dashboard.data",
      "/_root.data",
      "/favicon.ico",
      "/assets/x.js",
    ]) {
      expect(isTrackedPage(path), path).toBe(false);
    }
    expect(isTrackedPage("/administrator")).toBe(true);
  });
});

describe("referrerOrigin", () => {
  it("keeps another site's origin only", () => {
    expect(referrerOrigin("https://www.google.com/search?q=movers", "http://localhost:3000")).toBe("https://www.google.com");
    expect(referrerOrigin("http://localhost:3000/book", "http://localhost:3000")).toBeNull();
    expect(referrerOrigin("not a url", "http://localhost:3000")).toBeNull();
    expect(referrerOrigin("", "http://localhost:3000")).toBeNull();
  });
});

describe("wizardStepPage", () => {
  it("names each step's page as normalisePagePath records it", () => {
    expect(WIZARD_STEPS.map(wizardStepPage)).toEqual(["/book", "/book/details", "/book/team", "/book/service", "/book/addons", "/book/review"]);
    for (const step of WIZARD_STEPS) expect(normalisePagePath(`/book/${step}`)).toBe(wizardStepPage(step));
  });
});

describe("isServerCountedPage", () => {
  it("is the paid page only", () => {
    expect(isServerCountedPage(PAID_PAGE)).toBe(true);
    expect(isServerCountedPage("/payment-canceled")).toBe(false);
    expect(isServerCountedPage("/")).toBe(false);
  });
});
