import { useForm } from "@conform-to/react";
import { SERVICE_TYPE_LABELS, TEAM_LABELS } from "~/domain/booking-labels";
import { priceInBrief } from "~/domain/booking-review";
import { teamSchema } from "~/domain/booking-schemas";
import { estimateFromDraft } from "~/domain/booking-wizard";
import { formatCents } from "~/domain/money";
import { TEAM_TYPES, hourlyRateCents } from "~/domain/pricing";
import { ChoiceCards } from "./choice-cards";
import { PriceSummary } from "./price-summary";
import { WizardForm } from "./wizard-form";
import { CONTINUE, STEP_VALIDATION, validateStep, type StepProps } from "./wizard-step-form";

export function TeamStep({ draft, live, onLiveChange, lastResult }: StepProps) {
  const [form, fields] = useForm({
    id: "wizard-team",
    lastResult,
    defaultValue: { teamType: draft.teamType },
    onValidate: validateStep(teamSchema),
    ...STEP_VALIDATION,
  });
  const service = live.serviceType ?? "local";
  const estimate = estimateFromDraft({ ...live, serviceType: service });
  return (
    <WizardForm form={form} isFirst={false} primary={CONTINUE} price={priceInBrief(live)}>
      <ChoiceCards
        field={fields.teamType}
        legend="Choose your team"
        onChange={(teamType) => onLiveChange((current) => ({ ...current, teamType }))}
        choices={TEAM_TYPES.map((value) => ({
          value,
          title: TEAM_LABELS[value],
          description: `${formatCents(hourlyRateCents(value, service))}/hr for a ${SERVICE_TYPE_LABELS[service].toLowerCase()}, 2-hour minimum`,
        }))}
      />
      {estimate ? (
        <>
          {live.serviceType ? null : <p className="text-sm text-slate-500">Estimated for a local move; you choose the service next.</p>}
          <PriceSummary estimate={estimate} />
        </>
      ) : null}
    </WizardForm>
  );
}
