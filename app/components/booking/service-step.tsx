import { useForm } from "@conform-to/react";
import { SERVICE_TYPE_LABELS, TEAM_LABELS } from "~/domain/booking-labels";
import { priceInBrief } from "~/domain/booking-review";
import { serviceSchema } from "~/domain/booking-schemas";
import { estimateFromDraft } from "~/domain/booking-wizard";
import { formatCents } from "~/domain/money";
import { SERVICE_TYPES, hourlyRateCents } from "~/domain/pricing";
import { ChoiceCards } from "./choice-cards";
import { PriceSummary } from "./price-summary";
import { WizardForm } from "./wizard-form";
import { CONTINUE, STEP_VALIDATION, validateStep, type StepProps } from "./wizard-step-form";

export function ServiceStep({ draft, live, onLiveChange, lastResult }: StepProps) {
  const [form, fields] = useForm({
    id: "wizard-service",
    lastResult,
    defaultValue: { serviceType: draft.serviceType },
    onValidate: validateStep(serviceSchema),
    ...STEP_VALIDATION,
  });
  const team = live.teamType ?? "elite";
  const estimate = estimateFromDraft(live);
  return (
    <WizardForm form={form} isFirst={false} primary={CONTINUE} price={priceInBrief(live)}>
      <ChoiceCards
        field={fields.serviceType}
        legend="Choose the service"
        onChange={(serviceType) => onLiveChange((current) => ({ ...current, serviceType }))}
        choices={SERVICE_TYPES.map((value) => ({
          value,
          title: SERVICE_TYPE_LABELS[value],
          description: `${formatCents(hourlyRateCents(team, value))}/hr with the ${TEAM_LABELS[team]}`,
        }))}
      />
      {estimate ? <PriceSummary estimate={estimate} /> : null}
    </WizardForm>
  );
}
