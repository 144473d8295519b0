import { describe, expect, it } from "vitest";
import { adminCustomersSearch, customerBadge, customerBookingsHref, parseAdminCustomersQuery } from "./admin-customers";

describe("the customer database's URL and badges", () => {
  it("keeps the search in page links and leaves defaults out", () => {
    expect(adminCustomersSearch({ q: "lee & co", page: 3, sort: null, dir: null })).toBe("?q=lee+%26+co&page=3");
    expect(adminCustomersSearch({ q: "", page: 1, sort: null, dir: null })).toBe("");
    expect(parseAdminCustomersQuery(new URLSearchParams("q=lee+%26+co&page=3"))).toEqual({ q: "lee & co", page: 3, sort: null, dir: null });
  });

  it("links to the bookings table searched for the customer's email", () => {
    expect(customerBookingsHref({ email: "Ann+Moves@Example.com" })).toBe("/admin/bookings?q=Ann%2BMoves%40Example.com");
  });

  it("marks VIPs over three bookings and new customers at exactly one", () => {
    expect([0, 1, 2, 3, 4, 9].map(customerBadge)).toEqual([null, "New Customer", null, null, "VIP", "VIP"]);
  });
});
