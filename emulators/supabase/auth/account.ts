import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase } from "../database.ts";
import { badRequest, forbidden, unprocessable } from "./errors.ts";
import { JsonBody } from "./http.ts";
import { hashPassword, passwordMatches } from "./passwords.ts";
import { authenticateUser, endSessions, type LogoutScope } from "./sessions.ts";
import { AUTHENTICATED_AUDIENCE, findUserByEmail, findUserById, mergeMetadata, userJson } from "./users.ts";
import { checkPasswordStrength, validateEmail } from "./validation.ts";

/** GET /user */
export async function getUser(request: Request, db: EmulatorDatabase, config: EmulatorConfig) {
  const { user, claims } = await authenticateUser(request, db, config);
  const requestAudience = request.headers.get("x-jwt-aud") || AUTHENTICATED_AUDIENCE;
  const tokenAudience = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (tokenAudience !== requestAudience) {
    throw badRequest("validation_failed", "Token audience doesn't match request audience");
  }
  return userJson(db.pg, user);
}

/** PUT /user: data merges key by key (null deletes); a new password ends the user's other sessions;
 *  a new email is recorded as a pending change (new_email) awaiting confirmation. */
export async function updateUser(request: Request, db: EmulatorDatabase, config: EmulatorConfig) {
  const { user, sessionId } = await authenticateUser(request, db, config);
  const body = await JsonBody.read(request, "UserUpdateParams");
  const rawEmail = body.string("email");
  const password = body.optionalString("password");
  const data = body.object("data");
  const appMetadata = body.object("app_metadata");

  const email = rawEmail === "" ? "" : validateEmail(rawEmail);
  if (password !== undefined) checkPasswordStrength(password);
  if (appMetadata) throw forbidden("not_admin", "Updating app_metadata requires admin privileges");
  const emailChanges = email !== "" && email !== user.email;
  if (emailChanges && (await findUserByEmail(db.pg, email))) {
    throw unprocessable("email_exists", "A user with this email address has already been registered");
  }
  if (password && (await passwordMatches(password, user.encrypted_password, config.passwordHashCost))) {
    throw unprocessable("same_password", "New password should be different from the old password.");
  }
  const passwordHash = password !== undefined ? await hashPassword(password, config.passwordHashCost) : undefined;

  return db.pg.transaction(async (tx) => {
    if (passwordHash !== undefined) {
      await tx.query("update auth.users set encrypted_password = $2, updated_at = now() where id = $1", [user.id, passwordHash]);
      await endSessions(tx, user.id, sessionId, sessionId ? "others" : "global");
    }
    if (data) {
      const current = (await findUserById(tx, user.id))!;
      await tx.query("update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1", [
        user.id,
        mergeMetadata(current.raw_user_meta_data, data),
      ]);
    }
    if (emailChanges) {
      await tx.query("update auth.users set email_change = $2, email_change_sent_at = now(), updated_at = now() where id = $1", [user.id, email]);
    }
    return userJson(tx, (await findUserById(tx, user.id))!);
  });
}

/** POST /logout?scope=global|local|others */
export async function logOut(request: Request, db: EmulatorDatabase, config: EmulatorConfig): Promise<void> {
  const { user, sessionId } = await authenticateUser(request, db, config);
  const scope = new URL(request.url).searchParams.get("scope") ?? "";
  if (!["", "global", "local", "others"].includes(scope)) {
    throw badRequest("validation_failed", `Unsupported logout scope ${JSON.stringify(scope)}`);
  }
  await db.pg.transaction((tx) => endSessions(tx, user.id, sessionId, (scope || "global") as LogoutScope));
}
