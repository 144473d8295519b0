import { z } from "zod/mini";
import { emailField } from "./text-fields";
import { noControlCharacters } from "./text";

// Shared by the browser (instant validation) and the server (the authority).

export const AUTH_MESSAGES = {
  fullNameRequired: "Full name is required",
  fullNameTooLong: "Full name must be at most 120 characters",
  fullNameInvalid: "Full name can't contain control characters",
  emailRequired: "Email address is required",
  emailInvalid: "Please enter a valid email address",
  invalidEmailTitle: "Invalid Email",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters long",
  passwordTooLong: "Password must be at most 72 characters long",
  passwordTooWeak: "Password must contain at least one uppercase letter, one lowercase letter, and one number",
  confirmRequired: "Please confirm your password",
  passwordsDontMatch: "Passwords don't match",
  passwordsDontMatchDetail: "Please ensure both passwords are the same.",
  emailNotConfirmed: "Please confirm your email first: we sent you a link when you signed up.",
  confirmationResent: "If that address needs confirming, we sent a new link.",
} as const;

const email = emailField(AUTH_MESSAGES.emailRequired, AUTH_MESSAGES.emailInvalid);

/** The product's password rule: 8+ characters (bcrypt reads at most 72 bytes), upper, lower and a digit. */
const newPassword = z.string({ error: AUTH_MESSAGES.passwordRequired }).check(
  z.minLength(8, AUTH_MESSAGES.passwordTooShort),
  z.refine((value) => new TextEncoder().encode(value).length <= 72, AUTH_MESSAGES.passwordTooLong),
  z.regex(/[A-Z]/, AUTH_MESSAGES.passwordTooWeak),
  z.regex(/[a-z]/, AUTH_MESSAGES.passwordTooWeak),
  z.regex(/\d/, AUTH_MESSAGES.passwordTooWeak),
);

const confirmPassword = z.string({ error: AUTH_MESSAGES.confirmRequired });

const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>((values) => values.password === values.confirmPassword, {
  path: ["confirmPassword"],
  message: AUTH_MESSAGES.passwordsDontMatch,
});

/** Where to go once signed in, or the like: a path kept for the next page. */
const nextPath = z.optional(z.string().check(z.maxLength(2000)));

/** A one-time link's token, as emailed. */
const tokenHash = z.string().check(z.minLength(1), z.maxLength(200));

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .check(z.minLength(1, AUTH_MESSAGES.passwordRequired), z.maxLength(1000, AUTH_MESSAGES.passwordTooLong)),
  redirectTo: nextPath,
});

export const signupSchema = z
  .object({
    fullName: z
      .string({ error: AUTH_MESSAGES.fullNameRequired })
      .check(
        z.trim(),
        z.minLength(1, AUTH_MESSAGES.fullNameRequired),
        z.maxLength(120, AUTH_MESSAGES.fullNameTooLong),
        z.refine(noControlCharacters, AUTH_MESSAGES.fullNameInvalid),
      ),
    email,
    password: newPassword,
    confirmPassword,
  })
  .check(passwordsMatch);

/** A reset link for an address; the dashboard's offer to bring guest bookings sends it too, and comes back there. */
export const forgotPasswordSchema = z.object({ email, redirectTo: nextPath });

/** A new sign-up confirmation link, asked for from the login view (which keeps where to go next). */
export const resendConfirmationSchema = z.object({ email, redirectTo: nextPath });

export const resetPasswordSchema = z
  .object({
    tokenHash,
    password: newPassword,
    confirmPassword,
  })
  .check(passwordsMatch);

/** The link types a sign-up confirmation email carries (`type=signup`, or `type=email` in Supabase's templates). */
export const CONFIRM_EMAIL_TYPES = ["signup", "email"] as const;

export const confirmEmailSchema = z.object({
  tokenHash,
  type: z.enum(CONFIRM_EMAIL_TYPES),
  next: nextPath,
});
