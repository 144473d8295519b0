import { NotBuiltYet } from "~/components/admin/not-built-yet";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => [{ title: "Customer Database · Admin" }];

export default function AdminCustomers() {
  return <NotBuiltYet title="Customer Database" what="every customer with what they spent and how often they booked" />;
}
