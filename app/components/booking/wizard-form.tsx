import { getFormProps, type FormMetadata } from "@conform-to/react";
import { ArrowLeft } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { buttonClasses } from "~/components/ui/button";
import type { AnswerLine } from "~/domain/booking-review";

/**
 * One wizard step as a plain HTML form posted to the wizard's action: Continue (or the review's own
 * button) validates and moves on; Previous keeps what was typed and goes back without checking.
 * Below the large screens the buttons' row is a bar held at the bottom of the screen while the form
 * scrolls, with the price in brief (the summary beside the step shows it on large screens): the
 * step's button exists once, wherever it shows.
 */
export function WizardForm<Schema extends Record<string, unknown>>({
  form,
  isFirst,
  primary,
  price,
  errorTitle = "Please check this step",
  onChange,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  isFirst: boolean;
  primary: { intent: string; label: string; pendingLabel: string };
  /** The estimate or the rate, shown beside the button on small screens. */
  price: AnswerLine;
  errorTitle?: string;
  /** Any field of the form changed (typed, picked or ticked). */
  onChange?: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const submittingIntent = navigation.state !== "idle" && navigation.formMethod === "POST" ? String(navigation.formData?.get("intent") ?? "") : null;
  const pending = submittingIntent === primary.intent;
  return (
    <Form method="post" {...getFormProps(form)} noValidate onChange={onChange} className="flex flex-col gap-6">
      {/* Enter in a field submits with the form's first button: make that the step's own. */}
      <button type="submit" name="intent" value={primary.intent} className="hidden" tabIndex={-1} aria-hidden="true" />
      {form.errors?.length ? <FormAlert id={form.errorId} title={errorTitle} problems={form.errors} /> : null}
      {children}
      <div className="wizard-action-bar sticky bottom-0 z-10 -mx-4 flex items-center gap-2 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-6px_12px_-8px_rgb(15_23_42/0.25)] sm:-mx-6 sm:-mb-6 sm:gap-3 sm:rounded-b-2xl sm:px-6 lg:static lg:m-0 lg:justify-between lg:rounded-none lg:px-0 lg:pt-4 lg:pb-0 lg:shadow-none">
        <button
          type="submit"
          name="intent"
          value="previous"
          formNoValidate
          disabled={isFirst}
          className={buttonClasses("outline", "md", "relative shrink-0 max-sm:w-11 max-sm:px-0")}
        >
          <ArrowLeft aria-hidden className="size-4" />
          {/* The narrowest screens show the arrow alone; its name stays for screen readers. */}
          <span className="sr-only sm:not-sr-only">Previous</span>
        </button>
        <p className="min-w-0 flex-1 leading-tight lg:hidden">
          <span className="block truncate text-xs text-slate-600">{price.label}</span>{" "}
          <span className="block truncate font-semibold tabular-nums">{price.value}</span>
        </p>
        <StatusButton type="submit" name="intent" value={primary.intent} pending={pending} className="shrink-0 max-sm:px-4">
          {pending ? primary.pendingLabel : primary.label}
        </StatusButton>
      </div>
    </Form>
  );
}
