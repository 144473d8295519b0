import type { AppRole } from "~/domain/roles";

/** Admin in the destructive style, moderator secondary, any other role outlined. */
const ROLE_BADGE_CLASSES: Record<AppRole, string> = {
  admin: "border-red-700 bg-red-700 text-white",
  moderator: "border-slate-200 bg-slate-200 text-slate-900",
  user: "border-slate-300 bg-white text-slate-700",
};

/** One role of an account, as a small badge: the same on /admin/users and the Users tab of /admin. */
export function RoleBadge({ role }: { role: AppRole }) {
  return <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${ROLE_BADGE_CLASSES[role]}`}>{role}</span>;
}
