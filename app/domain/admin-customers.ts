import { z } from "zod";
import { ADMIN_BOOKINGS_PAGE_SIZE } from "./admin-bookings-query";

/** Customers on one page of the customer database, as many as the bookings table shows. */
export const ADMIN_CUSTOMERS_PAGE_SIZE = ADMIN_BOOKINGS_PAGE_SIZE;

/** What a customer's total spent adds up, as the page says it. */
export const SPENT_RULE =
  "Total spent counts each completed move at its final cost (else its estimate) and, for any other booking, a deposit that was paid and not refunded.";

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

const MAX_SEARCH_LENGTH = 200;
const MAX_PAGE = 1_000_000;

/** Each search param on its own: a bad value falls back to its default. */
const adminCustomersQuerySchema = z.object({
  q: z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().max(MAX_SEARCH_LENGTH))
    .catch(""),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
});

export type AdminCustomersQuery = z.infer<typeof adminCustomersQuerySchema>;

/** The page's state from the URL; never throws. */
export function parseAdminCustomersQuery(params: URLSearchParams): AdminCustomersQuery {
  return adminCustomersQuerySchema.parse({ q: params.get("q") ?? "", page: params.get("page") ?? 1 });
}

/** The search params for a page of the list, keeping the search; defaults left out. */
export function adminCustomersSearch(query: AdminCustomersQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

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
