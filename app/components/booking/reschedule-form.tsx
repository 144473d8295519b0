import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { RESCHEDULE_INTENT } from "~/domain/booking-reschedule";
import { moveTimeSchema } from "~/domain/booking-schemas";
import { CAPACITY_MESSAGES, slotFits, type WizardAvailability } from "~/domain/capacity";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsSubmitting } from "~/hooks/use-is-submitting";
import { useWizardAvailability } from "~/hooks/use-wizard-availability";
import { MoveDatePicker } from "./move-date-picker";
import { StartTimeSlots } from "./start-time-slots";

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
  availability: rendered,
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
  const hydrated = useHydrated();
  const pending = useIsSubmitting(RESCHEDULE_INTENT);
  const { availability, ask, loading, failed } = useWizardAvailability(rendered, endpoint);
  const [chosenDate, setChosenDate] = useState<string | undefined>(chosen.date);
  const [chosenTime, setChosenTime] = useState<string | undefined>(chosen.time ?? undefined);
  const day = availability.day && availability.day.date === chosenDate ? availability.day : null;
  const timeFull = day && chosenTime && !slotFits(day.slots, chosenTime) ? CAPACITY_MESSAGES.slotFullOn(chosenTime, day.date) : undefined;
  const chooseDate = (date: string) => {
    setChosenDate(date);
    ask({ month: availability.month, date });
  };
  // A day tapped before the scripts arrived is asked about once they run.
  const onHydration = useRef(chooseDate);
  useEffect(() => {
    const element = document.getElementById(FORM_ID);
    if (!(element instanceof HTMLFormElement)) return;
    const date = new FormData(element).get("date");
    if (typeof date === "string" && date && date !== chosen.date) onHydration.current(date);
  }, [chosen.date]);

  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="flex flex-col gap-6">
      {form.errors?.[0] ? <FormAlert id={form.errorId} title="Not rescheduled" description={form.errors[0]} /> : null}
      <MoveDatePicker
        name={fields.date.name}
        errorId={fields.date.errorId}
        error={fields.date.errors?.[0] ?? failed ?? undefined}
        today={today}
        availability={availability}
        chosenDate={chosenDate}
        loading={loading}
        hydrated={hydrated}
        onDateChange={chooseDate}
        onMonthChange={(month) => ask({ month, date: chosenDate })}
      />
      <StartTimeSlots
        name={fields.time.name}
        errorId={fields.time.errorId}
        error={fields.time.errors?.[0] ?? timeFull}
        chosenTime={chosenTime}
        noPreference={!chosen.time}
        day={day}
        hydrated={hydrated}
        onTimeChange={setChosenTime}
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
