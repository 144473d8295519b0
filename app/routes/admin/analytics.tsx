import { NotBuiltYet } from "~/components/admin/not-built-yet";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () => [{ title: "Analytics · Admin" }];

export default function AdminAnalytics() {
  return <NotBuiltYet title="Analytics" what="revenue, bookings and the services customers choose, month by month" />;
}
