import { describe, expect, it } from "vitest";
import { rateSummary } from "./rate-summary";

describe("rateSummary", () => {
  it("before any choice, gives the lowest rate and what sets the price", () => {
    expect(rateSummary({})).toBe(
      "Moves start at $150 an hour (Elite Team, local move), plus a $100 truck fee. The rate depends on the team and the service you choose; the hours on the size of your home.",
    );
  });

  it("once chosen, gives the rate, the hours and what the time comes to", () => {
    expect(rateSummary({ teamType: "luxury", serviceType: "long_distance", propertySize: "2_bedroom" })).toBe(
      "Luxury Team, long distance: $350 an hour. A home of 2 bedrooms takes about 6 hours ($2,100), plus a $100 truck fee.",
    );
    expect(rateSummary({ propertySize: "studio" })).toBe(
      "Moves start at $150 an hour (Elite Team, local move), plus a $100 truck fee. A studio takes about 3 hours; the rate depends on the team and the service you choose.",
    );
  });
});
