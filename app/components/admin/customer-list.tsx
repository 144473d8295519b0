import { useCompany } from "~/components/company-context";
import { formatDateIn } from "~/domain/company-time";
import { CircleAlert } from "lucide-react";
import { Link } from "react-router";
import {
  CUSTOMER_SORT_LABELS,
  SPENT_RULE,
  adminCustomersSearch,
  customerBadge,
  customerBookingsHref,
  customersList,
  type AdminCustomer,
  type AdminCustomerSort,
  type AdminCustomersQuery,
} from "~/domain/admin-customers";
import { formatCents } from "~/domain/money";
import { ListPages } from "./list-pages";
import { ListSearchForm } from "./list-search-form";
import { OneLine, SortHeader, SortLinks, type SortableColumn } from "./sortable-columns";

export const CUSTOMERS_LOAD_FAILED = "Failed to fetch customers";

const BADGE_CLASSES = {
  VIP: "bg-amber-100 text-amber-900",
  "New Customer": "bg-emerald-100 text-emerald-900",
} as const;

export interface CustomerListProps {
  query: AdminCustomersQuery;
  rows: AdminCustomer[];
  total: number;
  failed: boolean;
}

const customersHref = (query: AdminCustomersQuery) => `/admin/customers${adminCustomersSearch(query)}`;

/**
 * The customer database: a GET search form, then at 768px and wider a table whose columns sort, below
 * it a card per customer; 25 a page. All in the URL, so it works without JavaScript.
 */
export function CustomerList({ query, rows, total, failed }: CustomerListProps) {
  const column = (sort: AdminCustomerSort): SortableColumn => ({
    label: CUSTOMER_SORT_LABELS[sort],
    direction: query.sort === sort ? customersList.direction(query) : null,
    to: customersHref(customersList.sorted(query, sort)),
  });

  return (
    <section aria-label="Customers" className="flex flex-col gap-4">
      <ListSearchForm id="customers-search" query={query} placeholder="Name, email or phone" />

      <p className="text-sm text-slate-600">{SPENT_RULE}</p>

      {failed ? (
        <p role="alert" className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <CircleAlert aria-hidden="true" className="size-5" />
          {CUSTOMERS_LOAD_FAILED}
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          {total > 0 ? `This page is past the last customer (${total} in all).` : query.q ? `No customers match “${query.q}”.` : "No customers yet."}
        </p>
      ) : (
        <>
          <div className="hidden rounded-lg border border-slate-200 bg-white md:block">
            <table className="w-full table-fixed text-left text-sm">
              <colgroup>
                <col className="w-[30%]" />
                <col className="w-[16%]" />
                <col className="w-[14%]" />
                <col className="w-[14%]" />
                <col className="w-[14%]" />
                <col className="w-[12%]" />
              </colgroup>
              <thead className="text-slate-700">
                <tr className="[&>th]:sticky [&>th]:top-0 [&>th]:z-10 [&>th]:border-b [&>th]:border-slate-200 [&>th]:bg-slate-50">
                  <SortHeader column={column("name")} />
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Phone
                  </th>
                  <SortHeader column={column("bookings")} className="text-right" />
                  <SortHeader column={column("spent")} className="text-right" />
                  <SortHeader column={column("last")} />
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">Bookings table</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((customer) => (
                  <CustomerTableRow key={customer.email_key} customer={customer} />
                ))}
              </tbody>
            </table>
          </div>
          <SortLinks label="Sort customers" columns={customersList.columns.map(column)} />
          <ul className="grid gap-4 md:hidden" aria-label="Customers">
            {rows.map((customer) => (
              <CustomerCard key={customer.email_key} customer={customer} />
            ))}
          </ul>
        </>
      )}

      {!failed && total > 0 ? <ListPages page={query.page} total={total} pageHref={(page) => customersHref({ ...query, page })} /> : null}
    </section>
  );
}

function CustomerBadge({ bookings }: { bookings: number }) {
  const badge = customerBadge(bookings);
  return badge ? <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_CLASSES[badge]}`}>{badge}</span> : null;
}

/** One line a customer: name with the email under it, phone, bookings with the badge, total spent, the latest booking, and their bookings. */
function CustomerTableRow({ customer }: { customer: AdminCustomer }) {
  const company = useCompany();
  return (
    <tr className="border-b border-slate-100 last:border-0 hover:bg-slate-50" data-testid="customer-row">
      <th scope="row" className="px-3 py-2 font-normal">
        <OneLine text={customer.full_name} className="font-semibold text-slate-900" />
        <OneLine text={customer.email} className="text-xs text-slate-600" />
      </th>
      <td className="px-3 py-2">
        <OneLine text={customer.phone} />
      </td>
      <td className="px-3 py-2 text-right">
        <span className="inline-flex items-center gap-2">
          <CustomerBadge bookings={customer.bookings} />
          {customer.bookings}
        </span>
      </td>
      <td className="px-3 py-2 text-right font-semibold tabular-nums">{formatCents(customer.spent_cents)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDateIn(new Date(customer.last_booking_at), company.timeZone, "medium")}</td>
      <td className="px-3 py-2">
        <Link to={customerBookingsHref(customer)} className="font-medium text-blue-700 underline" aria-label={`View ${customer.full_name}’s bookings`}>
          Bookings
        </Link>
      </td>
    </tr>
  );
}

function CustomerCard({ customer }: { customer: AdminCustomer }) {
  const company = useCompany();
  const headingId = `customer-${customer.email_key.replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="customer-card">
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold break-words">
          {customer.full_name}
        </h2>
        <CustomerBadge bookings={customer.bookings} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Total spent</dt>
        <dd className="font-semibold">{formatCents(customer.spent_cents)}</dd>
        <dt className="text-slate-600">Bookings</dt>
        <dd>{customer.bookings}</dd>
        <dt className="text-slate-600">Email</dt>
        <dd className="break-all">{customer.email}</dd>
        <dt className="text-slate-600">Phone</dt>
        <dd>{customer.phone}</dd>
        <dt className="text-slate-600">Last booking</dt>
        <dd>{formatDateIn(new Date(customer.last_booking_at), company.timeZone, "medium")}</dd>
      </dl>
      <Link to={customerBookingsHref(customer)} className="text-sm font-medium text-blue-700 underline">
        View {customer.full_name}’s bookings
      </Link>
    </li>
  );
}
