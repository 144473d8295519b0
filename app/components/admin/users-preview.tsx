import { useCompany } from "~/components/company-context";
import { formatDateIn } from "~/domain/company-time";
import { CircleAlert } from "lucide-react";
import { Link } from "react-router";
import { userDisplayName, usersLoadFailedMessage, type UsersPreview as UsersPreviewData } from "~/domain/admin-accounts";
import { RoleBadge } from "./role-badge";

export const USERS_LOAD_FAILED = usersLoadFailedMessage(null);

/** The Users tab: the newest accounts with their roles (the first of /admin/users), and how many there are; null when they could not be read. */
export function UsersPreview({ preview }: { preview: UsersPreviewData | null }) {
  const company = useCompany();
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
              <span>Joined {formatDateIn(new Date(user.joinedAt), company.timeZone, "medium")}</span>
              {user.roles.map((role) => (
                <RoleBadge key={role} role={role} />
              ))}
            </div>
          </li>
        ))}
      </ul>
      <Link to="/admin/users" className="self-start text-sm font-medium text-blue-700 underline">
        All users
      </Link>
    </section>
  );
}
