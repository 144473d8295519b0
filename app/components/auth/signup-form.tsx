import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { TextField } from "~/components/ui/text-field";
import { AUTH_MESSAGES, signupSchema } from "~/domain/auth-schemas";
import { authViewPath } from "~/domain/auth-views";
import { useIsSubmitting } from "~/hooks/use-is-submitting";
import { NewPasswordFields } from "./new-password-fields";

export function SignupForm({
  redirectTo,
  email,
  claim,
  lastResult,
}: {
  redirectTo: string;
  email: string;
  claim: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const pending = useIsSubmitting("signup");
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    defaultValue: { email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  // After a submit attempt the alert names every problem (each field also carries its own); its
  // title is the first that applies: the server's refusal, an invalid email, passwords that differ.
  const fieldProblems =
    form.status === "error" ? [fields.fullName, fields.email, fields.password, fields.confirmPassword].flatMap((field) => field.errors ?? []) : [];
  const problems = [...new Set([...(form.errors ?? []), ...fieldProblems])];
  const mismatch = fields.confirmPassword.errors?.includes(AUTH_MESSAGES.passwordsDontMatch) ?? false;
  const alert =
    problems.length === 0
      ? null
      : {
          title: form.errors?.[0]
            ? "Signup Failed"
            : fields.email.errors?.includes(AUTH_MESSAGES.emailInvalid)
              ? AUTH_MESSAGES.invalidEmailTitle
              : mismatch && problems.length === 1
                ? AUTH_MESSAGES.passwordsDontMatch
                : "Signup Failed",
          problems: mismatch && problems.length === 1 ? [AUTH_MESSAGES.passwordsDontMatchDetail] : problems,
        };

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {claim ? <input type="hidden" name="claim" value={claim} /> : null}
      {alert ? <FormAlert id={form.errorId} title={alert.title} problems={alert.problems} /> : null}
      <TextField field={fields.fullName} label="Full name" type="text" autoComplete="name" />
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        labels={{ password: "Password", confirmPassword: "Confirm password" }}
      />
      <StatusButton type="submit" pending={pending}>
        {pending ? "Creating account…" : "Sign Up"}
      </StatusButton>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link
          to={authViewPath("login", redirectTo, fields.email.value || email, claim)}
          preventScrollReset
          className="font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </Form>
  );
}
