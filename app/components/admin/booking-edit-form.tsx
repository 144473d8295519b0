import { type FieldMetadata, type SubmissionResult, getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { SelectField } from "~/components/ui/select-field";
import { StatusButton } from "~/components/ui/status-button";
import { TextField } from "~/components/ui/text-field";
import { BOOKING_EDIT_MESSAGES, bookingEditSchema } from "~/domain/admin-booking-edit";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

export const EDIT_INTENT = "save-booking";
/** The 'Book over capacity' button's name; its value "confirm" saves an edit no crew is free for. */
export const OVER_CAPACITY_FIELD = "overCapacity";

/** The action's answer: the form's errors, and whether they are only that no crew is free (it may be saved anyway). */
export type BookingEditResult = SubmissionResult<string[]> & { overCapacity?: boolean };

export interface BookingEditDefaults {
  date: string;
  time: string;
  fromAddress: string;
  toAddress: string;
  specialInstructions: string;
  finalCost: string;
}

/** The booking's date, time, addresses, instructions and final cost, checked as the wizard checks them; what was typed stays after an error. */
export function BookingEditForm({
  defaults,
  timeOptions,
  today,
  lastResult,
  cancelTo,
}: {
  defaults: BookingEditDefaults;
  /** The wizard's slots, and the booking's own time when it is none of them. */
  timeOptions: ReadonlyArray<{ value: string; label: string }>;
  today: string;
  lastResult: BookingEditResult | undefined;
  cancelTo: string;
}) {
  const pending = useIsSubmitting(EDIT_INTENT);
  const current = { date: defaults.date, time: defaults.time || null };
  const schema = bookingEditSchema(today, current);
  const [form, fields] = useForm({
    id: "booking-edit",
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex max-w-2xl flex-col gap-5">
      <input type="hidden" name="intent" value={EDIT_INTENT} />
      {form.errors?.[0] && lastResult?.overCapacity ? (
        <FormAlert id={form.errorId} title="Over capacity" description={`${form.errors[0]} ${BOOKING_EDIT_MESSAGES.overCapacityHint}`} />
      ) : form.errors?.[0] ? (
        <FormAlert id={form.errorId} title="Error" description={form.errors[0]} />
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={fields.date} label="Move date" type="date" autoComplete="off" />
        <SelectField field={fields.time} label="Time" options={timeOptions} placeholder="No time slot" />
      </div>
      <TextField field={fields.fromAddress} label="Moving from" type="text" autoComplete="off" />
      <TextField field={fields.toAddress} label="Moving to" type="text" autoComplete="off" />
      <InstructionsField field={fields.specialInstructions} />
      <TextField
        field={fields.finalCost}
        label="Final cost (dollars)"
        type="text"
        autoComplete="off"
        hint="What the customer is billed, e.g. 1250.50. Leave empty while not known."
        inputProps={{ inputMode: "decimal" }}
      />
      <div className="flex flex-wrap gap-3">
        <StatusButton type="submit" pending={pending}>
          {pending ? "Saving…" : "Save changes"}
        </StatusButton>
        {lastResult?.overCapacity ? (
          <button
            type="submit"
            name={OVER_CAPACITY_FIELD}
            value="confirm"
            className={buttonClasses("outline", "md", "border-red-300 text-red-800 hover:bg-red-50")}
            disabled={pending}
          >
            Book over capacity
          </button>
        ) : null}
        <Link to={cancelTo} className={buttonClasses("outline")}>
          Back to booking
        </Link>
      </div>
    </Form>
  );
}

function InstructionsField({ field }: { field: FieldMetadata<string | undefined> }) {
  const error = field.errors?.[0];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        Special instructions
      </label>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        rows={4}
        aria-describedby={error ? field.errorId : undefined}
        className="rounded-lg border border-slate-300 px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600"
      />
      {error ? (
        <p id={field.errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
