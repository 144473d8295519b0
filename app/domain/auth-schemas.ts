import { z } from "zod";
import { SIMPLE_EMAIL, noControlCharacters } from "./text";

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

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(320, AUTH_MESSAGES.emailInvalid)
  .regex(SIMPLE_EMAIL, AUTH_MESSAGES.emailInvalid)
  .refine(noControlCharacters, AUTH_MESSAGES.emailInvalid)
  .transform((value) => value.toLowerCase());

/** The product's password rule: 8+ characters (bcrypt reads at most 72 bytes), upper, lower and a digit. */
const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(8, AUTH_MESSAGES.passwordTooShort)
  .refine((value) => new TextEncoder().encode(value).length <= 72, AUTH_MESSAGES.passwordTooLong)
  .regex(/[A-Z]/, AUTH_MESSAGES.passwordTooWeak)
  .regex(/[a-z]/, AUTH_MESSAGES.passwordTooWeak)
  .regex(/\d/, AUTH_MESSAGES.passwordTooWeak);

const confirmPassword = z.string({ error: AUTH_MESSAGES.confirmRequired });

const passwordsMatch: [check: (values: { password: string; confirmPassword: string }) => boolean, options: { path: string[]; message: string }] = [
  (values) => values.password === values.confirmPassword,
  { path: ["confirmPassword"], message: AUTH_MESSAGES.passwordsDontMatch },
];

export const loginSchema = z.object({
  email,
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(1000, AUTH_MESSAGES.passwordTooLong),
  redirectTo: z.string().max(2000).optional(),
});

export const signupSchema = z
  .object({
    fullName: z
      .string({ error: AUTH_MESSAGES.fullNameRequired })
      .trim()
      .min(1, AUTH_MESSAGES.fullNameRequired)
      .max(120, AUTH_MESSAGES.fullNameTooLong)
      .refine(noControlCharacters, AUTH_MESSAGES.fullNameInvalid),
    email,
    password: newPassword,
    confirmPassword,
  })
  .refine(...passwordsMatch);

/** A reset link for an address; the dashboard's offer to bring guest bookings sends it too, and comes back there. */
export const forgotPasswordSchema = z.object({ email, redirectTo: z.string().max(2000).optional() });

/** A new sign-up confirmation link, asked for from the login view (which keeps where to go next). */
export const resendConfirmationSchema = z.object({ email, redirectTo: z.string().max(2000).optional() });

export const resetPasswordSchema = z
  .object({
    tokenHash: z.string().min(1).max(200),
    password: newPassword,
    confirmPassword,
  })
  .refine(...passwordsMatch);

/** The link types a sign-up confirmation email carries (`type=signup`, or `type=email` in Supabase's templates). */
export const CONFIRM_EMAIL_TYPES = ["signup", "email"] as const;

export const confirmEmailSchema = z.object({
  tokenHash: z.string().min(1).max(200),
  type: z.enum(CONFIRM_EMAIL_TYPES),
  next: z.string().max(2000).optional(),
});
