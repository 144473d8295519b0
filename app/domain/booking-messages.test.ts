import { describe, expect, it } from "vitest";
import { MESSAGE_KINDS, crewText, isOfficeMessage } from "./booking-messages";

describe("crewText", () => {
  it("names the team, and the movers added to it", () => {
    expect(crewText({ teamType: "elite", extraMovers: 0 })).toBe("Elite Team");
    expect(crewText({ teamType: "luxury", extraMovers: 1 })).toBe("Luxury Team + 1 extra mover");
    expect(crewText({ teamType: "elite", extraMovers: 3 })).toBe("Elite Team + 3 extra movers");
  });

  it("names a team the app does not know as stored", () => {
    expect(crewText({ teamType: "weekend", extraMovers: 0 })).toBe("weekend");
  });
});

describe("isOfficeMessage", () => {
  it("is the office's three kinds, and no customer's", () => {
    expect(MESSAGE_KINDS.filter(isOfficeMessage)).toEqual(["office_new_booking", "office_customer_cancelled", "office_tomorrow_list"]);
  });
});
