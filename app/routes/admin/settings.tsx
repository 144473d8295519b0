import { NotBuiltYet } from "~/components/admin/not-built-yet";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Admin" }];

export default function AdminSettings() {
  return <NotBuiltYet title="Settings" what="the company's settings, which take effect when saved" />;
}
