import { data, redirect, useNavigation } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { UserList } from "~/components/admin/user-list";
import { requestContext, sessionContext } from "~/context";
import {
  GRANT_ROLE_INTENT,
  ROLE_MESSAGES,
  adminUsersSearch,
  needsConfirmation,
  parseAdminUsersQuery,
  roleChangeConfirmationSearch,
  roleChangeSchema,
  roleChangeToConfirm,
} from "~/domain/admin-users";
import { accountName, usersLoadFailedMessage, type AdminUser } from "~/domain/admin-accounts";
import { hasPermission } from "~/domain/permissions";
import { ensurePermission } from "~/middleware/guards.server";
import { changeUserRole, listUsers } from "~/services/admin-users.server";
import { readFormBody } from "~/services/form-body.server";
import { currentAccount } from "~/services/session.server";
import { setToast } from "~/services/toast.server";
import type { Route } from "./+types/users";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Users · Admin", matches);

/**
 * A page of accounts for the URL's search and page, for staff who may read users; the role forms only
 * for those who may manage them. When the database fails the page still renders, saying why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await ensurePermission(request, context, "users:read");
  const session = context.get(sessionContext);
  const params = new URL(request.url).searchParams;
  const query = parseAdminUsersQuery(params);
  const [listed, roles] = await Promise.all([listUsers(session.supabase, query), session.roles()]);
  let users: AdminUser[] = [];
  let matching = 0;
  let total = 0;
  let failure: string | null = null;
  if (listed.kind === "listed") ({ users, matching, total } = listed);
  else {
    context.get(requestContext).logger.error({ err: listed.cause }, "could not list users");
    failure = usersLoadFailedMessage(listed.databaseMessage);
  }
  const canManage = hasPermission(roles, "users:manage");
  // The role change the list asks to confirm (admins only).
  const toConfirm = canManage ? roleChangeToConfirm(params) : null;
  return { query, users, matching, total, failure, canManage, toConfirm, currentUserId: user.id };
}

/**
 * A user's role form: only admins (users:manage), through the database's set_user_role, which checks
 * again, keeps at least one admin and writes the history row. Every change needs `confirm=1`; without
 * it the post leads to the list asking to confirm. Back to the same search, sort and page with a
 * message saying what happened or why nothing did.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await ensurePermission(request, context, "users:manage");
  const form = await readFormBody(request);
  const parsed = roleChangeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data("Choose an account and the admin or moderator role.", { status: 400 });
  const { userId, role, intent } = parsed.data;
  const granted = intent === GRANT_ROLE_INTENT;
  const query = parseAdminUsersQuery(new URL(request.url).searchParams);
  // Not yet confirmed: to the page that asks, nothing changed.
  if (needsConfirmation(parsed.data)) return redirect(`/admin/users${roleChangeConfirmationSearch(query, { userId, role })}`);

  const result = await changeUserRole(context.get(sessionContext).supabase, { userId, role, granted });
  switch (result.kind) {
    case "done": {
      const name = accountName(result.fullName, result.email);
      if (result.changed) {
        const description = granted ? ROLE_MESSAGES.granted(name, role) : ROLE_MESSAGES.revoked(name, role);
        await setToast(context, { type: "success", title: ROLE_MESSAGES.updated, description });
      } else {
        const description = granted ? ROLE_MESSAGES.alreadyHeld(name, role) : ROLE_MESSAGES.notHeld(name, role);
        await setToast(context, { type: "info", title: ROLE_MESSAGES.unchanged, description });
      }
      break;
    }
    case "forbidden":
      throw data({ account: await currentAccount(context) }, { status: 403 });
    case "own-admin-role":
      await setToast(context, { type: "error", title: ROLE_MESSAGES.ownAdminRole });
      break;
    case "last-admin":
      await setToast(context, { type: "error", title: ROLE_MESSAGES.lastAdmin });
      break;
    case "not-found":
      await setToast(context, { type: "error", title: ROLE_MESSAGES.notFound });
      break;
    case "failed":
      context.get(requestContext).logger.error({ err: result.cause, userId, role, granted }, "could not change a user's role");
      await setToast(context, { type: "error", title: ROLE_MESSAGES.failed });
      break;
  }
  return redirect(`/admin/users${adminUsersSearch(query)}`);
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // With JavaScript, a search or another page of this list shows the skeleton until it arrives (a role
  // form's post keeps the list in place while the page reloads after it).
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/users" && navigation.formMethod !== "POST";
  return (
    <>
      <AdminPageHeading
        title="Users"
        description={
          loaderData.canManage
            ? "Every account with its roles, newest first unless sorted. Make someone an admin or a moderator, or take the role back: each change is confirmed first."
            : "Every account with its roles, newest first unless sorted."
        }
      />
      <UserList {...loaderData} loading={loading} />
    </>
  );
}
