import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import type { AuthActionData } from "~/components/auth/auth-dialog";
import { forgotPasswordSchema, loginSchema, signupSchema } from "~/domain/auth-schemas";
import { authViewPath } from "~/domain/auth-views";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { getRequestSupabase, homePathFor } from "./auth.server";
import { limitAuthAttempt, tooManyAttemptsMessage } from "./rate-limit.server";
import { createStatelessAnonClient } from "./supabase.server";
import { redirectWithToast } from "./toast.server";

const UNEXPECTED = "An unexpected error occurred.";

type Reply = ReturnType<typeof data<AuthActionData>>;

function reply(intent: AuthActionData["intent"], result: AuthActionData["result"], status: number): Reply {
  return data({ intent, result }, { status });
}

export async function signIn(request: Request, context: AppLoadContext, formData: FormData): Promise<Reply | Response> {
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return reply("login", submission.reply({ hideFields: ["password"] }), 400);
  const { email, password, redirectTo } = submission.value;

  const wait = await limitAuthAttempt(context, "login", email);
  if (wait) return reply("login", submission.reply({ formErrors: [tooManyAttemptsMessage(wait)], hideFields: ["password"] }), 429);

  const supabase = getRequestSupabase(request, context);
  const { data: session, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error || !session.user) {
    if (!error?.status || error.status >= 500) context.logger.error({ err: error }, "sign-in failed unexpectedly");
    return reply("login", submission.reply({ formErrors: [error?.message || UNEXPECTED], hideFields: ["password"] }), error?.status === 429 ? 429 : 400);
  }
  const destination = safeRedirectPath(redirectTo, "") || (await homePathFor(request, context, session.user));
  return redirect(destination);
}

export async function signUp(context: AppLoadContext, formData: FormData): Promise<Reply | Response> {
  const submission = parseWithZod(formData, { schema: signupSchema });
  if (submission.status !== "success") return reply("signup", submission.reply({ hideFields: ["password", "confirmPassword"] }), 400);
  const { fullName, email, password } = submission.value;

  const wait = await limitAuthAttempt(context, "signup", email);
  if (wait) return reply("signup", submission.reply({ formErrors: [tooManyAttemptsMessage(wait)], hideFields: ["password", "confirmPassword"] }), 429);

  const { error } = await createStatelessAnonClient(context.supabase).auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName }, emailRedirectTo: context.publicUrl },
  });
  if (error) {
    const message =
      error.code === "user_already_exists" || error.code === "email_exists"
        ? "An account with this email already exists. Sign in instead, or reset your password."
        : error.message || UNEXPECTED;
    if (!error.status || error.status >= 500) context.logger.error({ err: error }, "sign-up failed unexpectedly");
    return reply("signup", submission.reply({ formErrors: [message], hideFields: ["password", "confirmPassword"] }), error.status === 429 ? 429 : 400);
  }
  const redirectTo = safeRedirectPath(formData.get("redirectTo"), "");
  return redirectWithToast(
    authViewPath("login", redirectTo || undefined),
    { type: "success", title: "Account created", description: "Sign in with your email and password." },
    context,
  );
}

export async function requestPasswordReset(context: AppLoadContext, formData: FormData): Promise<Reply | Response> {
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return reply("forgot", submission.reply(), 400);
  const { email } = submission.value;

  const wait = await limitAuthAttempt(context, "password-reset", email);
  if (wait) return reply("forgot", submission.reply({ formErrors: [tooManyAttemptsMessage(wait)] }), 429);

  const { error } = await createStatelessAnonClient(context.supabase).auth.resetPasswordForEmail(email, {
    redirectTo: `${context.publicUrl}/reset-password`,
  });
  // The same answer whether or not the account exists; failures are for the log only.
  if (error) context.logger.warn({ err: error }, "password reset request failed");
  return redirectWithToast(
    authViewPath("login"),
    { type: "success", title: "Check your email", description: "If an account exists for that address, a link to choose a new password is on its way." },
    context,
  );
}
