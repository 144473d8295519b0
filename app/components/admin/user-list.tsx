import { formatCount } from "~/domain/counts";
import { useCompany } from "~/components/company-context";
import { formatDateIn } from "~/domain/company-time";
import { CircleAlert } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { initials } from "~/components/account-menu-parts";
import { buttonClasses } from "~/components/ui/button";
import {
  CONFIRMED,
  GRANT_ROLE_INTENT,
  MANAGED_ROLES,
  REVOKE_ROLE_INTENT,
  USER_SORT_LABELS,
  adminUsersSearch,
  roleActionLabel,
  roleChangeConfirmationSearch,
  roleChangeQuestion,
  usersList,
  type AdminUserSort,
  type AdminUsersQuery,
  type ManagedRole,
  type RoleChangeToConfirm,
} from "~/domain/admin-users";
import { userDisplayName, type AdminUser } from "~/domain/admin-accounts";
import { RoleBadge } from "./role-badge";
import { ListPages } from "./list-pages";
import { ListSearchForm } from "./list-search-form";
import { OneLine, SortHeader, SortLinks, type SortableColumn } from "./sortable-columns";

export interface UserListProps {
  query: AdminUsersQuery;
  users: AdminUser[];
  /** Accounts matching the search (all of them without one). */
  matching: number;
  /** Every account. */
  total: number;
  /** What to say when the list could not be read; null when it was. */
  failure: string | null;
  /** Whether the role changes are offered (admins: users:manage). */
  canManage: boolean;
  /** The role change the list asks to confirm; null when none. */
  toConfirm: RoleChangeToConfirm | null;
  /** The signed-in staff member, marked "you" in the list. */
  currentUserId: string;
  /** A search or another page is on its way (JavaScript only): the skeleton stands in for the list. */
  loading: boolean;
}

const usersHref = (query: AdminUsersQuery) => `/admin/users${adminUsersSearch(query)}`;

/**
 * Every account: a GET search form, then at 768px and wider a table whose name, email and joined
 * columns sort, below it a card per account; 25 a page. All in the URL, so it works without JavaScript.
 */
export function UserList({ query, users, matching, total, failure, canManage, toConfirm, currentUserId, loading }: UserListProps) {
  const column = (sort: AdminUserSort): SortableColumn => ({
    label: USER_SORT_LABELS[sort],
    direction: query.sort === sort ? usersList.direction(query) : null,
    to: usersHref(usersList.sorted(query, sort)),
  });
  const rowOf = (user: AdminUser): UserRowProps => ({
    user,
    query,
    canManage,
    confirming: toConfirm?.userId === user.id ? toConfirm.role : null,
    isYou: user.id === currentUserId,
  });

  return (
    <section aria-label="Users" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-stretch gap-4">
        <p className="flex min-w-40 flex-col rounded-lg border border-slate-200 bg-white p-4">
          <span className="text-sm text-slate-600">Total Users</span>
          <span className="text-2xl font-bold" data-testid="total-users">
            {failure ? "–" : formatCount(total)}
          </span>
        </p>
        <ListSearchForm id="users-search" query={query} placeholder="Name, email or phone" className="flex-1 basis-72" />
      </div>

      {loading ? (
        <UserListSkeleton />
      ) : failure ? (
        <p role="alert" className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          {failure}
        </p>
      ) : users.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          <p className="font-semibold text-slate-900">No Users Found</p>
          <p>{matching > 0 ? `This page is past the last user (${matching} in all).` : query.q ? `No account matches “${query.q}”.` : "No accounts yet."}</p>
        </div>
      ) : (
        <>
          <div className="hidden rounded-lg border border-slate-200 bg-white md:block">
            <table className="w-full table-fixed text-left text-sm">
              <colgroup>
                <col className={canManage ? "w-[18%]" : "w-[24%]"} />
                <col className={canManage ? "w-[21%]" : "w-[26%]"} />
                <col className={canManage ? "w-[14%]" : "w-[20%]"} />
                <col className={canManage ? "w-[11%]" : "w-[16%]"} />
                <col className={canManage ? "w-[12%]" : "w-[14%]"} />
                {canManage ? <col className="w-[24%]" /> : null}
              </colgroup>
              <thead className="text-slate-700">
                <tr className="[&>th]:sticky [&>th]:top-0 [&>th]:z-10 [&>th]:border-b [&>th]:border-slate-200 [&>th]:bg-slate-50">
                  <SortHeader column={column("name")} />
                  <SortHeader column={column("email")} />
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Phone and address
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Roles
                  </th>
                  <SortHeader column={column("joined")} />
                  {canManage ? (
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Change a role
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <UserTableRow key={user.id} {...rowOf(user)} />
                ))}
              </tbody>
            </table>
          </div>
          <SortLinks label="Sort users" columns={usersList.columns.map(column)} />
          <ul className="grid gap-4 md:hidden" aria-label="Users">
            {users.map((user) => (
              <UserCard key={user.id} {...rowOf(user)} />
            ))}
          </ul>
        </>
      )}

      {!failure && !loading && matching > 0 ? <ListPages page={query.page} total={matching} pageHref={(page) => usersHref({ ...query, page })} /> : null}
    </section>
  );
}

interface UserRowProps {
  user: AdminUser;
  query: AdminUsersQuery;
  canManage: boolean;
  /** The role whose change this account's confirmation asks about; null when it asks nothing. */
  confirming: ManagedRole | null;
  isYou: boolean;
}

function Avatar({ user, name, size }: { user: AdminUser; name: string; size: "sm" | "md" }) {
  const box = size === "sm" ? "size-8 text-xs" : "size-10 text-sm";
  // Decorative: the row or card is named by the name beside it.
  return user.avatarUrl ? (
    <img src={user.avatarUrl} alt="" width={40} height={40} loading="lazy" className={`${box} shrink-0 rounded-full bg-slate-100 object-cover`} />
  ) : (
    <span aria-hidden className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white`}>
      {initials(name)}
    </span>
  );
}

function RoleBadges({ user, name }: { user: AdminUser; name: string }) {
  return (
    <ul aria-label={`Roles of ${name}`} className="flex flex-wrap gap-1">
      {user.roles.map((role) => (
        <li key={role}>
          <RoleBadge role={role} />
        </li>
      ))}
    </ul>
  );
}

/** One line an account: the name (with "You"), email, phone with the address under it, roles, when it joined, and its role changes. */
function UserTableRow({ user, query, canManage, confirming, isYou }: UserRowProps) {
  const company = useCompany();
  const name = userDisplayName(user.fullName);
  return (
    <>
      <tr className="border-b border-slate-100 last:border-0 hover:bg-slate-50" data-testid="user-row">
        <th scope="row" className="px-3 py-2 font-normal">
          <span className="flex min-w-0 items-center gap-2">
            <Avatar user={user} name={name} size="sm" />
            <span className="min-w-0">
              <OneLine text={name} className="font-semibold text-slate-900" />
              {isYou ? <span className="block text-xs font-semibold text-slate-600 uppercase">You</span> : null}
            </span>
          </span>
        </th>
        <td className="px-3 py-2">{user.email ? <OneLine text={user.email} /> : null}</td>
        <td className="px-3 py-2">
          {user.phone ? <OneLine text={user.phone} /> : null}
          {user.address ? <OneLine text={user.address} className="text-xs text-slate-600" /> : null}
        </td>
        <td className="px-3 py-2">
          <RoleBadges user={user} name={name} />
        </td>
        <td className="px-3 py-2 whitespace-nowrap">{formatDateIn(new Date(user.joinedAt), company.timeZone, "medium")}</td>
        {canManage ? (
          <td className="px-3 py-2">
            <RoleChangeLinks user={user} query={query} />
          </td>
        ) : null}
      </tr>
      {canManage && confirming ? (
        <tr className="border-b border-slate-100">
          <td colSpan={6} className="px-3 pb-3">
            <RoleChangeConfirmation user={user} name={name} role={confirming} query={query} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function UserCard({ user, query, canManage, confirming, isYou }: UserRowProps) {
  const company = useCompany();
  const name = userDisplayName(user.fullName);
  const headingId = `user-${user.id}`;
  return (
    <li aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="user-card">
      <div className="flex items-start gap-3">
        <Avatar user={user} name={name} size="md" />
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {name}
          </h2>
          {isYou ? <p className="text-xs font-semibold text-slate-600 uppercase">You</p> : null}
          {user.email ? <p className="text-sm break-all text-slate-600">{user.email}</p> : null}
        </div>
      </div>
      <RoleBadges user={user} name={name} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Joined</dt>
        <dd>{formatDateIn(new Date(user.joinedAt), company.timeZone, "medium")}</dd>
        {user.phone ? (
          <>
            <dt className="text-slate-600">Phone</dt>
            <dd className="break-words">{user.phone}</dd>
          </>
        ) : null}
        {user.address ? (
          <>
            <dt className="text-slate-600">Address</dt>
            <dd className="break-words">{user.address}</dd>
          </>
        ) : null}
        {user.bio ? (
          <>
            <dt className="text-slate-600">Bio</dt>
            <dd className="break-words whitespace-pre-line">{user.bio}</dd>
          </>
        ) : null}
      </dl>
      {canManage && confirming ? (
        <RoleChangeConfirmation user={user} name={name} role={confirming} query={query} />
      ) : canManage ? (
        <div className="mt-auto border-t border-slate-100 pt-3">
          <RoleChangeLinks user={user} query={query} />
        </div>
      ) : null}
    </li>
  );
}

/** A muted link a role, granting it when the account lacks it and taking it back when held: each leads to its confirmation. */
function RoleChangeLinks({ user, query }: { user: AdminUser; query: AdminUsersQuery }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {MANAGED_ROLES.map((role) => (
        <Link
          key={role}
          to={`/admin/users${roleChangeConfirmationSearch(query, { userId: user.id, role })}`}
          preventScrollReset
          className={buttonClasses("outline", "xs")}
        >
          {roleActionLabel(role, user.roles.includes(role))}
        </Link>
      ))}
    </div>
  );
}

/** The second step of a role change: what it gives or takes away, Confirm (a plain POST with confirm=1) or Cancel (back to the list). */
function RoleChangeConfirmation({ user, name, role, query }: { user: AdminUser; name: string; role: ManagedRole; query: AdminUsersQuery }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("userId") === user.id;
  const held = user.roles.includes(role);
  const { question, consequence, button } = roleChangeQuestion(name, role, held);
  const questionId = `confirm-role-${user.id}`;
  return (
    <div role="group" aria-labelledby={questionId} className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p id={questionId} className="font-semibold text-slate-900">
        {question}
      </p>
      <p className="text-slate-700">{consequence}</p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={held ? REVOKE_ROLE_INTENT : GRANT_ROLE_INTENT} />
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="role" value={role} />
          <input type="hidden" name="confirm" value={CONFIRMED} />
          <button type="submit" disabled={sending} aria-busy={sending} className={buttonClasses("primary", "sm")}>
            {button}
          </button>
        </Form>
        <Link to={usersHref(query)} preventScrollReset className={buttonClasses("outline", "sm")}>
          Cancel
        </Link>
      </div>
    </div>
  );
}

/** Placeholder lines while the next list loads, announced once to screen readers. */
function UserListSkeleton() {
  return (
    <div role="status" aria-live="polite" data-testid="users-skeleton">
      <span className="sr-only">Loading users…</span>
      <ul aria-hidden className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index} className="flex items-center gap-3 px-3 py-3">
            <span className="size-8 shrink-0 rounded-full bg-slate-200 motion-safe:animate-pulse" />
            <span className="h-4 w-1/4 rounded bg-slate-200 motion-safe:animate-pulse" />
            <span className="h-3 w-1/4 rounded bg-slate-100 motion-safe:animate-pulse" />
            <span className="h-5 w-16 rounded-full bg-slate-100 motion-safe:animate-pulse" />
          </li>
        ))}
      </ul>
    </div>
  );
}
