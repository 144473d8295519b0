import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase } from "../database.ts";
import type { Outbox } from "../outbox.ts";
import { newConfirmation, obfuscatedUser } from "./confirmation.ts";
import { AuthError, badRequest, unprocessable } from "./errors.ts";
import { JsonBody } from "./http.ts";
import { hashPassword, passwordMatches } from "./passwords.ts";
import { startSession, type SessionResponse } from "./sessions.ts";
import { checkPasswordStrength, passwordWeakness, validateEmail } from "./validation.ts";
import { confirmEmail, findUserByEmail, findUserById, insertUser, isBanned, userJson, type Queryable, type UserRow } from "./users.ts";

const INVALID_CREDENTIALS = "Invalid login credentials";

/**
 * POST /signup. With email confirmations off (the CLI default) the user is confirmed and signed in at
 * once. With them on, the answer is the user without a session, and a confirmation email goes out;
 * an address whose account is confirmed already gets a made-up user and no email, one whose account is
 * still unconfirmed a new confirmation email (its password and data stay as first given).
 */
export async function signUp(
  request: Request,
  db: EmulatorDatabase,
  config: EmulatorConfig,
  outbox: Outbox,
): Promise<SessionResponse | Record<string, unknown>> {
  const body = await JsonBody.read(request, "SignupParams");
  const password = body.string("password");
  const rawEmail = body.string("email");
  const data = body.object("data") ?? {};
  if (password === "") throw badRequest("validation_failed", "Signup requires a valid password");
  checkPasswordStrength(password);
  if (rawEmail === "") throw badRequest("validation_failed", "Sign up only available with email or phone provider");
  const email = validateEmail(rawEmail);
  const template = config.confirmSignupLinkTemplate;
  const existing = await findUserByEmail(db.pg, email);
  if (existing && !template) throw unprocessable("user_already_exists", "User already registered");
  if (existing?.email_confirmed_at) return obfuscatedUser(email, data);

  // Hash outside the transaction: bcrypt is slow and the database serves one transaction at a time.
  const passwordHash = existing ? "" : await hashPassword(password, config.passwordHashCost);
  if (!template) {
    return db.pg.transaction(async (tx) => {
      const user = await insertSignedUpUser(tx, email, passwordHash, data);
      await confirmEmail(tx, user);
      return startSession(tx, config, (await findUserById(tx, user.id))!, "password");
    });
  }
  const { user, confirmation } = await db.pg.transaction(async (tx) => {
    const unconfirmed = existing ?? (await insertSignedUpUser(tx, email, passwordHash, data));
    const confirmation = await newConfirmation(tx, request, config, template, unconfirmed);
    return { user: await userJson(tx, (await findUserById(tx, unconfirmed.id))!), confirmation };
  });
  // Sent once the user and the token are committed.
  outbox.send(confirmation);
  return user;
}

async function insertSignedUpUser(tx: Queryable, email: string, passwordHash: string, data: Record<string, unknown>): Promise<UserRow> {
  if (await findUserByEmail(tx, email)) throw unprocessable("user_already_exists", "User already registered");
  const user = await insertUserOrFail(() => insertUser(tx, { email, passwordHash, userMetadata: data, identityData: data }));
  // An unconfirmed sign-up adopts its identity's data as user_metadata (sub, email, *_verified, data).
  await tx.query(
    `update auth.users set raw_user_meta_data = i.identity_data
     from auth.identities i where i.user_id = auth.users.id and i.provider = 'email' and auth.users.id = $1`,
    [user.id],
  );
  return user;
}

/** POST /token?grant_type=password */
export async function signInWithPassword(
  request: Request,
  db: EmulatorDatabase,
  config: EmulatorConfig,
): Promise<SessionResponse & { weak_password?: { message: string; reasons: string[] } }> {
  const body = await JsonBody.read(request, "PasswordGrantParams");
  const email = body.string("email");
  const password = body.string("password");
  if (email === "") throw badRequest("validation_failed", "missing email or phone");
  const user = await findUserByEmail(db.pg, email);
  // Compared also when there is no such user, so the refusal takes as long either way.
  const matches = await passwordMatches(password, user?.encrypted_password, config.passwordHashCost);
  if (!user || isBanned(user) || !matches) throw badRequest("invalid_credentials", INVALID_CREDENTIALS);
  if (!user.email_confirmed_at) throw badRequest("email_not_confirmed", "Email not confirmed");
  const session = await db.pg.transaction((tx) => startSession(tx, config, user, "password"));
  const weakness = passwordWeakness(password);
  return weakness ? { ...session, weak_password: weakness } : session;
}

/** GoTrue answers a failing insert (e.g. a trigger on auth.users raising) with this 500. */
export async function insertUserOrFail<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    console.error("Supabase emulator: inserting a user failed", error);
    throw new AuthError(500, "unexpected_failure", "Database error saving new user");
  }
}
