import { describe, expect, it } from "vitest";
import {
  adminBookingsSearch,
  bookingsFilter,
  DEFAULT_ADMIN_BOOKINGS_QUERY,
  pageWindow,
  parseAdminBookingsQuery,
  sortChange,
  sortDirection,
} from "./admin-bookings-query";

const parse = (search: string) => parseAdminBookingsQuery(new URLSearchParams(search));

describe("parseAdminBookingsQuery", () => {
  it("reads every param of the table", () => {
    expect(parse("q=%20smith%20&status=confirmed&from=2027-01-01&to=2027-02-28&sort=amount&dir=desc&page=3")).toEqual({
      q: "smith",
      status: "confirmed",
      from: "2027-01-01",
      to: "2027-02-28",
      sort: "amount",
      dir: "desc",
      page: 3,
    });
  });

  it("is the defaults without params", () => {
    expect(parse("")).toEqual(DEFAULT_ADMIN_BOOKINGS_QUERY);
  });

  it("falls back to the default of each bad value alone", () => {
    expect(parse(`q=${"x".repeat(201)}&status=lost&from=2027-02-30&to=tomorrow&sort=email&dir=up&page=-2`)).toEqual(DEFAULT_ADMIN_BOOKINGS_QUERY);
    expect(parse("page=2.5&status=pending")).toEqual({ ...DEFAULT_ADMIN_BOOKINGS_QUERY, status: "pending" });
    expect(parse("page=abc&from=2027-13-01&to=2027-01-31")).toEqual({ ...DEFAULT_ADMIN_BOOKINGS_QUERY, to: "2027-01-31" });
    expect(parse("page=99999999999")).toEqual(DEFAULT_ADMIN_BOOKINGS_QUERY);
  });

  it("takes 200 characters of search", () => {
    expect(parse(`q=${"y".repeat(200)}`).q).toHaveLength(200);
  });
});

describe("sorting", () => {
  it("is newest first without a sort, ascending on a first click, then toggles", () => {
    expect(sortDirection(DEFAULT_ADMIN_BOOKINGS_QUERY)).toBe("desc");
    const first = sortChange(DEFAULT_ADMIN_BOOKINGS_QUERY, "customer");
    expect(first).toEqual({ sort: "customer", dir: "asc" });
    const second = sortChange({ ...DEFAULT_ADMIN_BOOKINGS_QUERY, ...first }, "customer");
    expect(second).toEqual({ sort: "customer", dir: "desc" });
    expect(sortChange({ ...DEFAULT_ADMIN_BOOKINGS_QUERY, ...second }, "customer")).toEqual({ sort: "customer", dir: "asc" });
    expect(sortChange({ ...DEFAULT_ADMIN_BOOKINGS_QUERY, ...second }, "amount")).toEqual({ sort: "amount", dir: "asc" });
  });
});

describe("adminBookingsSearch", () => {
  it("keeps the other params and starts again at page 1 on a filter or sort change", () => {
    const current = new URLSearchParams("tab=bookings&view=pending&q=ann&page=3");
    expect(adminBookingsSearch(current, { sort: "date", dir: "asc" })).toBe("?tab=bookings&view=pending&q=ann&sort=date&dir=asc");
    expect(adminBookingsSearch(current, { page: 4 })).toBe("?tab=bookings&view=pending&q=ann&page=4");
    expect(adminBookingsSearch(current, { q: "" })).toBe("?tab=bookings&view=pending");
  });

  it("leaves out defaults", () => {
    expect(adminBookingsSearch(new URLSearchParams("page=2"), { page: 1 })).toBe("");
  });
});

describe("bookingsFilter", () => {
  it("narrows a page's scope by the status filter", () => {
    expect(bookingsFilter("active", parse("")).statuses).toEqual(["confirmed", "in_progress"]);
    expect(bookingsFilter("active", parse("status=in_progress")).statuses).toEqual(["in_progress"]);
    expect(bookingsFilter("pending", parse("status=completed")).statuses).toEqual([]);
    expect(bookingsFilter("all", parse("status=cancelled&q=x&from=2027-01-01"))).toEqual({
      search: "x",
      statuses: ["cancelled"],
      from: "2027-01-01",
      to: null,
    });
  });
});

describe("pageWindow", () => {
  it("says which rows a page shows", () => {
    expect(pageWindow(1, 60)).toEqual({ first: 1, last: 25, pageCount: 3 });
    expect(pageWindow(3, 60)).toEqual({ first: 51, last: 60, pageCount: 3 });
    expect(pageWindow(1, 0)).toEqual({ first: 0, last: 0, pageCount: 1 });
    expect(pageWindow(9, 60)).toEqual({ first: 0, last: 0, pageCount: 3 });
  });
});
