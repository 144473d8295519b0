import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { RESCHEDULE_INTENT } from "~/domain/booking-reschedule";
import { moveTimeSchema } from "~/domain/booking-schemas";
import type { WizardAvailability } from "~/domain/capacity";
import { useIsSubmitting } from "~/hooks/use-is-submitting";
import { MoveTimeFields } from "./move-time-fields";

const FORM_ID = "reschedule";

/**
 * A new day and start time for a booking: the wizard's month calendar and time slots for this move,
 * offering only what the company can serve. Without JavaScript the month buttons and 'Show free
 * times' post to the page, which answers with them; with it `endpoint` answers in place.
 */
export function RescheduleForm({
  action,
  endpoint,
  backTo,
  today,
  availability,
  chosen,
  lastResult,
}: {
  action: string;
  endpoint: string;
  backTo: string;
  today: string;
  availability: WizardAvailability;
  /** The date and time shown chosen: the move's own until the customer picks others. */
  chosen: { date: string; time: string | null };
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    defaultValue: { date: chosen.date, time: chosen.time ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: moveTimeSchema(today) }),
    shouldValidate: "onSubmit",
  });
  const pending = useIsSubmitting(RESCHEDULE_INTENT);

  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="flex flex-col gap-6">
      {form.errors?.[0] ? <FormAlert id={form.errorId} title="Not rescheduled" description={form.errors[0]} /> : null}
      <MoveTimeFields
        formId={FORM_ID}
        date={fields.date}
        time={fields.time}
        today={today}
        availability={availability}
        endpoint={endpoint}
        chosen={{ date: chosen.date, time: chosen.time ?? undefined }}
        noPreference={!chosen.time}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={backTo} className={buttonClasses("outline", "md")}>
          Keep current date
        </Link>
        <StatusButton type="submit" name="intent" value={RESCHEDULE_INTENT} pending={pending}>
          {pending ? "Rescheduling…" : "Reschedule move"}
        </StatusButton>
      </div>
    </Form>
  );
}
