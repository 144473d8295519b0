import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { TextField } from "~/components/ui/text-field";
import { forgotPasswordSchema } from "~/domain/auth-schemas";
import { authViewPath } from "~/domain/auth-views";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

export function ForgotPasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const pending = useIsSubmitting("forgot");
  const [form, fields] = useForm({
    id: "forgot",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldRevalidate: "onInput",
  });

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="forgot" />
      <p className="text-sm text-slate-600">Enter the email you signed up with and we will send you a link to choose a new password.</p>
      {form.errors?.[0] ? <FormAlert id={form.errorId} title="Error" description={form.errors[0]} /> : null}
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
      <StatusButton type="submit" pending={pending}>
        {pending ? "Sending…" : "Send reset link"}
      </StatusButton>
      <Link to={authViewPath("login")} preventScrollReset className="text-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </Form>
  );
}
