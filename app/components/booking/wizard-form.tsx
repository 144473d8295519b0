import { getFormProps, type FormMetadata } from "@conform-to/react";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { buttonClasses } from "~/components/ui/button";

/**
 * One wizard step as a plain HTML form posted to the wizard's action: Continue (or the last step's
 * own button) validates and moves on; Previous keeps what was typed and goes back without checking.
 */
export function WizardForm<Schema extends Record<string, unknown>>({
  form,
  isFirst,
  primary,
  errorTitle = "Please check this step",
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  isFirst: boolean;
  primary: { intent: string; label: string; pendingLabel: string };
  errorTitle?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const submittingIntent = navigation.state !== "idle" && navigation.formMethod === "POST" ? String(navigation.formData?.get("intent") ?? "") : null;
  const pending = submittingIntent === primary.intent;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-6">
      {/* Enter in a field submits with the form's first button: make that the step's own. */}
      <button type="submit" name="intent" value={primary.intent} className="hidden" tabIndex={-1} aria-hidden="true" />
      {form.errors?.length ? <FormAlert id={form.errorId} title={errorTitle} problems={form.errors} /> : null}
      {children}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
        <button type="submit" name="intent" value="previous" formNoValidate disabled={isFirst} className={buttonClasses("outline", "md")}>
          <ArrowLeft aria-hidden className="size-4" />
          Previous
        </button>
        <StatusButton type="submit" name="intent" value={primary.intent} pending={pending}>
          {pending ? primary.pendingLabel : primary.label}
        </StatusButton>
      </div>
    </Form>
  );
}
