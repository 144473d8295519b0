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
  adminGrantConfirmationSearch,
  adminUsersSearch,
  roleActionLabel,
  userDisplayName,
  type AdminUser,
  type AdminUsersQuery,
  type ManagedRole,
} from "~/domain/admin-users";
import { RoleBadge } from "./role-badge";
import { ListPages } from "./list-pages";

export interface UserListProps {
  query: AdminUsersQuery;
  users: AdminUser[];
  /** Accounts matching the search (all of them without one). */
  matching: number;
  /** Every account. */
  total: number;
  /** What to say when the list could not be read; null when it was. */
  failure: string | null;
  /** Whether the role forms are shown (admins: users:manage). */
  canManage: boolean;
  /** The account whose card asks to confirm making it an admin; null when none does. */
  confirmAdminFor: string | null;
  /** The signed-in staff member, marked "you" in the list. */
  currentUserId: string;
  /** A search or another page is on its way (JavaScript only): the skeleton stands in for the list. */
  loading: boolean;
}

/** Every account: a GET search form, a card per account, 25 a page; all in the URL, so it works without JavaScript. */
export function UserList({ query, users, matching, total, failure, canManage, confirmAdminFor, currentUserId, loading }: UserListProps) {
  const linkTo = (page: number) => `/admin/users${adminUsersSearch({ ...query, page })}`;

  return (
    <section aria-label="Users" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-stretch gap-4">
        <p className="flex min-w-40 flex-col rounded-lg border border-slate-200 bg-white p-4">
          <span className="text-sm text-slate-600">Total Users</span>
          <span className="text-2xl font-bold" data-testid="total-users">
            {failure ? "–" : total.toLocaleString("en-US")}
          </span>
        </p>
        <Form method="get" className="flex flex-1 basis-72 flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium">
            <label htmlFor="users-search">Search</label>
            <input
              id="users-search"
              type="search"
              name="q"
              defaultValue={query.q}
              maxLength={200}
              placeholder="Name, email or phone"
              className="h-10 rounded-lg border border-slate-300 px-3 font-normal"
            />
          </div>
          <button type="submit" className={buttonClasses("primary")}>
            Search
          </button>
        </Form>
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
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {users.map((user) => (
            <UserCard
              key={user.id}
              user={user}
              query={query}
              canManage={canManage}
              confirmingAdmin={user.id === confirmAdminFor && !user.roles.includes("admin")}
              isYou={user.id === currentUserId}
            />
          ))}
        </ul>
      )}

      {!failure && !loading && matching > 0 ? <ListPages page={query.page} total={matching} pageHref={linkTo} /> : null}
    </section>
  );
}

interface UserCardProps {
  user: AdminUser;
  query: AdminUsersQuery;
  canManage: boolean;
  /** The card asks to confirm making the account an admin, in place of its role buttons. */
  confirmingAdmin: boolean;
  isYou: boolean;
}

function UserCard({ user, query, canManage, confirmingAdmin, isYou }: UserCardProps) {
  const company = useCompany();
  const name = userDisplayName(user.fullName);
  const headingId = `user-${user.id}`;
  return (
    <li aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="user-card">
      <div className="flex items-start gap-3">
        {user.avatarUrl ? (
          // Decorative: the card is named by the heading beside it.
          <img src={user.avatarUrl} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-full bg-slate-100 object-cover" />
        ) : (
          <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
            {initials(name)}
          </span>
        )}
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {name}
          </h2>
          {isYou ? <p className="text-xs font-semibold text-slate-600 uppercase">You</p> : null}
          {user.email ? <p className="text-sm break-all text-slate-600">{user.email}</p> : null}
        </div>
      </div>
      <ul aria-label={`Roles of ${name}`} className="flex flex-wrap gap-2">
        {user.roles.map((role) => (
          <li key={role}>
            <RoleBadge role={role} />
          </li>
        ))}
      </ul>
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
      {canManage && confirmingAdmin ? (
        <AdminGrantConfirmation user={user} name={name} query={query} />
      ) : canManage ? (
        <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          {MANAGED_ROLES.map((role) =>
            role === "admin" && !user.roles.includes(role) ? (
              // Making an admin is asked twice: this leads to the confirmation, a page of its own.
              <Link key={role} to={`/admin/users${adminGrantConfirmationSearch(query, user.id)}`} preventScrollReset className={buttonClasses("primary", "sm")}>
                {roleActionLabel(role, false)}
              </Link>
            ) : (
              <RoleForm key={role} user={user} role={role} />
            ),
          )}
        </div>
      ) : null}
    </li>
  );
}

/** Grants the role when the account lacks it, revokes it when held: a plain POST to the page's action. */
function RoleForm({ user, role }: { user: AdminUser; role: ManagedRole }) {
  const held = user.roles.includes(role);
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("userId") === user.id && navigation.formData.get("role") === role;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={held ? REVOKE_ROLE_INTENT : GRANT_ROLE_INTENT} />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="role" value={role} />
      <button type="submit" disabled={sending} aria-busy={sending} className={buttonClasses(held ? "outline" : "primary", "sm")}>
        {roleActionLabel(role, held)}
      </button>
    </Form>
  );
}

/** The second step of making an account an admin: what it grants, Confirm (a plain POST with confirm=1) or Cancel (back to the list). */
function AdminGrantConfirmation({ user, name, query }: { user: AdminUser; name: string; query: AdminUsersQuery }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("userId") === user.id;
  const questionId = `confirm-admin-${user.id}`;
  return (
    <div role="group" aria-labelledby={questionId} className="mt-auto flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p id={questionId} className="font-semibold text-slate-900">
        Make {name} an admin?
      </p>
      <p className="text-slate-700">An admin can change every booking, the company&apos;s settings and everyone&apos;s roles.</p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={GRANT_ROLE_INTENT} />
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="role" value="admin" />
          <input type="hidden" name="confirm" value={CONFIRMED} />
          <button type="submit" disabled={sending} aria-busy={sending} className={buttonClasses("primary", "sm")}>
            Confirm: make admin
          </button>
        </Form>
        <Link to={`/admin/users${adminUsersSearch(query)}`} preventScrollReset className={buttonClasses("outline", "sm")}>
          Cancel
        </Link>
      </div>
    </div>
  );
}

/** Placeholder cards while the next list loads, announced once to screen readers. */
function UserListSkeleton() {
  return (
    <div role="status" aria-live="polite" data-testid="users-skeleton">
      <span className="sr-only">Loading users…</span>
      <ul aria-hidden className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex items-center gap-3">
              <span className="size-10 shrink-0 rounded-full bg-slate-200 motion-safe:animate-pulse" />
              <span className="flex flex-1 flex-col gap-2">
                <span className="h-4 w-2/3 rounded bg-slate-200 motion-safe:animate-pulse" />
                <span className="h-3 w-1/2 rounded bg-slate-100 motion-safe:animate-pulse" />
              </span>
            </div>
            <span className="h-5 w-24 rounded-full bg-slate-100 motion-safe:animate-pulse" />
            <span className="h-3 w-3/4 rounded bg-slate-100 motion-safe:animate-pulse" />
          </li>
        ))}
      </ul>
    </div>
  );
}
