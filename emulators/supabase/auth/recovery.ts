import { createHash, randomInt, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase } from "../database.ts";
import { badRequest, forbidden } from "./errors.ts";
import { JsonBody } from "./http.ts";
import { allowedRedirect } from "./redirects.ts";
import type { Outbox } from "../outbox.ts";
import { startSession, type SessionResponse } from "./sessions.ts";
import { confirmEmail, findUserByEmail, findUserById, isBanned, type Queryable, type UserRow } from "./users.ts";
import { validateEmail } from "./validation.ts";

/** Email links and codes expire after an hour (GoTrue's mailer OTP expiry). */
export const EMAIL_TOKEN_LIFETIME_SECONDS = 3600;

/** A recovery answers no sooner than this after the request arrives. The token write commits only for an
 * existing account and takes a few milliseconds more than the no-op for an unknown email, more under load;
 * a floor well above it makes both answers take the same time. */
const RECOVERY_MINIMUM_MS = 40;

/** POST /recover: always {} so nobody can probe which emails have accounts. */
export async function recoverPassword(request: Request, db: EmulatorDatabase, config: EmulatorConfig, outbox: Outbox): Promise<Record<string, never>> {
  const started = performance.now();
  try {
    return await sendRecovery(request, db, config, outbox);
  } finally {
    const remaining = started + RECOVERY_MINIMUM_MS - performance.now();
    if (remaining > 0) await sleep(remaining);
  }
}

async function sendRecovery(request: Request, db: EmulatorDatabase, config: EmulatorConfig, outbox: Outbox): Promise<Record<string, never>> {
  const body = await JsonBody.read(request, "RecoverParams");
  const rawEmail = body.string("email");
  if (rawEmail === "") throw badRequest("validation_failed", "Password recovery requires an email");
  const email = validateEmail(rawEmail);
  const user = await findUserByEmail(db.pg, email);

  // The same statements run for an email without an account (an id no user has: they change nothing),
  // so the answer takes as long either way.
  const otp = String(randomInt(1_000_000)).padStart(6, "0");
  const tokenHash = emailTokenHash(email, otp);
  const sentAt = await db.pg.transaction(async (tx) => {
    const userId = user?.id ?? randomUUID();
    const { rows } = await tx.query<{ sent_at: Date }>(
      "update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1 returning recovery_sent_at as sent_at",
      [userId, tokenHash],
    );
    await tx.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
       select id, 'recovery_token', $2, $3 from auth.users where id = $1
       on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
         relates_to = excluded.relates_to, created_at = now(), updated_at = now()`,
      [userId, tokenHash, email],
    );
    return rows[0]?.sent_at;
  });
  if (!user || !sentAt) return {};
  const redirectTo = allowedRedirect(request, config);
  const link = new URL(redirectTo);
  link.searchParams.set("token_hash", tokenHash);
  link.searchParams.set("type", "recovery");
  outbox.send({ to: email, type: "recovery", token: otp, tokenHash, redirectTo, link: link.toString(), sentAt: sentAt.toISOString() });
  return {};
}

const EMAIL_LINK_TYPES = new Set(["signup", "invite", "recovery", "magiclink", "email_change", "email"]);

/** The user's emailed tokens a verification type checks, as GoTrue's /verify looks them up. */
type EmailToken = "confirmation" | "recovery";
const TOKENS_OF_TYPE: Record<string, readonly EmailToken[]> = {
  signup: ["confirmation"],
  invite: ["confirmation"],
  recovery: ["recovery"],
  magiclink: ["recovery"],
  email: ["confirmation", "recovery"],
};

/** POST /verify for emailed links ({type, token_hash}) and codes ({type, email, token}): a recovery
 *  (recovery, magiclink, email) or a sign-up confirmation (signup, invite, email). A token works once,
 *  within the hour, and confirms the address; the answer is a session (auth-js then emits
 *  PASSWORD_RECOVERY for a recovery). */
export async function verifyEmailOtp(request: Request, db: EmulatorDatabase, config: EmulatorConfig): Promise<SessionResponse> {
  const body = await JsonBody.read(request, "VerifyParams");
  const type = body.string("type");
  const token = body.string("token");
  const tokenHash = body.string("token_hash");
  const rawEmail = body.string("email");
  if (type === "") throw badRequest("validation_failed", "Verify requires a verification type");
  if ((token === "") === (tokenHash === "")) {
    throw badRequest("validation_failed", "Verify requires either a token or a token hash");
  }
  if (tokenHash !== "" && (rawEmail !== "" || body.string("phone") !== "" || body.string("redirect_to") !== "")) {
    throw badRequest("validation_failed", "Only the token_hash and type should be provided");
  }
  if (tokenHash !== "" && !EMAIL_LINK_TYPES.has(type)) {
    throw badRequest("validation_failed", "Invalid email verification type");
  }
  const email = token !== "" ? validateEmail(rawEmail) : "";
  const kinds = TOKENS_OF_TYPE[type] ?? [];

  return db.pg.transaction(async (tx) => {
    const expectedHash = tokenHash !== "" ? tokenHash : emailTokenHash(email, token);
    const user = kinds.length === 0 ? undefined : tokenHash !== "" ? await findUserByEmailToken(tx, kinds, tokenHash) : await findUserByEmail(tx, email);
    const kind = user && kinds.find((candidate) => tokenOf(user, candidate) === expectedHash && stillValid(user, candidate));
    if (!user || !kind) {
      throw forbidden("otp_expired", tokenHash !== "" ? "Email link is invalid or has expired" : "Token has expired or is invalid");
    }
    if (isBanned(user)) throw forbidden("user_banned", "User is banned");
    if (kind === "recovery") {
      await tx.query("update auth.users set recovery_token = '', updated_at = now() where id = $1", [user.id]);
      await tx.query("delete from auth.one_time_tokens where user_id = $1", [user.id]);
    }
    await confirmEmail(tx, user);
    return startSession(tx, config, (await findUserById(tx, user.id))!, "otp");
  });
}

async function findUserByEmailToken(tx: Queryable, kinds: readonly EmailToken[], tokenHash: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<{ id: string }>("select id from auth.users where ($2 and confirmation_token = $1) or ($3 and recovery_token = $1) limit 1", [
    tokenHash,
    kinds.includes("confirmation"),
    kinds.includes("recovery"),
  ]);
  return rows[0] && findUserById(tx, rows[0].id);
}

function tokenOf(user: UserRow, kind: EmailToken): string | null {
  return kind === "confirmation" ? user.confirmation_token : user.recovery_token;
}

/** GoTrue's token hash of an emailed link or code: hex SHA-224 of the email followed by the one-time code. */
export function emailTokenHash(email: string, otp: string): string {
  return createHash("sha224")
    .update(email + otp)
    .digest("hex");
}

function stillValid(user: UserRow, kind: EmailToken): boolean {
  const sentAt = kind === "confirmation" ? user.confirmation_sent_at : user.recovery_sent_at;
  return !!tokenOf(user, kind) && !!sentAt && Date.now() <= sentAt.getTime() + EMAIL_TOKEN_LIFETIME_SECONDS * 1000;
}
