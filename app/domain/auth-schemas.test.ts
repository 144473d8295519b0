import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { $ZodType } from "zod/v4/core";
import { AUTH_MESSAGES, loginSchema, resetPasswordSchema, signupSchema } from "./auth-schemas";

const validSignup = { fullName: "Ada Lovelace", email: "Ada@Example.com", password: "Secret123", confirmPassword: "Secret123" };

/** Parses as the forms do (FormData through Conform) and returns the first message per field, as shown. */
function errorsOf(schema: $ZodType, values: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema });
  return Object.fromEntries(Object.entries(submission.status === "error" ? (submission.error ?? {}) : {}).map(([field, messages]) => [field, messages?.[0]]));
}

describe("signupSchema", () => {
  it("accepts a valid sign-up and lower-cases the email", () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(validSignup)) formData.set(name, value);
    const submission = parseWithZod(formData, { schema: signupSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.email).toBe("ada@example.com");
  });

  it("requires every field", () => {
    expect(errorsOf(signupSchema, {})).toMatchObject({
      fullName: AUTH_MESSAGES.fullNameRequired,
      email: AUTH_MESSAGES.emailRequired,
      password: AUTH_MESSAGES.passwordRequired,
      confirmPassword: AUTH_MESSAGES.confirmRequired,
    });
    expect(errorsOf(signupSchema, { ...validSignup, fullName: "   " })).toMatchObject({ fullName: AUTH_MESSAGES.fullNameRequired });
  });

  it.each(["ada", "ada@", "ada@example", "@example.com", "ada @example.com"])("rejects the email %j", (email) => {
    expect(errorsOf(signupSchema, { ...validSignup, email })).toMatchObject({ email: AUTH_MESSAGES.emailInvalid });
  });

  it("says 'Password must be at least 8 characters long' below 8 characters", () => {
    expect(errorsOf(signupSchema, { ...validSignup, password: "Abc123", confirmPassword: "Abc123" })).toMatchObject({
      password: AUTH_MESSAGES.passwordTooShort,
    });
  });

  it.each(["alllower123", "ALLUPPER123", "NoDigitsHere"])("requires upper, lower and a digit: %j", (password) => {
    expect(errorsOf(signupSchema, { ...validSignup, password, confirmPassword: password })).toMatchObject({ password: AUTH_MESSAGES.passwordTooWeak });
  });

  it("refuses passwords over bcrypt's 72 bytes", () => {
    const password = `Aa1${"é".repeat(35)}`;
    expect(errorsOf(signupSchema, { ...validSignup, password, confirmPassword: password })).toMatchObject({
      password: AUTH_MESSAGES.passwordTooLong,
    });
  });

  it("says 'Passwords don't match' on the confirmation", () => {
    expect(errorsOf(signupSchema, { ...validSignup, confirmPassword: "Secret124" })).toEqual({
      confirmPassword: AUTH_MESSAGES.passwordsDontMatch,
    });
  });
});

describe("loginSchema", () => {
  it("requires email and password", () => {
    expect(errorsOf(loginSchema, { email: "", password: "" })).toEqual({
      email: AUTH_MESSAGES.emailRequired,
      password: AUTH_MESSAGES.passwordRequired,
    });
  });
});

describe("resetPasswordSchema", () => {
  it("applies the sign-up password rules and needs the token", () => {
    expect(errorsOf(resetPasswordSchema, { tokenHash: "", password: "short", confirmPassword: "short" })).toMatchObject({
      tokenHash: expect.any(String),
      password: AUTH_MESSAGES.passwordTooShort,
    });
  });
});

describe("control characters and lengths", () => {
  it("refuses NUL and other control characters in the name and the email", () => {
    expect(errorsOf(signupSchema, { ...validSignup, fullName: "Ada\u0000Lovelace" }).fullName).toBe(AUTH_MESSAGES.fullNameInvalid);
    expect(errorsOf(signupSchema, { ...validSignup, email: "ada\u0000@example.com" }).email).toBe(AUTH_MESSAGES.emailInvalid);
    expect(errorsOf(loginSchema, { email: "ada@exa\u0007mple.com", password: "x" }).email).toBe(AUTH_MESSAGES.emailInvalid);
  });

  it("bounds every field, so nothing huge is echoed back", () => {
    expect(errorsOf(signupSchema, { ...validSignup, fullName: "A".repeat(121) }).fullName).toBe(AUTH_MESSAGES.fullNameTooLong);
    expect(errorsOf(loginSchema, { email: "a@example.com", password: "x".repeat(1001) }).password).toBeDefined();
    expect(errorsOf(loginSchema, { email: "a@example.com", password: "x", redirectTo: `/${"a".repeat(2001)}` }).redirectTo).toBeDefined();
  });
});
