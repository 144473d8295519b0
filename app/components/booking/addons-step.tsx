import { useForm } from "@conform-to/react";
import { COUNTER_OFFERS, FLAT_ADDON_OFFERS } from "~/domain/addon-offers";
import { Info } from "lucide-react";
import { COUNTER_LABELS, FLAT_ADDON_LABELS } from "~/domain/booking-labels";
import { priceInBrief } from "~/domain/booking-review";
import { addonsSchema } from "~/domain/booking-schemas";
import { estimateFromDraft } from "~/domain/booking-wizard";
import { formatCents } from "~/domain/money";
import type { PhotoView } from "~/domain/photo-rules";
import { COUNTER_LIMITS } from "~/domain/pricing";
import { ADDON_CARD_CLASSES } from "./addon-card";
import { CounterField } from "./counter-field";
import { PhotoPicker, PhotoPickerForms } from "./photo-picker";
import { PriceSummary } from "./price-summary";
import { WizardAccountLink } from "./wizard-account-link";
import { WizardForm } from "./wizard-form";
import { CONTINUE, STEP_VALIDATION, validateStep, type StepProps } from "./wizard-step-form";

export function AddonsStep({ draft, live, onLiveChange, lastResult, signedIn, photos }: StepProps & { signedIn: boolean; photos: PhotoView[] }) {
  const [form, fields] = useForm({
    id: "wizard-addons",
    lastResult,
    defaultValue: {
      packingService: draft.packingService ? "on" : undefined,
      storageService: draft.storageService ? "on" : undefined,
      cleaningService: draft.cleaningService ? "on" : undefined,
      specialInstructions: draft.specialInstructions,
    },
    onValidate: validateStep(addonsSchema),
    ...STEP_VALIDATION,
  });
  const estimate = estimateFromDraft(live);
  return (
    <>
      {/* The photo forms sit outside the step's form: HTML forms cannot nest. */}
      {signedIn ? <PhotoPickerForms /> : null}
      <WizardForm form={form} isFirst={false} primary={CONTINUE} price={priceInBrief(live)}>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-sm font-medium text-slate-800">Services</legend>
          {FLAT_ADDON_OFFERS.map((addon) => (
            <label key={addon.name} className={`${ADDON_CARD_CLASSES} flex cursor-pointer items-start gap-3`}>
              <input
                type="checkbox"
                name={addon.name}
                defaultChecked={Boolean(draft[addon.name])}
                aria-describedby={`${addon.name}-price`}
                onChange={(event) => {
                  const chosen = event.target.checked;
                  onLiveChange((current) => ({ ...current, [addon.name]: chosen }));
                }}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span className="min-w-0">
                <span className="block font-medium">{FLAT_ADDON_LABELS[addon.name]}</span>
                {/* Read as the box's description rather than a part of its name. */}
                <span id={`${addon.name}-price`} aria-hidden className="block text-sm text-slate-600">
                  {formatCents(addon.price)}, one price for the whole move
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-sm font-medium text-slate-800">Extras, by the number</legend>
          {COUNTER_OFFERS.map((counter) => (
            <CounterField
              key={counter.name}
              name={counter.name}
              label={COUNTER_LABELS[counter.name]}
              hint={counter.hint}
              min={COUNTER_LIMITS[counter.name].min}
              max={COUNTER_LIMITS[counter.name].max}
              defaultValue={draft[counter.name] ?? 0}
              error={fields[counter.name].errors?.[0]}
              onChange={(value) => onLiveChange((current) => ({ ...current, [counter.name]: value }))}
            />
          ))}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.specialInstructions.id} className="text-sm font-medium text-slate-800">
            Special instructions (optional)
          </label>
          <textarea
            id={fields.specialInstructions.id}
            name={fields.specialInstructions.name}
            defaultValue={draft.specialInstructions}
            maxLength={2000}
            rows={3}
            className="rounded-lg border border-slate-300 px-3 py-2 text-base"
          />
          {fields.specialInstructions.errors?.[0] ? <p className="text-sm text-red-700">{fields.specialInstructions.errors[0]}</p> : null}
        </div>
        {signedIn ? (
          <PhotoPicker photos={photos} />
        ) : (
          <p className="flex gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              Tip:{" "}
              <WizardAccountLink view="signup" email={draft.email}>
                create an account
              </WizardAccountLink>{" "}
              to add photos of your belongings and follow your booking.
            </span>
          </p>
        )}
        {estimate ? <PriceSummary estimate={estimate} offerUpdate /> : null}
      </WizardForm>
    </>
  );
}
