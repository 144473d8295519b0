import { useCompany } from "~/components/company-context";
import { formatDateIn } from "~/domain/company-time";
import { CircleAlert } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { SPENT_RULE, adminCustomersSearch, customerBadge, customerBookingsHref, type AdminCustomer, type AdminCustomersQuery } from "~/domain/admin-customers";
import { formatCents } from "~/domain/money";
import { ListPages } from "./list-pages";

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

/** The customer database: a GET search form, a card per customer, 25 a page; all in the URL, so it works without JavaScript. */
export function CustomerList({ query, rows, total, failed }: CustomerListProps) {
  const linkTo = (page: number) => `/admin/customers${adminCustomersSearch({ ...query, page })}`;

  return (
    <section aria-label="Customers" className="flex flex-col gap-4">
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium">
          <label htmlFor="customers-search">Search</label>
          <input
            id="customers-search"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={200}
            placeholder="Name, email or phone"
            className="h-10 rounded-lg border border-slate-300 px-3 font-normal"
          />
        </div>
        <button type="submit" className={buttonClasses("primary")}>
          Search
        </button>
      </Form>

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
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {rows.map((customer) => (
            <CustomerCard key={customer.email_key} customer={customer} />
          ))}
        </ul>
      )}

      {!failed && total > 0 ? <ListPages page={query.page} total={total} pageHref={linkTo} /> : null}
    </section>
  );
}

function CustomerCard({ customer }: { customer: AdminCustomer }) {
  const company = useCompany();
  const badge = customerBadge(customer.bookings);
  const headingId = `customer-${customer.email_key.replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="customer-card">
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold break-words">
          {customer.full_name}
        </h2>
        {badge ? <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_CLASSES[badge]}`}>{badge}</span> : null}
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
