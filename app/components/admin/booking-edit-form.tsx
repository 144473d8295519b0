import { type FieldMetadata, type SubmissionResult, getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link } from "react-router";
import { MoveTimeFields } from "~/components/booking/move-time-fields";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { TextField } from "~/components/ui/text-field";
import { buttonClasses } from "~/components/ui/button";
import { BOOKING_EDIT_MESSAGES, bookingEditSchema } from "~/domain/admin-booking-edit";
import type { WizardAvailability } from "~/domain/capacity";
import { TIME_SLOTS } from "~/domain/pricing";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

export const EDIT_INTENT = "save-booking";
/** The 'Book it anyway' checkbox's name; its value "confirm" saves an edit the free-time check refuses. */
export const OVER_CAPACITY_FIELD = "overCapacity";

/**
 * The action's answer: the form's errors, and whether they are only that no crew is free (it may be
 * saved anyway); or, for a month or a date's times asked for without JavaScript, what was typed and
 * the calendar to show.
 */
export type BookingEditResult = SubmissionResult<string[]> & { overCapacity?: boolean; availability?: WizardAvailability };

export interface BookingEditDefaults {
  date: string;
  time: string;
  fromAddress: string;
  toAddress: string;
  specialInstructions: string;
  finalCost: string;
}

/**
 * The booking's date, time, addresses, instructions and final cost, checked as the wizard checks them;
 * what was typed stays after an error. The date and time are the wizard's calendar for this move (its
 * own crew left out): full and closed days and times are marked and cannot be chosen unless 'Book it
 * anyway' is ticked. A date or time the booking has that the calendar does not offer (past, or outside
 * the slots) may be kept.
 */
export function BookingEditForm({
  defaults,
  timeOptions,
  today,
  availability: loaded,
  availabilityEndpoint,
  lastResult,
  cancelTo,
}: {
  defaults: BookingEditDefaults;
  /** The wizard's slots, and the booking's own time when it is none of them. */
  timeOptions: ReadonlyArray<{ value: string; label: string }>;
  today: string;
  /** The calendar the page was loaded with. */
  availability: WizardAvailability;
  /** Where the calendar asks for another month or date with JavaScript. */
  availabilityEndpoint: string;
  lastResult: BookingEditResult | undefined;
  cancelTo: string;
}) {
  const pending = useIsSubmitting(EDIT_INTENT);
  const hydrated = useHydrated();
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
  const typed = (name: string) => {
    const value = lastResult?.initialValue?.[name];
    return typeof value === "string" ? value : undefined;
  };
  const initialDate = lastResult?.initialValue ? typed(fields.date.name) : defaults.date || undefined;
  const initialTime = lastResult?.initialValue ? typed(fields.time.name) : defaults.time || undefined;
  const [override, setOverride] = useState(typed(OVER_CAPACITY_FIELD) === "confirm");
  // The booking's own times that are none of the wizard's slots.
  const keptTimes = timeOptions.filter((option) => !(TIME_SLOTS as readonly string[]).includes(option.value));
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex max-w-2xl flex-col gap-5">
      {/* The form's default button (Enter in a field) saves, not the calendar's month buttons before it. */}
      <button type="submit" name="intent" value={EDIT_INTENT} className="hidden" tabIndex={-1} aria-hidden="true" />
      {form.errors?.[0] && lastResult?.overCapacity ? (
        <FormAlert id={form.errorId} title="Not a free time" description={`${form.errors[0]} ${BOOKING_EDIT_MESSAGES.overCapacityHint}`} />
      ) : form.errors?.[0] ? (
        <FormAlert id={form.errorId} title="Error" description={form.errors[0]} />
      ) : null}
      <MoveTimeFields
        formId={form.id}
        date={fields.date}
        time={fields.time}
        today={today}
        availability={lastResult?.availability ?? loaded}
        endpoint={availabilityEndpoint}
        chosen={{ date: initialDate, time: initialTime }}
        noPreference={!initialTime}
        keep={{ date: defaults.date, times: keptTimes }}
        allowUnavailable={override}
      />
      <div className="flex flex-col gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            name={OVER_CAPACITY_FIELD}
            value="confirm"
            defaultChecked={override}
            onChange={(event) => setOverride(event.currentTarget.checked)}
            aria-describedby="book-anyway-hint"
            className="size-4 accent-brand-700"
          />
          Book it anyway
        </label>
        <p id="book-anyway-hint" className="text-slate-700">
          {hydrated ? BOOKING_EDIT_MESSAGES.bookAnywayHint : `${BOOKING_EDIT_MESSAGES.bookAnywayHint} ${BOOKING_EDIT_MESSAGES.bookAnywayWithoutScripts}`}
        </p>
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
        <StatusButton type="submit" name="intent" value={EDIT_INTENT} pending={pending}>
          {pending ? "Saving…" : "Save changes"}
        </StatusButton>
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
