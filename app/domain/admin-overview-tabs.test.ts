import { describe, expect, it } from "vitest";
import { adminBookingScope } from "./admin-bookings-query";
import { adminOverviewTab } from "./admin-overview-tabs";

describe("adminOverviewTab", () => {
  it("reads each tab by name, and anything else as Bookings", () => {
    expect(adminOverviewTab("users")).toBe("users");
    expect(adminOverviewTab("analytics")).toBe("analytics");
    expect(adminOverviewTab("bookings")).toBe("bookings");
    for (const other of [null, "", "Users", "settings", "__proto__", "toString"]) expect(adminOverviewTab(other), String(other)).toBe("bookings");
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
