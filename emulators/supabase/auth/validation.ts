import { badRequest, AuthError } from "./errors.ts";

/** GoTrue (bcrypt) refuses passwords over 72 bytes; the minimum is the Supabase default of 6. */
export const MAX_PASSWORD_BYTES = 72;
export const MIN_PASSWORD_LENGTH = 6;

// The format check GoTrue uses (badoux/checkmail).
const EMAIL_FORMAT = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Returns the address lowercased, or throws GoTrue's 400 validation_failed. */
export function validateEmail(email: string): string {
  if (email === "") throw badRequest("validation_failed", "An email address is required");
  if (email.length > 255) throw badRequest("validation_failed", "An email address is too long");
  if (!EMAIL_FORMAT.test(email)) throw badRequest("validation_failed", "Unable to validate email address: invalid format");
  return email.toLowerCase();
}

/** The weakness of a password GoTrue would report, or undefined when it is strong enough. */
export function passwordWeakness(password: string): { message: string; reasons: string[] } | undefined {
  // Go measures strings in bytes.
  if (Buffer.byteLength(password) < MIN_PASSWORD_LENGTH) {
    return { message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, reasons: ["length"] };
  }
  return undefined;
}

/** checkPasswordStrength: over 72 bytes is 400 validation_failed, too weak is 422 weak_password. */
export function checkPasswordStrength(password: string): void {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw badRequest("validation_failed", `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const weakness = passwordWeakness(password);
  if (weakness) {
    throw new AuthError(422, "weak_password", weakness.message, { weak_password: { reasons: weakness.reasons } });
  }
}
