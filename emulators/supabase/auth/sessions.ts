import { randomInt, randomUUID } from "node:crypto";
import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase } from "../database.ts";
import { signJwt, verifyJwt } from "../jwt.ts";
import { bearerToken } from "../request-auth.ts";
import { AuthError, badRequest, forbidden } from "./errors.ts";
import { AUTHENTICATED_AUDIENCE, findUserById, isBanned, recordSignIn, userJson, type Queryable, type UserRow } from "./users.ts";

/** How a session was established, as recorded in the amr claim. */
export type AuthenticationMethod = "password" | "otp";

/** A revoked refresh token may still be exchanged this long after its revocation (CLI default). */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

export interface SessionResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

/** Starts a session with its first refresh token, as a successful sign-in does. */
export async function startSession(tx: Queryable, config: EmulatorConfig, user: UserRow, method: AuthenticationMethod): Promise<SessionResponse> {
  const sessionId = randomUUID();
  await tx.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`, [sessionId, user.id]);
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)`,
    [randomUUID(), sessionId, method],
  );
  const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null);
  await recordSignIn(tx, user.id);
  const signedIn = (await findUserById(tx, user.id))!;
  return sessionResponse(tx, config, signedIn, sessionId, refreshToken);
}

/** The refresh_token grant with rotation, the reuse window and family revocation of GoTrue.
 *  Returns an error instead of throwing when the revocation it made must still be committed. */
export async function refreshSession(tx: Queryable, config: EmulatorConfig, presented: string): Promise<SessionResponse | AuthError> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select id, token, user_id, revoked, updated_at, parent, session_id from auth.refresh_tokens where token = $1`,
    [presented],
  );
  const token = rows[0];
  const user = token && (await findUserById(tx, token.user_id));
  if (!token || !user) throw badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  if (isBanned(user)) throw badRequest("user_banned", "Invalid Refresh Token: User Banned");
  const session = token.session_id ? (await tx.query("select 1 from auth.sessions where id = $1", [token.session_id])).rows[0] : undefined;
  if (!token.session_id || !session) {
    throw badRequest("session_not_found", "Invalid Refresh Token: No Valid Session Found");
  }

  let issued: string | undefined;
  if (token.revoked) {
    const { rows: active } = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens where session_id = $1 and revoked is false order by id desc limit 1`,
      [token.session_id],
    );
    if (active[0]?.parent === token.token) {
      // The client lost the answer to its last refresh: hand back the token it missed.
      issued = active[0].token;
    } else if (Date.now() > token.updated_at.getTime() + REFRESH_TOKEN_REUSE_INTERVAL_SECONDS * 1000) {
      await tx.query("update auth.refresh_tokens set revoked = true where session_id = $1 and revoked = false", [token.session_id]);
      return badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used");
    }
  }
  if (!issued) {
    await tx.query("update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1", [token.id]);
    issued = await insertRefreshToken(tx, user.id, token.session_id, token.token);
  }
  await tx.query("update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1", [token.session_id]);
  return sessionResponse(tx, config, user, token.session_id, issued);
}

export interface AuthenticatedRequest {
  user: UserRow;
  sessionId: string | undefined;
  claims: Record<string, unknown>;
}

/** requireAuthentication: a valid access token whose user, and session if named, still exist. */
export async function authenticateUser(request: Request, db: EmulatorDatabase, config: EmulatorConfig): Promise<AuthenticatedRequest> {
  const token = bearerToken(request);
  if (!token) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const verified = await verifyJwt(token, config.jwtSecret);
  if (!verified.ok) {
    throw forbidden("bad_jwt", `invalid JWT: unable to parse or verify signature, ${verified.message}`);
  }
  const claims = verified.payload as Record<string, unknown>;
  const sub = claims.sub;
  if (typeof sub !== "string" || sub === "") throw forbidden("bad_jwt", "invalid claim: missing sub claim");
  if (!isUuid(sub)) throw badRequest("bad_jwt", "invalid claim: sub claim must be a UUID");
  const user = await findUserById(db.pg, sub);
  if (!user) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  const sessionId = typeof claims.session_id === "string" && claims.session_id !== "" ? claims.session_id : undefined;
  if (sessionId) {
    if (!isUuid(sessionId)) throw forbidden("bad_jwt", "invalid claim: session_id claim must be a UUID");
    const { rows } = await db.pg.query("select 1 from auth.sessions where id = $1", [sessionId]);
    if (rows.length === 0) {
      throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
    }
  }
  return { user, sessionId, claims };
}

export type LogoutScope = "global" | "local" | "others";

export async function endSessions(tx: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
  if (sessionId && scope === "local") {
    await tx.query("delete from auth.sessions where id = $1", [sessionId]);
  } else if (sessionId && scope === "others") {
    await tx.query("delete from auth.sessions where user_id = $1 and id <> $2", [userId, sessionId]);
  } else {
    await tx.query("delete from auth.sessions where user_id = $1", [userId]);
  }
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

async function sessionResponse(db: Queryable, config: EmulatorConfig, user: UserRow, sessionId: string, refreshToken: string): Promise<SessionResponse> {
  const { rows: amr } = await db.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + config.accessTokenLifetimeSeconds;
  const userObject = await userJson(db, user);
  const accessToken = await signJwt(
    {
      iss: `${config.url}/auth/v1`,
      sub: user.id,
      aud: user.aud ?? AUTHENTICATED_AUDIENCE,
      exp: expiresAt,
      iat: issuedAt,
      email: user.email ?? "",
      phone: "",
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? AUTHENTICATED_AUDIENCE,
      aal: "aal1",
      amr: amr.map((claim) => ({
        method: claim.authentication_method,
        timestamp: Math.floor(claim.updated_at.getTime() / 1000),
      })),
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    config.jwtSecret,
  );
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: config.accessTokenLifetimeSeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userObject,
  };
}

const REFRESH_TOKEN_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** Refresh tokens are 12 random lowercase alphanumerics, like GoTrue's. */
async function insertRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = Array.from({ length: 12 }, () => REFRESH_TOKEN_ALPHABET[randomInt(REFRESH_TOKEN_ALPHABET.length)]).join("");
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}
