import { NotBuiltYet } from "~/components/admin/not-built-yet";
import type { Route } from "./+types/pending";

export const meta: Route.MetaFunction = () => [{ title: "Pending Bookings · Admin" }];

export default function AdminPending() {
  return <NotBuiltYet title="Pending Bookings" what="the bookings awaiting confirmation" />;
}
