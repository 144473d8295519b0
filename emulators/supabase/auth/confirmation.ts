import { randomInt, randomUUID } from "node:crypto";
import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase } from "../database.ts";
import type { Outbox, OutboxEmail } from "../outbox.ts";
import { badRequest } from "./errors.ts";
import { JsonBody } from "./http.ts";
import { emailTokenHash } from "./recovery.ts";
import { allowedRedirect } from "./redirects.ts";
import { AUTHENTICATED_AUDIENCE, findUserByEmail, type Queryable, type UserRow } from "./users.ts";
import { validateEmail } from "./validation.ts";

// Sign-up with email confirmations on (a hosted project's default): the account waits, unconfirmed and
// unable to sign in, until the link of the emailed "Confirm signup" message is verified (POST /verify
// with type signup or email). As GoTrue does, also for an address that already has an account.

/**
 * Gives the unconfirmed user a new confirmation token (a repeated sign-up sends a new email and the
 * older link stops working) and returns the email to send once the transaction has committed: the
 * project's "Confirm signup" template filled in.
 */
export async function newConfirmation(tx: Queryable, request: Request, config: EmulatorConfig, template: string, user: UserRow): Promise<OutboxEmail> {
  const email = user.email ?? "";
  const otp = String(randomInt(1_000_000)).padStart(6, "0");
  const tokenHash = emailTokenHash(email, otp);
  const { rows } = await tx.query<{ sent_at: Date }>(
    "update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1 returning confirmation_sent_at as sent_at",
    [user.id, tokenHash],
  );
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
     values ($1, 'confirmation_token', $2, $3)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
       relates_to = excluded.relates_to, created_at = now(), updated_at = now()`,
    [user.id, tokenHash, email],
  );
  const redirectTo = allowedRedirect(request, config);
  const link = fillTemplate(template, { SiteURL: config.url, TokenHash: tokenHash, Token: otp, RedirectTo: redirectTo, Email: email });
  return { to: email, type: "signup", token: otp, tokenHash, redirectTo, link, sentAt: rows[0]!.sent_at.toISOString() };
}

/** The link of GoTrue's default "Confirm signup" template (its ConfirmationURL), for a project that set
 *  none: with confirmations off only an admin makes unconfirmed users, and /resend still mails them. */
const DEFAULT_CONFIRM_SIGNUP_LINK = "{{ .SiteURL }}/auth/v1/verify?token={{ .TokenHash }}&type=signup&redirect_to={{ .RedirectTo }}";

const RESEND_TYPES = new Set(["signup", "email_change", "sms", "phone_change"]);

/**
 * POST /resend, as GoTrue answers it. Type `signup` sends an unconfirmed user a new confirmation email
 * (the older link stops working); for an unknown address or a confirmed account it answers the same
 * 200 {} and sends nothing, so nobody learns which addresses have accounts. The emulator sends no
 * email-change messages and has no phone provider: `email_change` and `phone_change` answer {}.
 */
export async function resendConfirmation(request: Request, db: EmulatorDatabase, config: EmulatorConfig, outbox: Outbox): Promise<Record<string, never>> {
  const body = await JsonBody.read(request, "ResendConfirmationParams");
  const type = body.string("type");
  const rawEmail = body.string("email");
  const phone = body.string("phone");
  if (!RESEND_TYPES.has(type)) throw badRequest("validation_failed", "Missing one of these types: signup, email_change, sms, phone_change");
  if ((type === "signup" || type === "email_change") && (body.string("code_challenge") === "") !== (body.string("code_challenge_method") === "")) {
    throw badRequest("validation_failed", "PKCE flow requires code_challenge_method and code_challenge");
  }
  if (rawEmail === "" && type === "signup") throw badRequest("validation_failed", "Type provided requires an email address");
  if (phone === "" && type === "sms") throw badRequest("validation_failed", "Type provided requires a phone number");
  if (rawEmail !== "" && phone !== "") throw badRequest("validation_failed", "Only an email address or phone number should be provided.");
  if (phone !== "") throw badRequest("phone_provider_disabled", "Phone logins are disabled");
  if (rawEmail === "") throw badRequest("validation_failed", "Missing email address or phone number");
  const email = validateEmail(rawEmail);

  const user = await findUserByEmail(db.pg, email);
  if (!user || type !== "signup" || user.email_confirmed_at) return {};
  const template = config.confirmSignupLinkTemplate ?? DEFAULT_CONFIRM_SIGNUP_LINK;
  const confirmation = await db.pg.transaction((tx) => newConfirmation(tx, request, config, template, user));
  // Sent once the new token is committed.
  outbox.send(confirmation);
  return {};
}

/**
 * What sign-up answers, with confirmations on, for an address whose account is confirmed already:
 * 200 with a made-up user and no email, so nobody learns which addresses have accounts (GoTrue's
 * sanitizeUser).
 */
export function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: AUTHENTICATED_AUDIENCE,
    role: "",
    email,
    phone: "",
    confirmation_sent_at: now,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** Go's template actions `{{ .Name }}` replaced by their values; unknown names are left as written. */
function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (action, name: string) => values[name] ?? action);
}
