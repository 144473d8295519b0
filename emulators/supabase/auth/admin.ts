import { randomBytes } from "node:crypto";
import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase } from "../database.ts";
import { verifyJwt } from "../jwt.ts";
import { bearerToken } from "../request-auth.ts";
import { insertUserOrFail } from "./credentials.ts";
import { AuthError, badRequest, forbidden, notFound, unprocessable } from "./errors.ts";
import { JsonBody } from "./http.ts";
import { hashPassword } from "./passwords.ts";
import { endSessions, isUuid } from "./sessions.ts";
import { AUTHENTICATED_AUDIENCE, confirmEmail, findUserByEmail, findUserById, insertUser, mergeMetadata, userJson, type UserRow } from "./users.ts";
import { checkPasswordStrength, MAX_PASSWORD_BYTES, validateEmail } from "./validation.ts";

const ADMIN_ROLES = new Set(["service_role", "supabase_admin"]);

/** requireAdminCredentials: the bearer token must be a valid JWT with an admin role (the service_role key). */
export async function requireAdmin(request: Request, config: EmulatorConfig): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const verified = await verifyJwt(token, config.jwtSecret);
  if (!verified.ok) throw forbidden("bad_jwt", `invalid JWT: unable to parse or verify signature, ${verified.message}`);
  const role = verified.payload.role;
  if (typeof role !== "string" || !ADMIN_ROLES.has(role)) throw forbidden("not_admin", "User not allowed");
}

export interface UserListPage {
  body: { users: Record<string, unknown>[]; aud: string };
  headers: Record<string, string>;
}

/** GET /admin/users?page=&per_page=, newest first, with GoTrue's X-Total-Count and Link headers. */
export async function listUsers(request: Request, db: EmulatorDatabase): Promise<UserListPage> {
  const url = new URL(request.url);
  const page = pageParameter(url.searchParams.get("page"), 1, "page");
  const perPage = pageParameter(url.searchParams.get("per_page"), 50, "per_page");
  const filter = url.searchParams.get("filter") ?? "";
  const pattern = `%${filter.replace(/[\\%_]/g, "\\$&")}%`;
  const where = "where aud = $1 and (email ilike $2 or raw_user_meta_data ->> 'full_name' ilike $2)";
  const { rows: counted } = await db.pg.query<{ total: number }>(`select count(*)::int as total from auth.users ${where}`, [AUTHENTICATED_AUDIENCE, pattern]);
  const { rows: ids } = await db.pg.query<{ id: string }>(`select id from auth.users ${where} order by created_at desc, id limit $3 offset $4`, [
    AUTHENTICATED_AUDIENCE,
    pattern,
    perPage,
    (page - 1) * perPage,
  ]);
  const users = [];
  for (const { id } of ids) users.push(await userJson(db.pg, (await findUserById(db.pg, id))!));
  const total = counted[0]?.total ?? 0;
  return {
    body: { users, aud: AUTHENTICATED_AUDIENCE },
    headers: { "X-Total-Count": String(total), Link: paginationLinks(url, page, perPage, total) },
  };
}

/** POST /admin/users */
export async function createUser(request: Request, db: EmulatorDatabase, config: EmulatorConfig) {
  const body = await JsonBody.read(request, "AdminUserParams");
  const rawEmail = body.string("email");
  if (rawEmail === "" && body.string("phone") === "") {
    throw badRequest("validation_failed", "Cannot create a user without either an email or phone");
  }
  const email = validateEmail(rawEmail);
  if (await findUserByEmail(db.pg, email)) {
    throw unprocessable("email_exists", "A user with this email address has already been registered");
  }
  const id = body.string("id");
  if (id !== "" && !isUuid(id)) throw badRequest("validation_failed", "ID must conform to the uuid v4 format");
  const password = body.string("password") || randomBytes(32).toString("hex");
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw badRequest("validation_failed", `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const passwordHash = await hashPassword(password, config.passwordHashCost);
  const userMetadata = body.object("user_metadata") ?? {};
  const appMetadata = body.object("app_metadata");
  const role = body.string("role") || AUTHENTICATED_AUDIENCE;
  const confirm = body.boolean("email_confirm");

  return db.pg.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) {
      throw unprocessable("email_exists", "A user with this email address has already been registered");
    }
    const user = await insertUserOrFail(() =>
      insertUser(tx, { id: id || undefined, email, passwordHash, userMetadata, role, appMetadata: appMetadata && mergeMetadata({}, appMetadata) }),
    );
    if (confirm) await confirmEmail(tx, user);
    return userJson(tx, (await findUserById(tx, user.id))!);
  });
}

/** GET /admin/users/{id} */
export async function getUserById(db: EmulatorDatabase, id: string) {
  return userJson(db.pg, await loadUser(db, id));
}

/** PUT /admin/users/{id}: email, password (ends every session), email_confirm, role and metadata merges. */
export async function updateUserById(request: Request, db: EmulatorDatabase, config: EmulatorConfig, id: string) {
  const user = await loadUser(db, id);
  const body = await JsonBody.read(request, "AdminUserParams");
  const rawEmail = body.string("email");
  const email = rawEmail === "" ? "" : validateEmail(rawEmail);
  const password = body.optionalString("password");
  if (password !== undefined) checkPasswordStrength(password);
  const passwordHash = password !== undefined ? await hashPassword(password, config.passwordHashCost) : undefined;
  const userMetadata = body.object("user_metadata");
  const appMetadata = body.object("app_metadata");
  const role = body.string("role");
  const confirm = body.boolean("email_confirm");

  return db.pg.transaction(async (tx) => {
    if (email !== "" && email !== user.email) {
      const owner = await findUserByEmail(tx, email);
      if (owner && owner.id !== user.id) {
        throw unprocessable("email_exists", "A user with this email address has already been registered");
      }
      await tx.query("update auth.users set email = $2, updated_at = now() where id = $1", [user.id, email]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
         where user_id = $1 and provider = 'email'`,
        [user.id, email],
      );
    }
    if (role !== "") await tx.query("update auth.users set role = $2 where id = $1", [user.id, role]);
    if (confirm) await confirmEmail(tx, (await findUserById(tx, user.id))!);
    if (passwordHash !== undefined) {
      await tx.query("update auth.users set encrypted_password = $2, updated_at = now() where id = $1", [user.id, passwordHash]);
      await endSessions(tx, user.id, undefined, "global");
    }
    const current = (await findUserById(tx, user.id))!;
    if (appMetadata) {
      await tx.query("update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1", [
        user.id,
        mergeMetadata(current.raw_app_meta_data, appMetadata),
      ]);
    }
    if (userMetadata) {
      await tx.query("update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1", [
        user.id,
        mergeMetadata(current.raw_user_meta_data, userMetadata),
      ]);
    }
    return userJson(tx, (await findUserById(tx, user.id))!);
  });
}

/** DELETE /admin/users/{id}: removes the user with its identities and sessions. */
export async function deleteUserById(db: EmulatorDatabase, id: string): Promise<Record<string, never>> {
  const user = await loadUser(db, id);
  await db.pg.query("delete from auth.users where id = $1", [user.id]);
  return {};
}

async function loadUser(db: EmulatorDatabase, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound("validation_failed", "user_id must be an UUID");
  const user = await findUserById(db.pg, id);
  if (!user) throw notFound("user_not_found", "User not found");
  return user;
}

function pageParameter(value: string | null, fallback: number, name: string): number {
  if (value === null || value === "") return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
    throw badRequest("validation_failed", `Bad Pagination Parameters: ${name} must be a positive integer`);
  }
  return Number(value);
}

/** GoTrue's Link header: rel="next" while pages remain, always rel="last". */
function paginationLinks(url: URL, page: number, perPage: number, total: number): string {
  const lastPage = Math.ceil(total / perPage);
  const pageLink = (target: number) => {
    const query = new URLSearchParams(url.searchParams);
    query.set("page", String(target));
    query.sort();
    return `</admin/users?${query.toString()}>`;
  };
  const next = lastPage > page ? `${pageLink(page + 1)}; rel="next", ` : "";
  return `${next}${pageLink(lastPage)}; rel="last"`;
}
