import { ADMIN_BOOKINGS_PAGE_SIZE } from "./admin-list-pages";
import { searchedList, type SearchedListQuery } from "./searched-list-query";

/** Customers on one page of the customer database, as many as the bookings table shows. */
export const ADMIN_CUSTOMERS_PAGE_SIZE = ADMIN_BOOKINGS_PAGE_SIZE;

/** What a customer's total spent adds up, as the page says it. */
export const SPENT_RULE =
  "Total spent is the money collected from the customer: deposits and payments of their bookings, less refunds (tips are the crews' and not counted).";

/** A customer as the database groups them: every booking made with one email, in any letter case. */
export interface AdminCustomer {
  email_key: string;
  email: string;
  full_name: string;
  phone: string;
  last_booking_at: string;
  bookings: number;
  spent_cents: number;
}

/**
 * The page's state in the URL: `q` (name, email or phone), the sorted column and `page`. Without a
 * sort, the latest booking first.
 */
export const customersList = searchedList({ name: "asc", bookings: "desc", spent: "desc", last: "desc" });
export type AdminCustomerSort = (typeof customersList.columns)[number];
export type AdminCustomersQuery = SearchedListQuery<AdminCustomerSort>;
export const parseAdminCustomersQuery = customersList.parse;
export const adminCustomersSearch = customersList.search;

export const CUSTOMER_SORT_LABELS: Record<AdminCustomerSort, string> = {
  name: "Customer",
  bookings: "Bookings",
  spent: "Total spent",
  last: "Last booking",
};

/** 'VIP' after more than three bookings, 'New Customer' at exactly one. */
export function customerBadge(bookings: number): "VIP" | "New Customer" | null {
  if (bookings > 3) return "VIP";
  if (bookings === 1) return "New Customer";
  return null;
}

/** The bookings table searched for the customer's email. */
export function customerBookingsHref(customer: Pick<AdminCustomer, "email">): string {
  return `/admin/bookings?${new URLSearchParams({ q: customer.email }).toString()}`;
}
