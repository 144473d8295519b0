import { describe, expect, it } from "vitest";
import { bulkStatusSummary } from "./admin-bulk-status";

describe("bulkStatusSummary", () => {
  it("says how many changed when all did", () => {
    expect(bulkStatusSummary(["changed", "changed", "changed"], "confirmed")).toEqual({ type: "success", title: "3 bookings changed to Confirmed" });
    expect(bulkStatusSummary(["changed"], "in_progress")).toEqual({ type: "success", title: "1 booking changed to In progress" });
  });

  it("says how many of how many changed, and why the others did not", () => {
    expect(bulkStatusSummary(["changed", "no-crew", "not-found", "changed"], "confirmed")).toEqual({
      type: "error",
      title: "2 of 4 bookings changed to Confirmed",
      description: "One needs a crew and none is free at its time (or its day is closed). One no longer exists.",
    });
    expect(bulkStatusSummary(["failed", "failed"], "cancelled")).toEqual({
      type: "error",
      title: "No booking changed to Cancelled",
      description: "2 could not be changed: try again.",
    });
  });
});
