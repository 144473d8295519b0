import { useForm } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { SelectField } from "~/components/ui/select-field";
import { TextField } from "~/components/ui/text-field";
import { PROPERTY_SIZE_LABELS } from "~/domain/booking-labels";
import { priceInBrief } from "~/domain/booking-review";
import { detailsSchema } from "~/domain/booking-schemas";
import { withFormAnswers } from "~/domain/booking-wizard";
import { CAPACITY_MESSAGES, slotFits, type CapacityProblems, type WizardAvailability } from "~/domain/capacity";
import { PROPERTY_SIZES } from "~/domain/pricing";
import { useHydrated } from "~/hooks/use-hydrated";
import { useWizardAvailability } from "~/hooks/use-wizard-availability";
import { MoveDatePicker } from "./move-date-picker";
import { RateNote } from "./rate-note";
import { StartTimeSlots } from "./start-time-slots";
import { WizardForm } from "./wizard-form";
import { CONTINUE, STEP_VALIDATION, validateStep, type StepProps } from "./wizard-step-form";

export function DetailsStep({
  draft,
  live,
  onLiveChange,
  lastResult,
  today,
  availability: rendered,
  capacity,
}: StepProps & { today: string; availability: WizardAvailability; capacity: CapacityProblems }) {
  const [form, fields] = useForm({
    id: "wizard-details",
    lastResult,
    defaultValue: { date: draft.date, time: draft.time, fromAddress: draft.fromAddress, toAddress: draft.toAddress, propertySize: draft.propertySize },
    onValidate: validateStep(detailsSchema(today)),
    ...STEP_VALIDATION,
  });
  const hydrated = useHydrated();
  const { availability, ask, loading, failed } = useWizardAvailability(rendered);
  const initialDate = typeof fields.date.initialValue === "string" ? fields.date.initialValue : undefined;
  const initialTime = typeof fields.time.initialValue === "string" ? fields.time.initialValue : undefined;
  // A saved date or time the page says can no longer take the move (closed since, or taken) starts unchosen.
  const [chosenDate, setChosenDate] = useState(capacity.date ? undefined : initialDate);
  const [chosenTime, setChosenTime] = useState(capacity.date || capacity.time ? undefined : initialTime);
  // What the page was loaded with holds until the customer changes that answer.
  const [loadedProblems, setLoadedProblems] = useState(lastResult ? {} : capacity);
  const day = availability.day && availability.day.date === chosenDate ? availability.day : null;
  // A time chosen before the date changed that the new date cannot take: the customer is told why (Continue refuses it).
  const timeFull = day && chosenTime && !slotFits(day.slots, chosenTime) ? CAPACITY_MESSAGES.slotFullOn(chosenTime, day.date) : undefined;

  const answer = (name: string) => {
    const formElement = document.getElementById(form.id);
    return formElement instanceof HTMLFormElement ? String(new FormData(formElement).get(name) ?? "") || undefined : undefined;
  };
  const chooseDate = (date: string) => {
    setChosenDate(date);
    setLoadedProblems({});
    ask({ month: availability.month, date, size: answer(fields.propertySize.name) });
  };
  // A day tapped or a size chosen before the scripts arrived is asked about once they run.
  const [formId, dateField, sizeField] = [form.id, fields.date.name, fields.propertySize.name];
  useEffect(() => {
    const formElement = document.getElementById(formId);
    if (!(formElement instanceof HTMLFormElement)) return;
    const formData = new FormData(formElement);
    const [date, size] = [formData.get(dateField), formData.get(sizeField)];
    if (typeof date === "string" && date && (date !== initialDate || size !== (draft.propertySize ?? ""))) chooseDateOnHydration.current?.(date);
  }, [formId, dateField, sizeField, initialDate, draft.propertySize]);
  const chooseDateOnHydration = useRef<((date: string) => void) | null>(chooseDate);
  return (
    <WizardForm
      form={form}
      isFirst={false}
      primary={CONTINUE}
      price={priceInBrief(live)}
      onChange={(event) => {
        const formData = new FormData(event.currentTarget);
        onLiveChange((current) => withFormAnswers(current, "details", formData));
        // A new home size changes which days and times can take the move.
        if (event.target instanceof HTMLSelectElement && event.target.name === fields.propertySize.name) {
          ask({ month: availability.month, date: chosenDate, size: answer(fields.propertySize.name) });
        }
      }}
    >
      <TextField field={fields.fromAddress} label="Pickup address" type="text" autoComplete="street-address" />
      <TextField field={fields.toAddress} label="Delivery address" type="text" autoComplete="off" />
      <SelectField
        field={fields.propertySize}
        label="Property size"
        placeholder="Choose a size"
        options={PROPERTY_SIZES.map((size) => ({ value: size, label: PROPERTY_SIZE_LABELS[size] }))}
      />
      <MoveDatePicker
        name={fields.date.name}
        errorId={fields.date.errorId}
        error={fields.date.errors?.[0] ?? loadedProblems.date ?? failed ?? undefined}
        today={today}
        availability={availability}
        chosenDate={chosenDate}
        loading={loading}
        hydrated={hydrated}
        onDateChange={chooseDate}
        onMonthChange={(month) => ask({ month, date: chosenDate, size: answer(fields.propertySize.name) })}
      />
      <StartTimeSlots
        name={fields.time.name}
        errorId={fields.time.errorId}
        error={fields.time.errors?.[0] ?? loadedProblems.time ?? timeFull}
        chosenTime={chosenTime}
        noPreference={!initialTime}
        day={day}
        hydrated={hydrated}
        onTimeChange={(time) => {
          setChosenTime(time);
          setLoadedProblems((problems) => ({ date: problems.date }));
        }}
      />
      <RateNote draft={live} className="lg:hidden" />
    </WizardForm>
  );
}
