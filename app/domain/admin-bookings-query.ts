import { z } from "zod/mini";
import { builtOnce } from "./built-once";
import { addDays } from "./company-time";
import { OFFICE_BOOKING_STATES, type OfficeBookingState } from "./admin-booking-row";
import { calendarDateSchema } from "./calendar-date";
import { listQueryFields } from "./searched-list-query";
import { weekOf } from "./schedule";

/** The table's columns that sort; no sort means upcoming moves first (the soonest first), then past ones (the latest first). */
export const ADMIN_BOOKING_SORTS = ["customer", "date", "service", "status", "amount"] as const;
export type AdminBookingSort = (typeof ADMIN_BOOKING_SORTS)[number];

export const ADMIN_BOOKING_SORT_LABELS: Record<AdminBookingSort, string> = {
  customer: "Customer",
  date: "Move Date",
  service: "Service",
  status: "Status",
  amount: "Amount",
};

/** The Status filter: the office's states, so "pending" is the pending work and "abandoned" the checkouts left unpaid. */
export const ADMIN_BOOKING_STATUS_FILTERS = ["all", ...OFFICE_BOOKING_STATES] as const;
export type AdminBookingStatusFilter = (typeof ADMIN_BOOKING_STATUS_FILTERS)[number];

/** Where a move's money stands after it, as the table filters by it (the database's admin_bookings_where says each). */
export const ADMIN_BALANCE_FILTERS = ["all", "unbilled", "billed", "paid", "overdue"] as const;
export type AdminBalanceFilter = (typeof ADMIN_BALANCE_FILTERS)[number];

export const ADMIN_BALANCE_LABELS: Record<AdminBalanceFilter, string> = {
  all: "Any balance",
  unbilled: "Unbilled: done, no bill",
  billed: "Billed: balance due",
  paid: "Paid in full",
  overdue: "Overdue: due over 2 weeks",
};

/**
 * Which bookings a page lists before any filter: pending ones are the office's pending work (an
 * abandoned checkout is not), active moves are confirmed or under way, done ones completed.
 */
export const ADMIN_BOOKING_SCOPES = {
  all: OFFICE_BOOKING_STATES,
  pending: ["pending"],
  active: ["confirmed", "in_progress"],
  done: ["completed"],
} as const satisfies Record<string, readonly OfficeBookingState[]>;
export type AdminBookingScope = keyof typeof ADMIN_BOOKING_SCOPES;

// The schemas here are built when first asked for: the bookings table's script would otherwise build
// them as it loads, before the page answers a tap.
const adminBookingScopeSchema = builtOnce(() => z.catch(z.enum(Object.keys(ADMIN_BOOKING_SCOPES) as [AdminBookingScope, ...AdminBookingScope[]]), "all"));

/** The scope a `view` param names (the dashboard's sub-tabs and the export); anything else is all bookings. */
export function adminBookingScope(value: string | null | undefined): AdminBookingScope {
  return adminBookingScopeSchema().parse(value);
}

/** The Move date quick filter: moves today, tomorrow or this week (Monday to Sunday), in the company's time zone. */
export const ADMIN_MOVE_DATE_FILTERS = ["today", "tomorrow", "week"] as const;
export type AdminMoveDateFilter = (typeof ADMIN_MOVE_DATE_FILTERS)[number];

export const ADMIN_MOVE_DATE_LABELS: Record<AdminMoveDateFilter, string> = {
  today: "Today",
  tomorrow: "Tomorrow",
  week: "This week",
};

/** The move dates (inclusive) a quick filter stands for, from the company's `today`. */
export function moveDateRange(filter: AdminMoveDateFilter, today: string): { from: string; to: string } {
  if (filter === "today") return { from: today, to: today };
  if (filter === "tomorrow") return { from: addDays(today, 1), to: addDays(today, 1) };
  return weekOf(today);
}

/** Each search param on its own: a bad value falls back to its default and leaves the others alone. */
const adminBookingsQuerySchema = builtOnce(() => {
  const isoDate = calendarDateSchema();
  return z.object({
    ...listQueryFields(),
    status: z.catch(z.enum(ADMIN_BOOKING_STATUS_FILTERS), "all"),
    balance: z.catch(z.enum(ADMIN_BALANCE_FILTERS), "all"),
    from: z.catch(z.nullable(isoDate), null),
    to: z.catch(z.nullable(isoDate), null),
    move: z.catch(z.nullable(z.enum(ADMIN_MOVE_DATE_FILTERS)), null),
    sort: z.catch(z.nullable(z.enum(ADMIN_BOOKING_SORTS)), null),
  });
});

export type AdminBookingsQuery = z.infer<ReturnType<typeof adminBookingsQuerySchema>>;

export const DEFAULT_ADMIN_BOOKINGS_QUERY: AdminBookingsQuery = {
  q: "",
  status: "all",
  balance: "all",
  from: null,
  to: null,
  move: null,
  sort: null,
  dir: null,
  page: 1,
};

/** The table's state from the URL; never throws: missing or malformed values are the defaults. */
export function parseAdminBookingsQuery(params: URLSearchParams): AdminBookingsQuery {
  const raw = Object.fromEntries(Object.keys(DEFAULT_ADMIN_BOOKINGS_QUERY).map((key) => [key, params.get(key) ?? undefined]));
  return adminBookingsQuerySchema().parse({
    ...raw,
    from: raw.from || null,
    to: raw.to || null,
    move: raw.move || null,
    sort: raw.sort || null,
    dir: raw.dir || null,
    page: raw.page ?? 1,
  });
}

/** The states a page lists: its scope, narrowed by the status filter (nothing when they do not meet). */
export function statusesToList(scope: AdminBookingScope, status: AdminBookingStatusFilter): readonly OfficeBookingState[] {
  const inScope: readonly OfficeBookingState[] = ADMIN_BOOKING_SCOPES[scope];
  return status === "all" ? inScope : inScope.filter((candidate) => candidate === status);
}

/** What the database filters by: the search, the states, the move-date range (both ends inclusive) and the balance state. */
export interface AdminBookingsFilter {
  search: string;
  /** The office's states (the database's admin_bookings_where tells "pending" from "abandoned" as booking_checkout_abandoned says). */
  statuses: readonly OfficeBookingState[];
  from: string | null;
  to: string | null;
  balance: Exclude<AdminBalanceFilter, "all"> | null;
}

/**
 * What the database filters by for a page of `scope` and the URL's query. The Move date quick filter
 * (`move`) stands for its dates from the company's `today` and takes the place of `from`/`to`; without
 * `today` it is left out.
 */
export function bookingsFilter(scope: AdminBookingScope, query: AdminBookingsQuery, { today }: { today?: string } = {}): AdminBookingsFilter {
  const range = query.move && today ? moveDateRange(query.move, today) : { from: query.from, to: query.to };
  return { search: query.q, statuses: statusesToList(scope, query.status), ...range, balance: query.balance === "all" ? null : query.balance };
}

/**
 * The search params of the table after a change to the query `shown` (as the loader read it from
 * `current`), keeping every other param of the page (a tab, say). Changing a filter or the sort starts
 * again at page 1; defaults are left out so links stay short. It takes the query already read rather
 * than reading `current` again: a table draws some twenty links, and the browser need not check the
 * address with the schema for each.
 */
export function adminBookingsSearch(current: URLSearchParams, shown: AdminBookingsQuery, change: Partial<AdminBookingsQuery>): string {
  const next = new URLSearchParams(current);
  const query = { ...shown, ...change };
  if (!("page" in change)) query.page = 1;
  const values: Record<keyof AdminBookingsQuery, string | null> = {
    q: query.q || null,
    status: query.status === "all" ? null : query.status,
    balance: query.balance === "all" ? null : query.balance,
    from: query.from,
    to: query.to,
    move: query.move,
    sort: query.sort,
    dir: query.dir,
    page: query.page === 1 ? null : String(query.page),
  };
  for (const [key, value] of Object.entries(values)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const search = next.toString();
  return search ? `?${search}` : "";
}
