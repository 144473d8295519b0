import { randomInt, randomUUID } from "node:crypto";
import type { EmulatorConfig } from "../config.ts";
import type { OutboxEmail } from "../outbox.ts";
import { emailTokenHash } from "./recovery.ts";
import { allowedRedirect } from "./redirects.ts";
import { AUTHENTICATED_AUDIENCE, type Queryable, type UserRow } from "./users.ts";

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
