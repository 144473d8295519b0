import { describe, expect, it } from "vitest";
import { adminBookingScope } from "./admin-bookings-query";
import { adminOverviewPath, adminOverviewTabAt, movedOverviewTabPath } from "./admin-overview-tabs";

describe("adminOverviewPath", () => {
  it("gives each tab its own address, the bookings sub-tabs on /admin", () => {
    expect(adminOverviewPath("bookings")).toBe("/admin");
    expect(adminOverviewPath("bookings", "pending")).toBe("/admin?view=pending");
    expect(adminOverviewPath("users")).toBe("/admin/overview/users");
    expect(adminOverviewPath("analytics")).toBe("/admin/overview/analytics");
  });
});

describe("adminOverviewTabAt", () => {
  it("reads the tab from the address, and anything else as Bookings", () => {
    expect(adminOverviewTabAt("/admin/overview/users")).toBe("users");
    expect(adminOverviewTabAt("/admin/overview/analytics/")).toBe("analytics");
    for (const other of ["/admin", "/admin/", "/admin/users", "/admin/analytics", "/admin/overview"]) expect(adminOverviewTabAt(other), other).toBe("bookings");
  });
});

describe("movedOverviewTabPath", () => {
  it("sends the old users and analytics tabs to their pages, keeping the rest of the query", () => {
    expect(movedOverviewTabPath(new URLSearchParams("tab=users"))).toBe("/admin/overview/users");
    expect(movedOverviewTabPath(new URLSearchParams("tab=analytics&from=mail&x=a+b"))).toBe("/admin/overview/analytics?from=mail&x=a+b");
    expect(movedOverviewTabPath(new URLSearchParams("index&tab=users&q=1"))).toBe("/admin/overview/users?q=1");
  });

  it("leaves the bookings tab and anything else where it is", () => {
    for (const other of ["", "tab=bookings&view=pending", "tab=Users", "tab=settings", "tab=__proto__", "view=done"])
      expect(movedOverviewTabPath(new URLSearchParams(other)), other).toBeNull();
  });
});

describe("adminBookingScope", () => {
  it("reads each view by name, and anything else as all bookings", () => {
    expect(adminBookingScope("pending")).toBe("pending");
    expect(adminBookingScope("active")).toBe("active");
    expect(adminBookingScope("done")).toBe("done");
    for (const other of [null, undefined, "", "Done", "cancelled", "constructor", "hasOwnProperty"])
      expect(adminBookingScope(other), String(other)).toBe("all");
  });
});
