import { ADMIN_CUSTOMERS_PAGE_SIZE, customersList, type AdminCustomer, type AdminCustomersQuery } from "~/domain/admin-customers";
import type { AppSupabaseClient } from "./supabase.server";

/**
 * One page of the customer database (most recent booking first, unless sorted) and how many customers match in all;
 * `failed` when they cannot be read. The database checks the caller may read customers.
 */
export async function listCustomers(
  supabase: AppSupabaseClient,
  query: AdminCustomersQuery,
): Promise<{ kind: "listed"; rows: AdminCustomer[]; total: number } | { kind: "failed"; cause: unknown }> {
  const search = query.q || undefined;
  const [page, count] = await Promise.all([
    supabase.rpc("admin_customers_page", {
      _search: search,
      _limit: ADMIN_CUSTOMERS_PAGE_SIZE,
      _offset: (query.page - 1) * ADMIN_CUSTOMERS_PAGE_SIZE,
      _sort: query.sort ?? undefined,
      _descending: customersList.direction(query) === "desc",
    }),
    supabase.rpc("admin_customers_count", { _search: search }),
  ]);
  if (page.error || count.error) return { kind: "failed", cause: page.error ?? count.error };
  return { kind: "listed", rows: page.data, total: count.data };
}
