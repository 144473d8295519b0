import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { TextField } from "~/components/ui/text-field";
import { AUTH_MESSAGES, loginSchema } from "~/domain/auth-schemas";
import { authViewPath } from "~/domain/auth-views";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsSubmitting } from "~/hooks/use-is-submitting";
import { ResendConfirmationForm } from "./resend-confirmation-form";

export function LoginForm({
  redirectTo,
  email,
  claim,
  lastResult,
  unconfirmedEmail,
}: {
  redirectTo: string;
  email: string;
  claim: string;
  lastResult?: SubmissionResult<string[]>;
  /** The address that signed in with the right password before confirming: a new link is offered for it. */
  unconfirmedEmail?: string;
}) {
  const pending = useIsSubmitting("login");
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    defaultValue: { email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldRevalidate: "onInput",
  });
  // The button waits until both fields are filled (only where JavaScript can tell).
  const incomplete = hydrated && (!fields.email.value || !fields.password.value);
  const formError = form.errors?.[0];

  return (
    <div className="flex flex-col gap-4">
      {unconfirmedEmail ? (
        <ResendConfirmationForm
          email={unconfirmedEmail}
          redirectTo={redirectTo}
          claim={claim}
          alertId={form.errorId}
          problem={formError === AUTH_MESSAGES.emailNotConfirmed ? undefined : formError}
        />
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {claim ? <input type="hidden" name="claim" value={claim} /> : null}
        {formError && !unconfirmedEmail ? <FormAlert id={form.errorId} title="Login Failed" description={formError} /> : null}
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <Link to={authViewPath("forgot")} preventScrollReset className="self-end text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          Forgot password?
        </Link>
        <StatusButton type="submit" pending={pending} disabled={incomplete}>
          {pending ? "Signing in…" : "Sign In"}
        </StatusButton>
        <p className="text-center text-sm text-slate-600">
          New here?{" "}
          <Link
            to={authViewPath("signup", redirectTo, fields.email.value || email, claim)}
            preventScrollReset
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </p>
      </Form>
    </div>
  );
}
