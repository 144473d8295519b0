import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect, type RouterContextProvider } from "react-router";
import type { Session } from "@supabase/supabase-js";
import { requestContext, servicesContext, sessionContext, settingsContext } from "~/context";
import { firstName } from "~/domain/account";
import { AUTH_MESSAGES, forgotPasswordSchema, loginSchema, resendConfirmationSchema, signupSchema } from "~/domain/auth-schemas";
import { authViewPath, type AuthActionData } from "~/domain/auth-views";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { isWizardPath } from "~/domain/wizard-path";
import { claimGuestBooking } from "~/services/booking-claims.server";
import { adoptGuestDraft } from "~/services/drafts.server";
import { isKnownDevice, rememberDevice } from "~/services/known-device.server";
import { tooManyAttemptsMessage } from "~/services/rate-limit.server";
import { homePath, readRoles } from "~/services/session.server";
import { createStatelessAnonClient } from "~/services/supabase.server";
import { setToast } from "~/services/toast.server";

// The auth dialog's forms post to the landing page; these are its action's handlers.

type Context = Readonly<RouterContextProvider>;

const UNEXPECTED = "An unexpected error occurred.";

function reply(intent: AuthActionData["intent"], result: AuthActionData["result"], status: number) {
  return data<AuthActionData>({ intent, result }, { status });
}

function limitRequest(context: Context, action: "signup" | "password-reset" | "confirmation-resend", email: string) {
  return context.get(servicesContext).authLimits.beforeRequest(action, context.get(requestContext).clientIp, email);
}

export async function signIn(request: Request, context: Context, formData: FormData) {
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return reply("login", submission.reply({ hideFields: ["password"] }), 400);
  const { email, password, redirectTo } = submission.value;
  const { logger } = context.get(requestContext);

  const { authLimits } = context.get(servicesContext);
  const wait = await authLimits.beforeSignIn(context.get(requestContext).clientIp, email, await isKnownDevice(request, context, email));
  if (wait) return reply("login", submission.reply({ formErrors: [tooManyAttemptsMessage(wait)], hideFields: ["password"] }), 429);

  const session = context.get(sessionContext);
  const { data: signedIn, error } = await session.supabase.auth.signInWithPassword({ email, password });
  if (error?.code === "email_not_confirmed") {
    // Supabase says so only once the password is right, so it is no failure: the login view offers a new link.
    const result = submission.reply({ formErrors: [AUTH_MESSAGES.emailNotConfirmed], hideFields: ["password"] });
    return data<AuthActionData>({ intent: "login", result, unconfirmedEmail: email }, { status: 400 });
  }
  if (error || !signedIn.user) {
    if (!error?.status || error.status >= 500) logger.error({ err: error }, "sign-in failed unexpectedly");
    else await authLimits.signInFailed(email);
    return reply("login", submission.reply({ formErrors: [error?.message || UNEXPECTED], hideFields: ["password"] }), error?.status === 429 ? 429 : 400);
  }
  await rememberDevice(request, context, email);
  const destination = safeRedirectPath(redirectTo, "");
  const claimed = await keepGuestWork(request, context, formData, signedIn.user.id, destination);
  if (claimed) await setToast(context, { type: "success", title: "Booking added", description: "The booking you just paid for is now in your account." });
  // The session read at the start of the request was the signed-out one: ask about the new user.
  return redirect(destination || homePath(await readRoles(session.supabase, signedIn.user, logger)));
}

/**
 * What the guest did in this browser joins the account that has just signed up or in here: the booking
 * the form's claim names (the payment page's dialog), and the wizard's draft when the dialog was opened
 * from the wizard and returns there (the draft's cookie is the proof; a sign-in from anywhere else on
 * a shared browser leaves a guest's draft alone) and the draft was made with the account's email (a
 * draft for another address stays the guest's: the account starts its own). True when the claim's booking joined.
 */
async function keepGuestWork(request: Request, context: Context, formData: FormData, userId: string, destination: string): Promise<boolean> {
  const claimed = await claimGuestBooking(context, formData.get("claim"), userId);
  if (destination && isWizardPath(destination)) await adoptGuestDraft(request, context, userId);
  return claimed;
}

export async function signUp(request: Request, context: Context, formData: FormData) {
  const submission = parseWithZod(formData, { schema: signupSchema });
  if (submission.status !== "success") return reply("signup", submission.reply({ hideFields: ["password", "confirmPassword"] }), 400);
  const { fullName, email, password } = submission.value;
  const { logger, clientIp } = context.get(requestContext);
  const services = context.get(servicesContext);

  const wait = await limitRequest(context, "signup", email);
  if (wait) return reply("signup", submission.reply({ formErrors: [tooManyAttemptsMessage(wait)], hideFields: ["password", "confirmPassword"] }), 429);

  const { data: created, error } = await createStatelessAnonClient(services.supabase, clientIp).auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName }, emailRedirectTo: services.publicUrl },
  });
  if (error) {
    const message =
      error.code === "user_already_exists" || error.code === "email_exists"
        ? "An account with this email already exists. Sign in instead, or reset your password."
        : error.message || UNEXPECTED;
    if (!error.status || error.status >= 500) logger.error({ err: error }, "sign-up failed unexpectedly");
    return reply("signup", submission.reply({ formErrors: [message], hideFields: ["password", "confirmPassword"] }), error.status === 429 ? 429 : 400);
  }
  const redirectTo = safeRedirectPath(formData.get("redirectTo"), "");
  // Where the backend signs new accounts in (confirmations off), the customer is signed in here too.
  // The address counts as confirmed then without any proof: the guest bookings made with it stay
  // where they are, unless the form's claim names one.
  if (created.session && (await startSession(context, created.session))) {
    await keepGuestWork(request, context, formData, created.session.user.id, redirectTo);
    const { companyName } = await context.get(settingsContext)();
    await setToast(context, {
      type: "success",
      title: `Welcome to ${companyName}, ${firstName(fullName)}!`,
      description: "Your account is ready and you are signed in.",
    });
    return redirect(redirectTo || href("/dashboard"));
  }
  if (created.session) {
    await setToast(context, { type: "success", title: "Account created", description: "Sign in with your email and password." });
  } else {
    await setToast(context, {
      type: "success",
      title: "Check your email to confirm your account",
      description: `Open the link we sent to ${email}: it confirms your address and signs you in.`,
    });
  }
  // The claim (if any) goes on to the login view: signing in once the address is confirmed uses it.
  return redirect(authViewPath("login", redirectTo || undefined, email, claimOf(formData)));
}

/** The claim a form carried, as the login view's address takes it back. */
function claimOf(formData: FormData): string | undefined {
  const claim = formData.get("claim");
  return typeof claim === "string" && claim.length > 0 && claim.length <= 200 ? claim : undefined;
}

/** Puts a session the backend handed out into the request's cookies; false (and logged) when it cannot. */
async function startSession(context: Context, session: Session): Promise<boolean> {
  const { error } = await context.get(sessionContext).supabase.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  if (error) context.get(requestContext).logger.warn({ err: error }, "could not sign the new account in");
  return !error;
}

export async function requestPasswordReset(context: Context, formData: FormData) {
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return reply("forgot", submission.reply(), 400);
  const { email, redirectTo } = submission.value;
  const { logger, clientIp } = context.get(requestContext);
  const services = context.get(servicesContext);

  const wait = await limitRequest(context, "password-reset", email);
  if (wait) return reply("forgot", submission.reply({ formErrors: [tooManyAttemptsMessage(wait)] }), 429);

  // The same answer, in the same time, whether or not the account exists: the request is sent
  // without waiting for it, and its failures are for the log only.
  void createStatelessAnonClient(services.supabase, clientIp)
    .auth.resetPasswordForEmail(email, { redirectTo: `${services.publicUrl}${href("/reset-password")}` })
    .then(({ error }) => error && logger.warn({ err: error }, "password reset request failed"))
    .catch((error: unknown) => logger.warn({ err: error }, "password reset request failed"));
  await setToast(context, {
    type: "success",
    title: "Check your email",
    description: "If an account exists for that address, a link to choose a new password is on its way.",
  });
  return redirect(safeRedirectPath(redirectTo, "") || authViewPath("login"));
}

/**
 * A new sign-up confirmation link, asked for from the login view after signing in before confirming.
 * The same answer, in the same time, whether or not the address has an account that needs
 * confirming: the request is sent without waiting for it, and its failures are for the log only.
 */
export async function resendConfirmation(context: Context, formData: FormData) {
  const submission = parseWithZod(formData, { schema: resendConfirmationSchema });
  if (submission.status !== "success") return reply("login", submission.reply(), 400);
  const { email, redirectTo } = submission.value;
  const { logger, clientIp } = context.get(requestContext);
  const services = context.get(servicesContext);

  const wait = await limitRequest(context, "confirmation-resend", email);
  if (wait)
    return data<AuthActionData>(
      { intent: "login", result: submission.reply({ formErrors: [tooManyAttemptsMessage(wait)] }), unconfirmedEmail: email },
      { status: 429 },
    );

  void createStatelessAnonClient(services.supabase, clientIp)
    .auth.resend({ type: "signup", email, options: { emailRedirectTo: services.publicUrl } })
    .then(({ error }) => error && logger.warn({ err: error }, "confirmation link request failed"))
    .catch((error: unknown) => logger.warn({ err: error }, "confirmation link request failed"));
  await setToast(context, { type: "success", title: "Check your email", description: AUTH_MESSAGES.confirmationResent });
  return redirect(authViewPath("login", safeRedirectPath(redirectTo, "") || undefined, email, claimOf(formData)));
}
