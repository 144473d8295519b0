import { CircleAlert } from "lucide-react";
import { userDisplayName, type UsersPreview as UsersPreviewData } from "~/domain/admin-dashboard";
import { COMPANY } from "~/domain/company";
import type { AppRole } from "~/domain/roles";

export const USERS_LOAD_FAILED = "An unexpected error occurred while loading users.";

const joinedDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: COMPANY.timeZone });

const ROLE_BADGE: Record<AppRole, string> = {
  admin: "bg-red-100 text-red-800",
  moderator: "bg-amber-100 text-amber-900",
  user: "bg-slate-100 text-slate-700",
};

/** The Users tab: the newest accounts with their roles, and how many there are; null when they could not be read. */
export function UsersPreview({ preview }: { preview: UsersPreviewData | null }) {
  if (!preview) {
    return (
      <p role="alert" className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        <CircleAlert aria-hidden className="size-5 shrink-0" />
        {USERS_LOAD_FAILED}
      </p>
    );
  }
  return (
    <section aria-labelledby="users-preview-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="users-preview-heading" className="text-xl font-semibold">
          Users
        </h2>
        <p className="text-sm text-slate-600">
          Showing {preview.users.length} of {preview.total} users
        </p>
      </div>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {preview.users.map((user) => (
          <li key={user.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="truncate font-medium">{userDisplayName(user.fullName)}</p>
              <p className="truncate text-sm text-slate-600">{user.email}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span>Joined {joinedDate.format(new Date(user.joinedAt))}</span>
              {user.roles.map((role) => (
                <span key={role} className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ROLE_BADGE[role]}`}>
                  {role}
                </span>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
