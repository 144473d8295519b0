import { randomUUID } from "node:crypto";
import type { Transaction } from "@electric-sql/pglite";

/** Anything that runs parameterised SQL: the superuser connection or a transaction on it. */
export type Queryable = Pick<Transaction, "query">;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmed_at, confirmation_token, confirmation_sent_at, recovery_token,
  recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, banned_until, is_anonymous`;

export const AUTHENTICATED_AUDIENCE = "authenticated";

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0];
}

/** Email lookups are case-insensitive and skip SSO users, as GoTrue's are. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and is_sso_user = false`, [email]);
  return rows[0];
}

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  /** Extra identity_data keys (sign-up data); the identity's own keys win. */
  identityData?: Record<string, unknown>;
  role?: string;
}

/** Inserts the auth.users row (so triggers on it fire) and its email identity. */
export async function insertUser(tx: Queryable, user: NewUser): Promise<UserRow> {
  const id = user.id ?? randomUUID();
  const appMetadata = { provider: "email", providers: ["email"], ...user.appMetadata };
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, is_super_admin, created_at, updated_at, is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, $6, $7, false, now(), now(), false, false)`,
    [id, AUTHENTICATED_AUDIENCE, user.role ?? AUTHENTICATED_AUDIENCE, user.email, user.passwordHash, appMetadata, user.userMetadata],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, 'email', now(), now())`,
    [id, id, { ...user.identityData, sub: id, email: user.email, email_verified: false, phone_verified: false }],
  );
  return (await findUserById(tx, id))!;
}

/** Marks the email confirmed; GoTrue also records email_verified in the metadata and identity, and
 *  forgets the confirmation token. */
export async function confirmEmail(tx: Queryable, user: UserRow): Promise<void> {
  if (user.email_confirmed_at) return;
  await tx.query("delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'", [user.id]);
  await tx.query(
    `update auth.users set email_confirmed_at = now(), confirmation_token = '', updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
     where id = $1`,
    [user.id],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id],
  );
}

/** GoTrue's metadata update: keys merge one by one, a null value deletes the key. */
export function mergeMetadata(current: Record<string, unknown> | null, changes: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function recordSignIn(tx: Queryable, userId: string): Promise<void> {
  await tx.query("update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1", [userId]);
  await tx.query("update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'", [userId]);
}

/** The user object of GoTrue's API (absent optional timestamps are omitted, as Go's omitempty does). */
export async function userJson(db: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  const { rows: identities } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = $1 order by created_at`,
    [user.id],
  );
  return withoutUndefined({
    id: user.id,
    aud: user.aud ?? "",
    role: user.role ?? "",
    email: user.email ?? "",
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: "",
    confirmed_at: iso(user.confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) =>
      withoutUndefined({
        identity_id: identity.id,
        id: identity.provider_id,
        user_id: identity.user_id,
        identity_data: identity.identity_data,
        provider: identity.provider,
        last_sign_in_at: iso(identity.last_sign_in_at),
        created_at: iso(identity.created_at),
        updated_at: iso(identity.updated_at),
        email: identity.email ?? undefined,
      }),
    ),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  });
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

function iso(value: Date | null): string | undefined {
  return value ? value.toISOString() : undefined;
}

function withoutUndefined(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}
