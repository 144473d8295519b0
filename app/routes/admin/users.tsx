import { NotBuiltYet } from "~/components/admin/not-built-yet";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users · Admin" }];

export default function AdminUsers() {
  return <NotBuiltYet title="Users" what="every account with its roles" />;
}
