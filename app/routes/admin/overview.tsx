import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard" }];

export default function AdminOverview() {
  return <AdminPageHeading title="Admin Dashboard" description="Bookings, customers and the website at a glance." />;
}
