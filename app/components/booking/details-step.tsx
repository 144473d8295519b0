import { useForm } from "@conform-to/react";
import { useState } from "react";
import { SelectField } from "~/components/ui/select-field";
import { TextField } from "~/components/ui/text-field";
import { PROPERTY_SIZE_LABELS } from "~/domain/booking-labels";
import { priceInBrief } from "~/domain/booking-review";
import { detailsSchema } from "~/domain/booking-schemas";
import { withFormAnswers } from "~/domain/booking-wizard";
import type { CapacityProblems, WizardAvailability } from "~/domain/capacity";
import { PROPERTY_SIZES } from "~/domain/pricing";
import { MoveTimeFields } from "./move-time-fields";
import { RateNote } from "./rate-note";
import { WizardForm } from "./wizard-form";
import { CONTINUE, STEP_VALIDATION, validateStep, type StepProps } from "./wizard-step-form";

export function DetailsStep({
  draft,
  live,
  onLiveChange,
  lastResult,
  today,
  availability,
  capacity,
}: StepProps & { today: string; availability: WizardAvailability; capacity: CapacityProblems }) {
  const [form, fields] = useForm({
    id: "wizard-details",
    lastResult,
    defaultValue: { date: draft.date, time: draft.time, fromAddress: draft.fromAddress, toAddress: draft.toAddress, propertySize: draft.propertySize },
    onValidate: validateStep(() => detailsSchema(today)),
    ...STEP_VALIDATION,
  });
  const initialDate = typeof fields.date.initialValue === "string" ? fields.date.initialValue : undefined;
  const initialTime = typeof fields.time.initialValue === "string" ? fields.time.initialValue : undefined;
  // What the page was loaded with holds until the customer changes that answer.
  const [loadedProblems, setLoadedProblems] = useState(lastResult ? {} : capacity);
  return (
    <WizardForm
      form={form}
      isFirst={false}
      primary={CONTINUE}
      price={priceInBrief(live)}
      onChange={(event) => {
        const formData = new FormData(event.currentTarget);
        onLiveChange((current) => withFormAnswers(current, "details", formData));
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
      <MoveTimeFields
        formId={form.id}
        date={fields.date}
        time={fields.time}
        today={today}
        availability={availability}
        // A saved date or time the page says can no longer take the move (closed since, or taken) starts unchosen.
        chosen={{ date: capacity.date ? undefined : initialDate, time: capacity.date || capacity.time ? undefined : initialTime }}
        noPreference={!initialTime}
        problems={loadedProblems}
        size={{ name: fields.propertySize.name, loaded: draft.propertySize ?? "" }}
        onChange={(what) => setLoadedProblems((problems) => (what === "date" ? {} : { date: problems.date }))}
      />
      <RateNote draft={live} className="lg:hidden" />
    </WizardForm>
  );
}
