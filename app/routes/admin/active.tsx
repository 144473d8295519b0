import { NotBuiltYet } from "~/components/admin/not-built-yet";
import type { Route } from "./+types/active";

export const meta: Route.MetaFunction = () => [{ title: "Active Moves · Admin" }];

export default function AdminActive() {
  return <NotBuiltYet title="Active Moves" what="the confirmed moves and those under way" />;
}
