import { describe, expect, it } from "vitest";
import {
  adminBookingsSearch,
  bookingsFilter,
  DEFAULT_ADMIN_BOOKINGS_QUERY,
  moveDateRange,
  parseAdminBookingsQuery,
  type AdminBookingsQuery,
} from "./admin-bookings-query";

const parse = (search: string) => parseAdminBookingsQuery(new URLSearchParams(search));

describe("parseAdminBookingsQuery", () => {
  it("reads every param of the table", () => {
    expect(parse("q=%20smith%20&status=confirmed&balance=overdue&from=2027-01-01&to=2027-02-28&move=week&sort=amount&dir=desc&page=3")).toEqual({
      q: "smith",
      status: "confirmed",
      balance: "overdue",
      from: "2027-01-01",
      to: "2027-02-28",
      move: "week",
      sort: "amount",
      dir: "desc",
      page: 3,
    });
  });

  it("is the defaults without params", () => {
    expect(parse("")).toEqual(DEFAULT_ADMIN_BOOKINGS_QUERY);
  });

  it("falls back to the default of each bad value alone", () => {
    expect(parse(`q=${"x".repeat(201)}&status=lost&from=2027-02-30&to=tomorrow&move=yesterday&sort=email&dir=up&page=-2`)).toEqual(
      DEFAULT_ADMIN_BOOKINGS_QUERY,
    );
    expect(parse("page=2.5&status=pending")).toEqual({ ...DEFAULT_ADMIN_BOOKINGS_QUERY, status: "pending" });
    expect(parse("page=abc&from=2027-13-01&to=2027-01-31")).toEqual({ ...DEFAULT_ADMIN_BOOKINGS_QUERY, to: "2027-01-31" });
    expect(parse("page=99999999999")).toEqual(DEFAULT_ADMIN_BOOKINGS_QUERY);
  });

  it("takes 200 characters of search", () => {
    expect(parse(`q=${"y".repeat(200)}`).q).toHaveLength(200);
  });
});

describe("adminBookingsSearch", () => {
  /** The link after `change` on the page at `current`, whose query the loader read from it. */
  const search = (current: URLSearchParams, change: Partial<AdminBookingsQuery>) => adminBookingsSearch(current, parseAdminBookingsQuery(current), change);

  it("keeps the other params and starts again at page 1 on a filter or sort change", () => {
    const current = new URLSearchParams("tab=bookings&view=pending&q=ann&page=3");
    expect(search(current, { sort: "date", dir: "asc" })).toBe("?tab=bookings&view=pending&q=ann&sort=date&dir=asc");
    expect(search(current, { page: 4 })).toBe("?tab=bookings&view=pending&q=ann&page=4");
    expect(search(current, { q: "" })).toBe("?tab=bookings&view=pending");
  });

  it("builds on the query shown, keeping the address's other params", () => {
    const shown = { ...DEFAULT_ADMIN_BOOKINGS_QUERY, q: "ann", sort: "amount" as const, dir: "desc" as const };
    expect(adminBookingsSearch(new URLSearchParams("view=pending"), shown, { page: 2 })).toBe("?view=pending&q=ann&sort=amount&dir=desc&page=2");
  });

  it("leaves out defaults", () => {
    expect(search(new URLSearchParams("page=2"), { page: 1 })).toBe("");
  });

  it("sets and clears the Move date quick filter with the other filters kept", () => {
    const current = new URLSearchParams("status=confirmed&page=2");
    expect(search(current, { move: "tomorrow", from: null, to: null })).toBe("?status=confirmed&move=tomorrow");
    expect(search(new URLSearchParams("move=week&q=ann"), { move: null })).toBe("?q=ann");
  });
});

describe("moveDateRange", () => {
  it("is today, tomorrow, or Monday to Sunday of today's week", () => {
    // 2026-12-02 is a Wednesday.
    expect(moveDateRange("today", "2026-12-02")).toEqual({ from: "2026-12-02", to: "2026-12-02" });
    expect(moveDateRange("tomorrow", "2026-12-31")).toEqual({ from: "2027-01-01", to: "2027-01-01" });
    expect(moveDateRange("week", "2026-12-02")).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    expect(moveDateRange("week", "2026-12-06")).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    expect(moveDateRange("week", "2026-11-30")).toEqual({ from: "2026-11-30", to: "2026-12-06" });
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
      balance: null,
    });
    expect(bookingsFilter("all", parse("balance=unbilled")).balance).toBe("unbilled");
    expect(bookingsFilter("all", parse("balance=owing")).balance).toBeNull();
  });

  it("keeps abandoned checkouts apart from the pending work, on the pending page too", () => {
    expect(parse("status=abandoned").status).toBe("abandoned");
    expect(bookingsFilter("all", parse("status=abandoned")).statuses).toEqual(["abandoned"]);
    expect(bookingsFilter("all", parse("status=pending")).statuses).toEqual(["pending"]);
    expect(bookingsFilter("all", parse("")).statuses).toEqual(["pending", "abandoned", "confirmed", "in_progress", "completed", "cancelled"]);
    expect(bookingsFilter("pending", parse("")).statuses).toEqual(["pending"]);
    expect(bookingsFilter("pending", parse("status=abandoned")).statuses).toEqual([]);
  });

  it("takes the Move date quick filter's dates from the company's today, in place of from and to", () => {
    expect(bookingsFilter("all", parse("move=tomorrow&from=2027-01-01&to=2027-01-31"), { today: "2026-12-02" })).toMatchObject({
      from: "2026-12-03",
      to: "2026-12-03",
    });
    expect(bookingsFilter("all", parse("move=week"), { today: "2026-12-02" })).toMatchObject({ from: "2026-11-30", to: "2026-12-06" });
  });
});
