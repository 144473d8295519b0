import { describe, expect, it } from "vitest";
import { bookingBadge } from "./booking-status";
import { RESERVED_LABEL, customerStatusHistory } from "./customer-status-history";

describe("customerStatusHistory", () => {
  it("places the deposit's payment among the statuses, in the badge's words", () => {
    const history = customerStatusHistory(
      [
        { status: "pending", changedAt: "2026-11-20T10:00:00Z" },
        { status: "confirmed", changedAt: "2026-11-21T09:00:00Z" },
      ],
      "2026-11-20T10:05:00Z",
    );
    expect(history.map((entry) => entry.label)).toEqual(["Pending", RESERVED_LABEL, "Confirmed"]);
    expect(history[1]).toEqual({ label: RESERVED_LABEL, tone: "primary", at: "2026-11-20T10:05:00Z" });
  });

  it("ends where the badge is for a paid booking the office has not confirmed yet", () => {
    const history = customerStatusHistory([{ status: "pending", changedAt: "2026-11-20T10:00:00Z" }], "2026-11-20T10:05:00Z");
    expect(history.at(-1)?.label).toBe(bookingBadge("pending", "paid").label);
  });

  it("is the statuses alone while the deposit is unpaid", () => {
    expect(customerStatusHistory([{ status: "pending", changedAt: "2026-11-20T10:00:00Z" }], null).map((entry) => entry.label)).toEqual(["Pending"]);
  });
});
