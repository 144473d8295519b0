import { Download } from "lucide-react";
import { Form, Link, href, useLocation, useSearchParams } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { bookingAmountCents, officeStateLabel, type AdminBookingRow } from "~/domain/admin-booking-row";
import {
  ADMIN_BALANCE_FILTERS,
  ADMIN_BALANCE_LABELS,
  ADMIN_BOOKING_SCOPES,
  ADMIN_BOOKING_SORT_LABELS,
  ADMIN_BOOKING_SORTS,
  ADMIN_MOVE_DATE_FILTERS,
  ADMIN_MOVE_DATE_LABELS,
  adminBookingsSearch,
  type AdminBookingScope,
  type AdminBookingSort,
  type AdminBookingsQuery,
} from "~/domain/admin-bookings-query";
import { formatMoveDate, formatMoveDateShort, formatTimeSlot, serviceTypeLabel } from "~/domain/booking-labels";
import { newDateRequested } from "~/domain/booking-cancellation";
import { depositStateLabel } from "~/domain/booking-status";
import { crewsUsedLabel } from "~/domain/capacity";
import { formatCents } from "~/domain/money";
import { formatShortDay, type OverviewDay } from "~/domain/schedule";
import { BULK_STATUS_FORM_ID } from "~/domain/admin-bulk-status";
import { BookingRowActions } from "./bookings-table-actions";
import { OneLine, SortHeader, SortLinks, type SortableColumn } from "./sortable-columns";
import { sortChange, sortDirection } from "~/domain/list-sort";
import { BulkStatusForm, SelectAllRows } from "./bookings-table-bulk";
import { BookingStatusForm, useShownState } from "./bookings-table-status";
import { MovedByCustomerMark, NewDateNeededMark } from "./booking-marks";
import { ListPages } from "./list-pages";
import { OfficeStatusBadge } from "./office-status-badge";

/** The params the table owns; any other param of the page (a tab) is carried through its forms and links. */
const TABLE_PARAMS = new Set(["q", "status", "balance", "from", "to", "move", "sort", "dir", "page"]);

export const BOOKINGS_FAILURE_MESSAGES: Record<AdminBookingScope, string> = {
  all: "Failed to fetch bookings",
  pending: "Failed to fetch pending bookings",
  active: "Failed to fetch active bookings",
  done: "Failed to fetch bookings",
};

export interface BookingsTableProps {
  scope: AdminBookingScope;
  query: AdminBookingsQuery;
  rows: AdminBookingRow[];
  total: number;
  failed: boolean;
  /** Crews used and available on each move date shown (none when the reader may not read the schedule). */
  crewsByDay: Record<string, OverviewDay>;
  /** The days the Move date filter covers, when it is on. */
  moveDays: string[];
  /** When the rows were read (ISO 8601): whether a checkout was abandoned is judged as of then, on the server and in the browser alike. */
  listedAt: string;
}

/**
 * Bookings as staff work through them: a GET filter form, sortable column links, 25 a page, a status
 * form and an actions menu on each row; cards instead of rows below 768px. Everything is in the URL,
 * so it works without JavaScript and every view can be bookmarked.
 */
export function BookingsTable({ scope, query, rows, total, failed, crewsByDay, moveDays, listedAt }: BookingsTableProps) {
  const [searchParams] = useSearchParams();
  const now = new Date(listedAt);
  const { pathname } = useLocation();
  const linkTo = (change: Partial<AdminBookingsQuery>) => `${pathname}${adminBookingsSearch(searchParams, query, change)}`;
  const exportParams = new URLSearchParams(adminBookingsSearch(new URLSearchParams(), query, { page: 1 }).slice(1));
  if (scope !== "all") exportParams.set("view", scope);
  const exportSearch = exportParams.toString();

  return (
    <section aria-label="Bookings" className="flex flex-col gap-4">
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        {[...searchParams]
          .filter(([key]) => !TABLE_PARAMS.has(key))
          .map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
        <div className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium">
          <label htmlFor="bookings-search">Search</label>
          <input
            id="bookings-search"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={200}
            placeholder="Name, email, phone or address"
            className="h-10 rounded-lg border border-slate-300 px-3 font-normal"
          />
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor="bookings-status">Status</label>
          <select id="bookings-status" name="status" defaultValue={query.status} className="h-10 rounded-lg border border-slate-300 bg-white px-3 font-normal">
            <option value="all">All statuses</option>
            {ADMIN_BOOKING_SCOPES[scope].map((state) => (
              <option key={state} value={state}>
                {officeStateLabel(state)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor="bookings-balance">Balance</label>
          <select
            id="bookings-balance"
            name="balance"
            defaultValue={query.balance}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 font-normal"
          >
            {ADMIN_BALANCE_FILTERS.map((balance) => (
              <option key={balance} value={balance}>
                {ADMIN_BALANCE_LABELS[balance]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor="bookings-from">Move date from</label>
          <input
            id="bookings-from"
            type="date"
            name="from"
            defaultValue={moveDays[0] ?? query.from ?? ""}
            className="h-10 rounded-lg border border-slate-300 px-3 font-normal"
          />
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor="bookings-to">Move date to</label>
          <input
            id="bookings-to"
            type="date"
            name="to"
            defaultValue={moveDays.at(-1) ?? query.to ?? ""}
            className="h-10 rounded-lg border border-slate-300 px-3 font-normal"
          />
        </div>
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir ? <input type="hidden" name="dir" value={query.dir} /> : null}
        <button type="submit" className={buttonClasses("primary", "sm", "h-10")}>
          Apply
        </button>
        <a href={`/admin/bookings/export${exportSearch ? `?${exportSearch}` : ""}`} className={buttonClasses("outline", "sm", "h-10")} download>
          <Download aria-hidden className="size-4" />
          Export
        </a>
      </Form>

      <MoveDateFilter query={query} linkTo={linkTo} />
      {moveDays.length > 0 ? <MoveDaysSummary days={moveDays} crewsByDay={crewsByDay} /> : null}

      {failed ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {BOOKINGS_FAILURE_MESSAGES[scope]}
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">No bookings found</p>
      ) : (
        <>
          <BulkStatusForm />
          {/* No scrolling box around the table: the header sticks to the window's top, and a row's menu is never cut off. */}
          <div className="hidden rounded-lg border border-slate-200 bg-white md:block">
            <table className="w-full table-fixed text-left text-sm">
              <colgroup>
                <col className="w-11" />
                <col className="w-[20%]" />
                <col className="w-[16%]" />
                <col className="w-[18%]" />
                <col className="w-[11%]" />
                <col className="w-[19%]" />
                <col className="w-[11%]" />
                <col className="w-14" />
              </colgroup>
              <thead className="text-slate-700">
                <tr className="[&>th]:sticky [&>th]:top-0 [&>th]:z-10 [&>th]:border-b [&>th]:border-slate-200 [&>th]:bg-slate-50">
                  <th scope="col" className="px-2 py-2">
                    <SelectAllRows />
                  </th>
                  <SortHeader column={sortableColumn(query, "customer", linkTo)} />
                  <SortHeader column={sortableColumn(query, "date", linkTo)} />
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Route
                  </th>
                  <SortHeader column={sortableColumn(query, "service", linkTo)} />
                  <SortHeader column={sortableColumn(query, "status", linkTo)} />
                  <SortHeader column={sortableColumn(query, "amount", linkTo)} />
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((booking, index) => (
                  <BookingTableRow
                    key={booking.id}
                    booking={booking}
                    now={now}
                    crews={crewsByDay[booking.moving_date]}
                    menuOpensUp={rows.length > MENU_ROWS_BELOW && index >= rows.length - MENU_ROWS_BELOW}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <SortLinks label="Sort bookings" columns={ADMIN_BOOKING_SORTS.map((column) => sortableColumn(query, column, linkTo))} />
          <ul className="flex flex-col gap-3 md:hidden" aria-label="Bookings">
            {rows.map((booking) => (
              <BookingCard key={booking.id} booking={booking} now={now} crews={crewsByDay[booking.moving_date]} />
            ))}
          </ul>
        </>
      )}

      {!failed && total > 0 ? <ListPages page={query.page} total={total} pageHref={(page) => linkTo({ page })} /> : null}
    </section>
  );
}

type LinkTo = (change: Partial<AdminBookingsQuery>) => string;

/**
 * Moves today, tomorrow or this week, with the other filters kept: links, so they work without
 * JavaScript. The filter form shows the chosen days as its range; applying it keeps that range as dates.
 */
function MoveDateFilter({ query, linkTo }: { query: AdminBookingsQuery; linkTo: LinkTo }) {
  const anyDate = query.move === null && query.from === null && query.to === null;
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 ${active ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white hover:border-brand-600"}`;
  return (
    <nav aria-label="Move date" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">Move date</span>
      <Link to={linkTo({ move: null, from: null, to: null })} className={chip(anyDate)} aria-current={anyDate ? "true" : undefined}>
        Any
      </Link>
      {ADMIN_MOVE_DATE_FILTERS.map((filter) => (
        <Link
          key={filter}
          to={linkTo({ move: filter, from: null, to: null })}
          className={chip(query.move === filter)}
          aria-current={query.move === filter ? "true" : undefined}
        >
          {ADMIN_MOVE_DATE_LABELS[filter]}
        </Link>
      ))}
    </nav>
  );
}

/** With the Move date filter on: each of its days with the crews used and available, linking to its schedule. */
function MoveDaysSummary({ days, crewsByDay }: { days: string[]; crewsByDay: Record<string, OverviewDay> }) {
  const known = days.filter((day) => crewsByDay[day]);
  if (known.length === 0) return null;
  return (
    <ul aria-label="Crews by day" className="flex flex-wrap gap-2 text-sm">
      {known.map((day) => (
        <li key={day} data-day={day} className="relative flex flex-col rounded-lg border border-slate-200 bg-white px-3 py-2 hover:border-brand-600">
          <Link to={`${href("/admin/schedule")}?day=${day}`} className="font-semibold after:absolute after:inset-0 after:rounded-lg hover:underline">
            {formatShortDay(day)}
          </Link>
          <span className="text-slate-600">{crewsUsedLabel(crewsByDay[day]!)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Under a move date: the crews used and available that day, linking to its schedule. On a card, among
 * other links, it is a 24px target; in the table's line, with no other link near, a line of small text.
 */
function DayCrews({ date, crews, target = false }: { date: string; crews: OverviewDay | undefined; target?: boolean }) {
  if (!crews) return null;
  return (
    <Link
      to={`${href("/admin/schedule")}?day=${date}`}
      className={`${target ? "flex min-h-6 items-center" : "block"} text-xs text-slate-500 hover:text-brand-700 hover:underline`}
      data-crews-used
    >
      {crewsUsedLabel(crews)}
    </Link>
  );
}

/** A column of the table as its header and the small screen's sort links show it. */
function sortableColumn(query: AdminBookingsQuery, column: AdminBookingSort, linkTo: LinkTo): SortableColumn {
  return {
    label: ADMIN_BOOKING_SORT_LABELS[column],
    direction: query.sort === column ? sortDirection(query) : null,
    to: linkTo(sortChange(query, column)),
  };
}

function amountLabel(booking: AdminBookingRow): string {
  const cents = bookingAmountCents(booking);
  return cents === null ? "—" : formatCents(cents);
}

function moveWhen(booking: AdminBookingRow): string {
  return booking.moving_time ? `${formatMoveDate(booking.moving_date)}, ${formatTimeSlot(booking.moving_time)}` : formatMoveDate(booking.moving_date);
}

/** How many rows a row's open menu (five items) covers: on the last ones it opens upward, where there is room. */
const MENU_ROWS_BELOW = 4;

/**
 * One line a booking at 1280px: the customer with their email and phone under the name, the move
 * with its crews and marks under it, the route, the service, one status control that shows the
 * status and changes it, the amount with the deposit's state, and the actions. Each cell is two
 * lines at most, cut short rather than wrapped.
 */
function BookingTableRow({ booking, now, crews, menuOpensUp }: { booking: AdminBookingRow; now: Date; crews: OverviewDay | undefined; menuOpensUp: boolean }) {
  const state = useShownState(booking, now);
  const contact = [booking.email, booking.phone].filter(Boolean).join(" · ");
  const route = `${booking.moving_from} → ${booking.moving_to}`;
  return (
    <tr className="border-b border-slate-100 last:border-0 hover:bg-slate-50" data-booking-id={booking.id}>
      <td className="px-2 py-2">
        <label className="inline-flex size-7 cursor-pointer items-center justify-center">
          <input
            // Unticked again once the change is made: the row's status is part of its key.
            key={booking.status}
            type="checkbox"
            name="bookingId"
            value={booking.id}
            form={BULK_STATUS_FORM_ID}
            data-bulk-row
            className="size-4"
          />
          <span className="sr-only">Select {booking.full_name}&apos;s booking</span>
        </label>
      </td>
      <td className="px-3 py-2">
        <OneLine text={booking.full_name} className="font-semibold" />
        <OneLine text={contact} className="text-xs text-slate-600" />
      </td>
      <td className="px-3 py-2">
        <OneLine text={moveWhen(booking)}>{formatMoveDateShort(booking.moving_date)}</OneLine>
        <span className="flex items-center gap-1 overflow-hidden text-xs whitespace-nowrap text-slate-600">
          {booking.moving_time ? <span className="shrink-0">{formatTimeSlot(booking.moving_time)}</span> : null}
          <DayCrews date={booking.moving_date} crews={crews} />
          <MovedByCustomerMark times={booking.online_reschedules} inline />
          <NewDateNeededMark needed={newDateRequested(booking)} inline />
        </span>
      </td>
      <td className="px-3 py-2">
        <OneLine text={route} />
      </td>
      <td className="px-3 py-2">
        <OneLine text={serviceTypeLabel(booking.service_type)} />
      </td>
      <td className="px-3 py-2">
        <BookingStatusForm booking={booking} shown={state} asBadge />
      </td>
      <td className="px-3 py-2">
        <OneLine text={amountLabel(booking)} className="font-semibold" />
        <OneLine text={depositStateLabel(booking)} className="text-xs text-slate-600" />
      </td>
      <td className="py-2 pr-3">
        <BookingRowActions booking={booking} openUp={menuOpensUp} compact />
      </td>
    </tr>
  );
}

function BookingCard({ booking, now, crews }: { booking: AdminBookingRow; now: Date; crews: OverviewDay | undefined }) {
  const state = useShownState(booking, now);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-booking-id={booking.id}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{booking.full_name}</p>
          <p className="break-all text-slate-600">{booking.email}</p>
          <p className="text-slate-600">{booking.phone}</p>
        </div>
        <OfficeStatusBadge state={state} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-500">Move</dt>
        <dd>
          {moveWhen(booking)}
          <MovedByCustomerMark times={booking.online_reschedules} />
          <NewDateNeededMark needed={newDateRequested(booking)} />
          <DayCrews date={booking.moving_date} crews={crews} target />
        </dd>
        <dt className="text-slate-500">Route</dt>
        <dd className="break-words">
          {booking.moving_from} → {booking.moving_to}
        </dd>
        <dt className="text-slate-500">Service</dt>
        <dd>{serviceTypeLabel(booking.service_type)}</dd>
        <dt className="text-slate-500">Amount</dt>
        <dd className="font-semibold">{amountLabel(booking)}</dd>
        <dt className="text-slate-500">Deposit</dt>
        <dd>{depositStateLabel(booking)}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
        <BookingStatusForm booking={booking} shown={state} />
        <BookingRowActions booking={booking} />
      </div>
    </li>
  );
}
