import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Info } from "lucide-react";
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { z } from "zod";
import { TextField } from "~/components/ui/text-field";
import { SelectField } from "~/components/ui/select-field";
import { COUNTER_LABELS, FLAT_ADDON_LABELS, PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS, TEAM_LABELS } from "~/domain/booking-labels";
import { CAPACITY_MESSAGES, slotFits, type CapacityProblems, type WizardAvailability } from "~/domain/capacity";
import { useHydrated } from "~/hooks/use-hydrated";
import { useWizardAvailability } from "~/hooks/use-wizard-availability";
import { priceInBrief } from "~/domain/booking-review";
import { addonsSchema, contactSchema, detailsSchema, serviceSchema, teamSchema } from "~/domain/booking-schemas";
import { estimateFromDraft, withFormAnswers, type BookingDraft } from "~/domain/booking-wizard";
import { formatCents } from "~/domain/money";
import { ADDON_PRICES_CENTS, COUNTER_LIMITS, PROPERTY_SIZES, SERVICE_TYPES, TEAM_TYPES, hourlyRateCents } from "~/domain/pricing";
import type { PhotoView } from "~/domain/photo-rules";
import { ADDON_CARD_CLASSES } from "./addon-card";
import { ChoiceCards } from "./choice-cards";
import { MoveDatePicker } from "./move-date-picker";
import { StartTimeSlots } from "./start-time-slots";
import { PhotoPicker, PhotoPickerForms } from "./photo-picker";
import { CounterField } from "./counter-field";
import { WizardAccountLink } from "./wizard-account-link";
import { PriceSummary } from "./price-summary";
import { RateNote } from "./rate-note";
import { WizardForm } from "./wizard-form";

export interface StepProps {
  /** The draft as saved: what the step's fields start from. */
  draft: BookingDraft;
  /** The draft as the customer is changing it on this step, before sending it: what the prices follow. */
  live: BookingDraft;
  onLiveChange: Dispatch<SetStateAction<BookingDraft>>;
  lastResult?: SubmissionResult<string[]>;
}

const validation = { shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const;

/**
 * Checks a step in the browser, except when the button pressed skips checks (Previous, a counter
 * moved without JavaScript): those keep what was typed, whatever it is.
 */
function validateStep<Schema extends z.ZodType<Record<string, unknown>>>(schema: Schema) {
  return ({ formData, submitter }: { formData: FormData; submitter: HTMLInputElement | HTMLButtonElement | null }) => {
    const checked = () => parseWithZod(formData, { schema });
    return submitter?.formNoValidate ? (parseWithZod(formData, { schema: z.object({}) }) as unknown as ReturnType<typeof checked>) : checked();
  };
}
const CONTINUE = { intent: "continue", label: "Continue", pendingLabel: "Saving…" };

export function ContactStep({ draft, live, lastResult, signedIn }: StepProps & { signedIn: boolean }) {
  const [form, fields] = useForm({
    id: "wizard-contact",
    lastResult,
    defaultValue: { fullName: draft.fullName, email: draft.email, phone: draft.phone },
    onValidate: validateStep(contactSchema),
    ...validation,
  });
  return (
    <WizardForm form={form} isFirst primary={CONTINUE} price={priceInBrief(live)}>
      {signedIn ? null : (
        <p className="text-sm text-slate-600">
          Have an account?{" "}
          <WizardAccountLink view="login" email={draft.email}>
            Sign in
          </WizardAccountLink>
        </p>
      )}
      <TextField field={fields.fullName} label="Full name" type="text" autoComplete="name" />
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
      <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
      <RateNote draft={live} className="lg:hidden" />
    </WizardForm>
  );
}

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
    ...validation,
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

export function TeamStep({ draft, live, onLiveChange, lastResult }: StepProps) {
  const [form, fields] = useForm({
    id: "wizard-team",
    lastResult,
    defaultValue: { teamType: draft.teamType },
    onValidate: validateStep(teamSchema),
    ...validation,
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

export function ServiceStep({ draft, live, onLiveChange, lastResult }: StepProps) {
  const [form, fields] = useForm({
    id: "wizard-service",
    lastResult,
    defaultValue: { serviceType: draft.serviceType },
    onValidate: validateStep(serviceSchema),
    ...validation,
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

const FLAT_ADDONS = [
  { name: "packingService", price: ADDON_PRICES_CENTS.packing },
  { name: "storageService", price: ADDON_PRICES_CENTS.storage },
  { name: "cleaningService", price: ADDON_PRICES_CENTS.cleaning },
] as const;

const COUNTERS = [
  { name: "extraMovers", hint: `${formatCents(ADDON_PRICES_CENTS.extraMover)} per mover, for the whole move` },
  {
    name: "tvMounting",
    hint: `${formatCents(ADDON_PRICES_CENTS.tvMountingFirst)} first TV, ${formatCents(ADDON_PRICES_CENTS.tvMountingAdditional)} each after`,
  },
  {
    name: "deepCleaningBedrooms",
    hint: `${formatCents(ADDON_PRICES_CENTS.deepCleaningFirstBedroom)} first bedroom, ${formatCents(ADDON_PRICES_CENTS.deepCleaningAdditionalBedroom)} each after`,
  },
] as const;

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
    ...validation,
  });
  const estimate = estimateFromDraft(live);
  return (
    <>
      {/* The photo forms sit outside the step's form: HTML forms cannot nest. */}
      {signedIn ? <PhotoPickerForms /> : null}
      <WizardForm form={form} isFirst={false} primary={CONTINUE} price={priceInBrief(live)}>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-sm font-medium text-slate-800">Services</legend>
          {FLAT_ADDONS.map((addon) => (
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
          {COUNTERS.map((counter) => (
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
