import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { CustomerList } from "~/components/admin/customer-list";
import { requestContext, sessionContext } from "~/context";
import { parseAdminCustomersQuery } from "~/domain/admin-customers";
import { ensurePermission } from "~/middleware/guards.server";
import { listCustomers } from "~/services/admin-customers.server";
import type { Route } from "./+types/customers";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Customer Database · Admin", matches);

/** A page of customers for the URL's search and page; when the database fails the page still renders, saying so. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "customers:read");
  const query = parseAdminCustomersQuery(new URL(request.url).searchParams);
  const listed = await listCustomers(context.get(sessionContext).supabase, query);
  if (listed.kind === "failed") {
    context.get(requestContext).logger.error({ err: listed.cause }, "could not list customers");
    return { query, rows: [], total: 0, failed: true };
  }
  return { query, rows: listed.rows, total: listed.total, failed: false };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeading title="Customer Database" description="Everyone who booked, grouped by email, the most recent booking first unless sorted." />
      <CustomerList {...loaderData} />
    </>
  );
}
