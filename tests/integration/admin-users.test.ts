import { createClient, type PostgrestError } from "@supabase/supabase-js";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUser } from "../../app/domain/admin-accounts.ts";
import { ADMIN_USERS_PAGE_SIZE, parseAdminUsersQuery } from "../../app/domain/admin-users.ts";
import type { AppRole } from "../../app/domain/roles.ts";
import type { Route } from "../../app/routes/admin/+types/users.ts";
import { listUsers } from "../../app/services/admin-users.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, startTestApp, withOwnClient, type RouteOutcome, type SignedInVisitor, type TestApp } from "./support/app-client.ts";

// /admin/users reads every profile with its email and roles through admin_users_page and
// admin_users_count, and admins grant and revoke the admin and moderator roles through
// set_user_role, which writes one user_role_changes row per change. Every listing is checked against
// the profiles as seeded here; every refusal leaves the roles and the history as they were.

/** A signed-in person: their browser, and their own Supabase client for the database's answers to them. */
type Person = SignedInVisitor & { client: AppSupabaseClient };

let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let admin: Person;
let moderator: Person;
let customer: Person;

interface Seeded {
  id: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  address: string | null;
  bio: string | null;
  joinedAt: string;
}

const PEOPLE = 30;
const seeded: Seeded[] = [];
const SURNAMES = ["Avery", "Blake", "Castillo"] as const;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  [admin, moderator, customer] = await Promise.all([
    signIn(app, "admin", { label: "users-admin", fullName: "Ada Admin" }).then(withOwnClient),
    signIn(app, "moderator", { label: "users-moderator", fullName: "Mo Moderator" }).then(withOwnClient),
    signIn(app, "customer", { label: "users-customer", fullName: "Cam Customer" }).then(withOwnClient),
  ]);
  // Thirty accounts who joined an hour apart before the staff: some unnamed, some with a phone, an address or a bio.
  for (let index = 0; index < PEOPLE; index++) {
    const fullName = index % 7 === 3 ? null : `Jordan ${SURNAMES[index % 3]} ${index}`;
    const email = uniqueEmail(`person${index}`);
    const user = await backend.adminCreateUser(email, "Correct-Horse-9", fullName ? { full_name: fullName } : {});
    const person: Seeded = {
      id: user.id,
      email,
      fullName,
      phone: index % 2 === 1 ? `770-555-${String(1000 + index)}` : null,
      address: index % 3 === 0 ? `${index} Peachtree St, Atlanta, GA` : null,
      bio: index % 5 === 0 ? `Moved ${index} times.` : null,
      joinedAt: new Date(Date.now() - (index + 1) * 3_600_000).toISOString(),
    };
    const { error } = await service
      .from("profiles")
      .update({ phone: person.phone, address: person.address, bio: person.bio, created_at: person.joinedAt })
      .eq("user_id", user.id);
    if (error) throw error;
    seeded.push(person);
  }
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

/** Every account as the page must list it, read here from the stored profiles and roles, newest first. */
async function everyAccount(): Promise<AdminUser[]> {
  const profiles = await service.from("profiles").select("user_id, full_name, phone, address, bio, created_at");
  const roles = await service.from("user_roles").select("user_id, role");
  if (profiles.error || roles.error) throw profiles.error ?? roles.error;
  const emails = new Map(seeded.map((person) => [person.id, person.email]));
  for (const who of [admin, moderator, customer]) emails.set(who.user.id, who.user.email!);
  const order: AppRole[] = ["admin", "moderator", "user"];
  return profiles.data
    .map((row) => ({
      id: row.user_id,
      fullName: row.full_name,
      email: emails.get(row.user_id) ?? null,
      avatarUrl: null,
      phone: row.phone,
      address: row.address,
      bio: row.bio,
      joinedAt: new Date(row.created_at).toISOString(),
      roles: roles.data
        .filter((role) => role.user_id === row.user_id)
        .map((role) => role.role as AppRole)
        .sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    }))
    .sort((a, b) => Date.parse(b.joinedAt) - Date.parse(a.joinedAt) || (a.id < b.id ? 1 : -1));
}

/** The page /admin/users lists for these search params, as the database answers it to `who`. */
async function page(search: string, who: Person = admin) {
  const listed = await listUsers(who.client, parseAdminUsersQuery(new URLSearchParams(search)));
  if (listed.kind !== "listed") throw new Error(`the users could not be listed: ${listed.databaseMessage}`);
  return { ...listed, users: listed.users.map((user) => ({ ...user, joinedAt: new Date(user.joinedAt).toISOString() })) };
}

async function rolesOf(userId: string): Promise<string[]> {
  const { data, error } = await service.from("user_roles").select("role").eq("user_id", userId).order("role");
  if (error) throw error;
  return data.map((row) => row.role as string);
}

async function historyOf(userId: string) {
  const { data, error } = await service.from("user_role_changes").select("changed_by, user_id, role, granted, changed_at").eq("user_id", userId).order("id");
  if (error) throw error;
  return data;
}

const setRole = (who: Person, userId: string, role: AppRole, granted: boolean) =>
  who.client.rpc("set_user_role", { _user_id: userId, _role: role, _granted: granted });

describe("the list of users", () => {
  it("lists every account newest first with name, email, joined date, roles and what the profile holds, 25 a page", async () => {
    const expected = await everyAccount();
    expect(expected).toHaveLength(PEOPLE + 3);
    const first = await page("");
    expect(first.total).toBe(PEOPLE + 3);
    expect(first.matching).toBe(PEOPLE + 3);
    expect(first.users).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(first.users).toEqual(expected.slice(0, ADMIN_USERS_PAGE_SIZE));
    expect((await page("page=2")).users).toEqual(expected.slice(ADMIN_USERS_PAGE_SIZE));
    expect((await page("page=3")).users).toEqual([]);
    expect((await page("page=3")).total).toBe(PEOPLE + 3);

    // What a few of them hold, independently of the reading above.
    const byId = new Map(first.users.concat((await page("page=2")).users).map((user) => [user.id, user]));
    expect(byId.get(admin.user.id)).toMatchObject({ fullName: "Ada Admin", email: admin.user.email, roles: ["admin", "user"] });
    expect(byId.get(moderator.user.id)?.roles).toEqual(["moderator", "user"]);
    expect(byId.get(customer.user.id)?.roles).toEqual(["user"]);
    const third = seeded[3]!;
    expect(byId.get(third.id)).toEqual({ ...third, avatarUrl: null, roles: ["user"] });
    expect(byId.get(seeded[15]!.id)).toMatchObject({
      fullName: "Jordan Avery 15",
      phone: "770-555-1015",
      address: "15 Peachtree St, Atlanta, GA",
      bio: "Moved 15 times.",
    });
    // Seeded an hour apart, the earlier-seeded joined later: they come first.
    const seededOrder = first.users.filter((user) => seeded.some((person) => person.id === user.id)).map((user) => user.id);
    expect(seededOrder).toEqual(seeded.slice(0, seededOrder.length).map((person) => person.id));
  });

  it("searches names, emails and phones case-insensitively, paging within the search, beside the total", async () => {
    const byName = await page("q=jordan+BLAKE");
    expect(byName.users.map((user) => user.id)).toEqual(seeded.filter((person) => person.fullName?.startsWith("Jordan Blake")).map((person) => person.id));
    expect(byName.matching).toBe(byName.users.length);
    expect(byName.total).toBe(PEOPLE + 3);

    const byEmail = await page(`q=${encodeURIComponent(seeded[12]!.email.toUpperCase())}`);
    expect(byEmail.users.map((user) => user.id)).toEqual([seeded[12]!.id]);

    const byPhone = await page("q=555-1021");
    expect(byPhone.users.map((user) => user.id)).toEqual([seeded[21]!.id]);

    // Every seeded account's email contains "person": 30 matches, two pages.
    const everyone = await page("q=person");
    expect(everyone.matching).toBe(PEOPLE);
    expect(everyone.users).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect((await page("q=person&page=2")).users.map((user) => user.id)).toEqual(seeded.slice(ADMIN_USERS_PAGE_SIZE).map((person) => person.id));

    // Wildcards are searched for as themselves.
    expect((await page("q=%25")).matching).toBe(0);
    expect((await page("q=_")).matching).toBe(0);
    expect((await page("q=nobody+like+this")).users).toEqual([]);
  });

  it("sorts by name (the unnamed last), email and joined date, both ways, paging within the order", async () => {
    const every = await everyAccount();
    const byId = (a: AdminUser, b: AdminUser) => (a.id < b.id ? -1 : 1);
    const named = (user: AdminUser) => user.fullName?.trim().toLowerCase() ?? null;
    const orders: Record<string, (a: AdminUser, b: AdminUser) => number> = {
      name: (a, b) => {
        const [x, y] = [named(a), named(b)];
        if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
        return x < y ? -1 : x > y ? 1 : 0;
      },
      email: (a, b) => (a.email!.toLowerCase() < b.email!.toLowerCase() ? -1 : a.email!.toLowerCase() > b.email!.toLowerCase() ? 1 : 0),
      joined: (a, b) => Date.parse(a.joinedAt) - Date.parse(b.joinedAt),
    };
    const sansAvatar = (users: AdminUser[]) => users.map((user) => ({ ...user, avatarUrl: null }));
    for (const [sort, compare] of Object.entries(orders)) {
      for (const dir of ["asc", "desc"] as const) {
        const wanted = [...every].sort((a, b) => (dir === "asc" ? 1 : -1) * (compare(a, b) || byId(a, b)));
        const listed = [...(await page(`sort=${sort}&dir=${dir}`)).users, ...(await page(`sort=${sort}&dir=${dir}&page=2`)).users];
        expect(sansAvatar(listed), `${sort} ${dir}`).toEqual(wanted);
      }
    }
    // The joined column's first click is the newest first; a sort the database does not know is refused.
    expect((await page("sort=joined")).users[0]!.id).toBe(every[0]!.id);
    expect((await admin.client.rpc("admin_users_page", { _sort: "p.created_at; select 1" })).error?.code).toBe("22023");
  });

  it("shows an avatar only when it is a file in the account's own folder of the avatars bucket", async () => {
    const [own, foreign] = [seeded[0]!, seeded[1]!];
    const ownUrl = service.storage.from("avatars").getPublicUrl(`${own.id}/avatar-1.webp`).data.publicUrl;
    await service.from("profiles").update({ avatar_url: ownUrl }).eq("user_id", own.id);
    await service.from("profiles").update({ avatar_url: "https://tracker.example/pixel.png" }).eq("user_id", foreign.id);
    try {
      const listed = (await page("q=person")).users;
      expect(listed.find((user) => user.id === own.id)?.avatarUrl).toBe(ownUrl);
      expect(listed.find((user) => user.id === foreign.id)?.avatarUrl).toBeNull();
    } finally {
      await service.from("profiles").update({ avatar_url: null }).in("user_id", [own.id, foreign.id]);
    }
  });

  it("follows an account's new email", async () => {
    const person = seeded[29]!;
    const changed = uniqueEmail("renamed");
    const { error } = await service.auth.admin.updateUserById(person.id, { email: changed, email_confirm: true });
    expect(error).toBeNull();
    expect((await page(`q=${encodeURIComponent(changed)}`)).users.map((user) => user.email)).toEqual([changed]);
    person.email = changed;
  });

  it("is read by moderators too, and by nobody else", async () => {
    expect((await page("", moderator)).total).toBe(PEOPLE + 3);
    for (const call of [customer.client.rpc("admin_users_page", {}), customer.client.rpc("admin_users_count", {})]) {
      const { data, error } = await call;
      expect(data).toBeNull();
      expect(error?.code).toBe("42501");
    }
    const anon = backend.createClient();
    expect((await anon.rpc("admin_users_page", {})).data).toBeNull();
  });
});

describe("granting and revoking roles", () => {
  it("grants and revokes moderator as an admin, one history row each, and nothing for a change that changes nothing", async () => {
    const target = seeded[4]!;
    const granted = await setRole(admin, target.id, "moderator", true);
    expect(granted.error).toBeNull();
    expect(granted.data).toEqual([{ changed: true, full_name: target.fullName, email: target.email }]);
    expect(await rolesOf(target.id)).toEqual(["moderator", "user"]);
    const [row, ...more] = await historyOf(target.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ changed_by: admin.user.id, user_id: target.id, role: "moderator", granted: true });
    expect(Date.now() - Date.parse(row!.changed_at)).toBeLessThan(60_000);

    // Granting what is held changes nothing and records nothing.
    const again = await setRole(admin, target.id, "moderator", true);
    expect(again.data).toEqual([{ changed: false, full_name: target.fullName, email: target.email }]);
    expect(await historyOf(target.id)).toHaveLength(1);

    const revoked = await setRole(admin, target.id, "moderator", false);
    expect(revoked.data).toEqual([{ changed: true, full_name: target.fullName, email: target.email }]);
    expect(await rolesOf(target.id)).toEqual(["user"]);
    const history = await historyOf(target.id);
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({ changed_by: admin.user.id, role: "moderator", granted: false });

    // Revoking what is not held changes nothing and records nothing.
    expect((await setRole(admin, target.id, "moderator", false)).data).toEqual([{ changed: false, full_name: target.fullName, email: target.email }]);
    expect(await historyOf(target.id)).toHaveLength(2);
  });

  it("makes another admin, who may then manage roles, and takes it back", async () => {
    const target = seeded[5]!;
    expect((await setRole(admin, target.id, "admin", true)).error).toBeNull();
    expect(await rolesOf(target.id)).toEqual(["admin", "user"]);
    expect((await setRole(admin, target.id, "admin", false)).error).toBeNull();
    expect(await rolesOf(target.id)).toEqual(["user"]);
    expect((await historyOf(target.id)).map((row) => [row.role, row.granted])).toEqual([
      ["admin", true],
      ["admin", false],
    ]);
  });

  it("refuses an admin revoking their own admin role", async () => {
    const { data, error } = await setRole(admin, admin.user.id, "admin", false);
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: "23514", message: "You cannot revoke your own admin role.", details: "own_admin_role" });
    expect(await rolesOf(admin.user.id)).toEqual(["admin", "user"]);
    expect(await historyOf(admin.user.id)).toEqual([]);
  });

  it("refuses the user role, and accounts that do not exist", async () => {
    expect((await setRole(admin, seeded[6]!.id, "user", false)).error?.code).toBe("22023");
    expect(await rolesOf(seeded[6]!.id)).toEqual(["user"]);
    expect((await setRole(admin, "00000000-0000-4000-8000-000000000000", "moderator", true)).error?.code).toBe("P0002");
  });

  it("refuses moderators, customers and guests, changing nothing", async () => {
    const target = seeded[7]!;
    for (const who of [moderator, customer]) {
      const { data, error } = await setRole(who, target.id, "moderator", true);
      expect(data).toBeNull();
      expect(error?.code).toBe("42501");
    }
    const moderatorRevokingAdmin = await setRole(moderator, admin.user.id, "admin", false);
    expect(moderatorRevokingAdmin.error?.code).toBe("42501");
    const guest = await backend.createClient().rpc("set_user_role", { _user_id: target.id, _role: "admin", _granted: true });
    expect(guest.error).not.toBeNull();
    expect(await rolesOf(target.id)).toEqual(["user"]);
    expect(await rolesOf(admin.user.id)).toEqual(["admin", "user"]);
    expect(await historyOf(target.id)).toEqual([]);
    expect(await historyOf(admin.user.id)).toEqual([]);
  });

  it("takes no role and no history written straight through the API, whoever's token it is", async () => {
    const target = seeded[8]!;
    const expectPermissionDenied = (error: PostgrestError | null, table: string) =>
      expect(error).toMatchObject({ code: "42501", message: `permission denied for table ${table}` });
    for (const who of [customer, moderator, admin]) {
      expectPermissionDenied((await who.client.from("user_roles").insert({ user_id: who.user.id, role: "admin" })).error, "user_roles");
      expectPermissionDenied((await who.client.from("user_roles").insert({ user_id: target.id, role: "moderator" })).error, "user_roles");
      expectPermissionDenied((await who.client.from("user_roles").delete().eq("user_id", admin.user.id)).error, "user_roles");
      expectPermissionDenied(
        (await who.client.from("user_role_changes").insert({ changed_by: who.user.id, user_id: target.id, role: "admin", granted: true })).error,
        "user_role_changes",
      );
    }
    expect(await rolesOf(customer.user.id)).toEqual(["user"]);
    expect(await rolesOf(target.id)).toEqual(["user"]);
    expect(await rolesOf(admin.user.id)).toEqual(["admin", "user"]);
    expect(await historyOf(target.id)).toEqual([]);
  });

  it("shows the history to staff who read users, and to nobody else", async () => {
    const target = seeded[4]!;
    expect((await moderator.client.from("user_role_changes").select("role, granted").eq("user_id", target.id)).data).toHaveLength(2);
    expect((await admin.client.from("user_role_changes").select("role, granted").eq("user_id", target.id)).data).toHaveLength(2);
    expect((await customer.client.from("user_role_changes").select("role").eq("user_id", target.id)).data).toEqual([]);
    expect((await backend.createClient().from("user_role_changes").select("role")).error?.code).toBe("42501");
  });

  it("leaves a former admin, whose role another admin revoked, unable to revoke anyone's", async () => {
    const other = seeded[9]!;
    // Signed in as an admin, then their role is revoked: their token no longer manages roles.
    expect((await setRole(admin, other.id, "admin", true)).error).toBeNull();
    const former = createClient(backend.url, backend.anonKey, { auth: { persistSession: false }, global: { fetch: backend.fetch } });
    const signedIn = await former.auth.signInWithPassword({ email: other.email, password: "Correct-Horse-9" });
    expect(signedIn.error).toBeNull();
    expect((await setRole(admin, other.id, "admin", false)).error).toBeNull();
    const attempt = await former.rpc("set_user_role", { _user_id: admin.user.id, _role: "admin", _granted: false });
    expect(attempt.error?.code).toBe("42501");
    expect(await rolesOf(admin.user.id)).toEqual(["admin", "user"]);
  });

  it.skipIf(usingHostedBackend)("refuses revoking the last admin, whoever may manage roles", async () => {
    // Only an admin may manage roles, and may not revoke their own admin role: the last admin can only
    // be reached by someone else holding users:manage. Lend it to moderators for this test.
    expect((await service.from("user_roles").select("user_id").eq("role", "admin")).data).toEqual([{ user_id: admin.user.id }]);
    await backend.sql("insert into public.role_permissions (role, permission) values ('moderator', 'users:manage')");
    try {
      const { data, error } = await setRole(moderator, admin.user.id, "admin", false);
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: "23514", message: "There must be at least one admin.", details: "last_admin" });
      expect(await rolesOf(admin.user.id)).toEqual(["admin", "user"]);
      expect(await historyOf(admin.user.id)).toEqual([]);
      // With a second admin, the first may go.
      expect((await setRole(moderator, seeded[10]!.id, "admin", true)).error).toBeNull();
      expect((await setRole(moderator, admin.user.id, "admin", false)).error).toBeNull();
      expect((await setRole(moderator, admin.user.id, "admin", true)).error).toBeNull();
      expect((await setRole(moderator, seeded[10]!.id, "admin", false)).error).toBeNull();
    } finally {
      await backend.sql("delete from public.role_permissions where role = 'moderator' and permission = 'users:manage'");
    }
    expect(await rolesOf(admin.user.id)).toEqual(["admin", "user"]);
  });
});

// The page, through the app's request handler ------------------------------------------------------------

type Page = Route.ComponentProps["loaderData"];

/** The page's loader (no form) or its action (a form), as the page's router asks: its status, redirect and answer. */
function run(who: SignedInVisitor, path: string): Promise<RouteOutcome<Page>>;
function run(who: SignedInVisitor, path: string, form: Record<string, string>): Promise<RouteOutcome>;
function run(who: SignedInVisitor, path: string, form?: Record<string, string>): Promise<RouteOutcome> {
  return form ? who.visitor.act(path, form) : who.visitor.load<Page>(path, "routes/admin/users");
}

/** The flash message the person sees next: where the action sent them, else on their dashboard. */
function toastAfter(who: SignedInVisitor, answer: { location: string | null }) {
  return who.visitor.toast(answer.location ?? "/dashboard");
}

/** An admin signed in on an app whose database answers the users' listing with `answer`. */
async function adminWhereUsersListing(answer: () => Promise<Response>, logs?: Array<Record<string, unknown>>) {
  const listing: typeof fetch = (input, init) =>
    String(input instanceof Request ? input.url : input).includes("/rpc/admin_users_") ? answer() : backend.fetch(input, init);
  const logger = logs ? pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) }) : undefined;
  const failingApp = await startTestApp(backend, { supabase: { ...app.options.supabase, fetch: listing } }, { logger });
  return signIn(failingApp, "admin", { label: "users-unlucky" });
}

describe("/admin/users", () => {
  it("shows staff a page of users, with the role forms for admins only, and refuses customers", async () => {
    const asAdmin = await run(admin, "/admin/users?q=jordan&page=2");
    expect(asAdmin.status).toBe(200);
    const data = asAdmin.value;
    expect(data).toMatchObject({ query: { q: "jordan", page: 2 }, canManage: true, failure: null, total: PEOPLE + 3 });
    expect(data.matching).toBe(seeded.filter((person) => person.fullName).length);
    expect(data.users).toHaveLength(data.matching - ADMIN_USERS_PAGE_SIZE);

    const asModerator = await run(moderator, "/admin/users");
    expect(asModerator.value).toMatchObject({ canManage: false, failure: null, total: PEOPLE + 3 });
    expect((await run(customer, "/admin/users")).status).toBe(403);
    await expectStaffOnly("/admin/users", { guest: app.visitor(), customer: customer.visitor, hidden: [seeded[0]!.email, "Ada Admin"] });
  });

  it("says why the users could not be read, and logs it", async () => {
    const logs: Array<Record<string, unknown>> = [];
    // The database answers with an error of its own, as PostgREST words it.
    const unlucky = await adminWhereUsersListing(
      async () => Response.json({ code: "57014", message: "canceling statement due to statement timeout", details: null, hint: null }, { status: 500 }),
      logs,
    );
    const failed = await run(unlucky, "/admin/users");
    expect(failed.value).toMatchObject({ failure: "Failed to fetch users: canceling statement due to statement timeout", users: [] });
    expect(logs.some((line) => line.level === 50 && line.msg === "could not list users")).toBe(true);

    // The network itself fails: not the database's message.
    const cutOff = await adminWhereUsersListing(() => Promise.reject(new TypeError("fetch failed")));
    const broken = await run(cutOff, "/admin/users");
    expect(broken.value).toMatchObject({ failure: "An unexpected error occurred while loading users.", users: [] });
  });

  it("grants a role from the page's form and goes back to the same search and page with a toast", async () => {
    const target = seeded[11]!;
    const granted = await run(admin, "/admin/users?q=jordan&page=2", { intent: "grant-role", userId: target.id, role: "moderator", confirm: "1" });
    expect(granted).toMatchObject({ status: 302, location: "/admin/users?q=jordan&page=2" });
    expect(await toastAfter(admin, granted)).toMatchObject({
      type: "success",
      title: "Role Updated",
      description: `${target.fullName} is now a moderator.`,
    });
    expect(await rolesOf(target.id)).toEqual(["moderator", "user"]);
    expect(await historyOf(target.id)).toHaveLength(1);

    const revoked = await run(admin, "/admin/users?index&q=jordan", { intent: "revoke-role", userId: target.id, role: "moderator", confirm: "1" });
    expect(revoked).toMatchObject({ status: 302, location: "/admin/users?q=jordan" });
    expect(await toastAfter(admin, revoked)).toMatchObject({
      type: "success",
      title: "Role Updated",
      description: `${target.fullName} is no longer a moderator.`,
    });
    expect(await rolesOf(target.id)).toEqual(["user"]);

    const unchanged = await run(admin, "/admin/users", { intent: "revoke-role", userId: target.id, role: "moderator", confirm: "1" });
    expect(await toastAfter(admin, unchanged)).toMatchObject({ title: "Role Unchanged", description: `${target.fullName} is not a moderator.` });
    expect(await historyOf(target.id)).toHaveLength(2);

    const unnamed = seeded[3]!;
    const grantedUnnamed = await run(admin, "/admin/users", { intent: "grant-role", userId: unnamed.id, role: "admin", confirm: "1" });
    expect(await toastAfter(admin, grantedUnnamed)).toMatchObject({ description: `${unnamed.email} is now an admin.` });
    const revokedUnnamed = await run(admin, "/admin/users", { intent: "revoke-role", userId: unnamed.id, role: "admin", confirm: "1" });
    expect(await toastAfter(admin, revokedUnnamed)).toMatchObject({ description: `${unnamed.email} is no longer an admin.` });
    expect(await rolesOf(unnamed.id)).toEqual(["user"]);
  });

  it("changes a role only once confirmed: an unconfirmed post leads to the confirmation, changing nothing", async () => {
    const target = seeded[12]!;
    const asked = await run(admin, "/admin/users?q=jordan&sort=name&dir=desc&page=2", { intent: "grant-role", userId: target.id, role: "admin" });
    expect(asked).toMatchObject({ status: 302, location: `/admin/users?q=jordan&sort=name&dir=desc&page=2&confirm=${target.id}&role=admin` });
    expect(await toastAfter(admin, asked)).toBeNull();
    // Every change is asked twice, granting a moderator and taking a role back too.
    const askedModerator = await run(admin, "/admin/users", { intent: "grant-role", userId: target.id, role: "moderator" });
    expect(askedModerator).toMatchObject({ status: 302, location: `/admin/users?confirm=${target.id}&role=moderator` });
    const askedRevoke = await run(admin, "/admin/users", { intent: "revoke-role", userId: admin.user.id, role: "admin" });
    expect(askedRevoke).toMatchObject({ status: 302, location: `/admin/users?confirm=${admin.user.id}&role=admin` });
    expect(await rolesOf(target.id)).toEqual(["user"]);
    expect(await rolesOf(admin.user.id)).toEqual(["admin", "user"]);
    expect(await historyOf(target.id)).toHaveLength(0);

    const view = await run(admin, `/admin/users?q=jordan&page=2&confirm=${target.id}&role=admin`);
    expect(view.value).toMatchObject({ toConfirm: { userId: target.id, role: "admin" } });
    expect((await run(admin, `/admin/users?confirm=${target.id}&role=owner`)).value).toMatchObject({ toConfirm: null });
    // Only admins are asked: a moderator's page offers no confirmation.
    expect((await run(moderator, `/admin/users?confirm=${target.id}&role=admin`)).value).toMatchObject({ toConfirm: null });
    const page = await admin.visitor.get(`/admin/users?q=${encodeURIComponent(target.email)}&confirm=${target.id}&role=moderator`);
    expect(page.text).toContain(`Make ${target.fullName} a moderator?`);
    expect(page.html).toMatch(/<input type="hidden" name="confirm" value="1"\/>/);

    const confirmed = await run(admin, `/admin/users?q=jordan&page=2&confirm=${target.id}&role=admin`, {
      intent: "grant-role",
      userId: target.id,
      role: "admin",
      confirm: "1",
    });
    expect(confirmed).toMatchObject({ status: 302, location: "/admin/users?q=jordan&page=2" });
    expect(await toastAfter(admin, confirmed)).toMatchObject({ type: "success", description: `${target.fullName} is now an admin.` });
    expect(await rolesOf(target.id)).toEqual(["admin", "user"]);
    const revokedAgain = await run(admin, "/admin/users", { intent: "revoke-role", userId: target.id, role: "admin", confirm: "1" });
    expect(await toastAfter(admin, revokedAgain)).toMatchObject({ description: `${target.fullName} is no longer an admin.` });
    expect(await rolesOf(target.id)).toEqual(["user"]);
  });

  it("says why a change was refused: one's own admin role", async () => {
    const refused = await run(admin, "/admin/users?page=2", { intent: "revoke-role", userId: admin.user.id, role: "admin", confirm: "1" });
    expect(refused).toMatchObject({ status: 302, location: "/admin/users?page=2" });
    expect(await toastAfter(admin, refused)).toMatchObject({ type: "error", title: "You cannot revoke your own admin role." });
    expect(await rolesOf(admin.user.id)).toEqual(["admin", "user"]);
  });

  it("answers 403 to moderators and customers, and changes nothing", async () => {
    const target = seeded[13]!;
    for (const who of [moderator, customer]) {
      const refused = await run(who, "/admin/users", { intent: "grant-role", userId: target.id, role: "admin" });
      expect(refused.status).toBe(403);
      expect(await toastAfter(who, refused)).toBeNull();
      const revoking = await run(who, "/admin/users", { intent: "revoke-role", userId: admin.user.id, role: "admin" });
      expect(revoking.status).toBe(403);
    }
    expect(await rolesOf(target.id)).toEqual(["user"]);
    expect(await rolesOf(admin.user.id)).toEqual(["admin", "user"]);
    expect(await historyOf(target.id)).toEqual([]);
  });

  it("answers 400 to a form that names no role it manages", async () => {
    const target = seeded[14]!;
    expect((await run(admin, "/admin/users", { intent: "grant-role", userId: target.id, role: "user" })).status).toBe(400);
    expect((await run(admin, "/admin/users", { intent: "grant-role", userId: "not-an-id", role: "admin" })).status).toBe(400);
    expect(await rolesOf(target.id)).toEqual(["user"]);
  });
});
