import { type FieldMetadata, type SubmissionResult, getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { builtOnce } from "~/domain/built-once";
import { COUNTER_OFFERS, FLAT_ADDON_OFFERS } from "~/domain/addon-offers";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { ADDON_CARD_CLASSES } from "~/components/booking/addon-card";
import { ChoiceCards } from "~/components/booking/choice-cards";
import { CounterField } from "~/components/booking/counter-field";
import { MoveTimeFields } from "~/components/booking/move-time-fields";
import { FormAlert } from "~/components/ui/form-alert";
import { SelectField } from "~/components/ui/select-field";
import { StatusButton } from "~/components/ui/status-button";
import { TextField } from "~/components/ui/text-field";
import { buttonClasses } from "~/components/ui/button";
import { BOOKING_EDIT_MESSAGES, SHOWN_ESTIMATE_FIELD, SHOW_PRICE_INTENT, bookingEditSchema, type KeptDetails } from "~/domain/admin-booking-edit";
import { COUNTER_LABELS, FLAT_ADDON_LABELS, PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS, TEAM_LABELS } from "~/domain/booking-labels";
import {
  hoursChangeText,
  estimateShown,
  priceChangeText,
  pricedChoicesFromForm,
  pricedChoicesOf,
  repricing,
  type PricedBooking,
  type PricedChoices,
} from "~/domain/booking-repricing";
import type { WizardAvailability } from "~/domain/capacity";
import { formatCents } from "~/domain/money";
import { COUNTER_LIMITS, PROPERTY_SIZES, SERVICE_TYPES, TEAM_TYPES, TIME_SLOTS, bookingHours, hourlyRateCents } from "~/domain/pricing";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

export const EDIT_INTENT = "save-booking";
/** The 'Book it anyway' checkbox's name; its value "confirm" saves an edit the free-time check refuses. */
export const OVER_CAPACITY_FIELD = "overCapacity";

/**
 * The action's answer: the form's errors, and whether they are only that no crew is free (it may be
 * saved anyway); or, for a month, a date's times, the new price or a count asked for without
 * JavaScript, what was typed and the calendar to show.
 */
export type BookingEditResult = SubmissionResult<string[]> & { overCapacity?: boolean; availability?: WizardAvailability };

export interface BookingEditDefaults {
  fullName: string;
  email: string;
  phone: string;
  date: string;
  time: string;
  fromAddress: string;
  toAddress: string;
  /** "" for a booking saved without one. */
  propertySize: string;
  teamType: string;
  serviceType: string;
  packingService: boolean;
  storageService: boolean;
  cleaningService: boolean;
  extraMovers: number;
  tvMounting: number;
  deepCleaningBedrooms: number;
  specialInstructions: string;
  finalCost: string;
}

/**
 * The whole booking: the customer's contact details, the date and time, the addresses, the size of the
 * home, the team, the service, the add-ons, the instructions and the final cost, checked as the wizard
 * checks them; what was typed stays after an error. The date and time are the wizard's calendar for
 * this move (its own crew left out, judged for the size chosen): full and closed days and times are
 * marked and cannot be chosen unless 'Book it anyway' is ticked. A date, time, email, phone or missing
 * size the booking has that the wizard would refuse now may be kept. The booking's estimate stands
 * above Save, and once anything it is priced by changes, the new estimate and the difference: as the
 * fields change with JavaScript, on 'Show the new price' without it.
 */
export function BookingEditForm({
  defaults,
  kept,
  booked,
  timeOptions,
  today,
  availability: loaded,
  availabilityEndpoint,
  lastResult,
  cancelTo,
}: {
  defaults: BookingEditDefaults;
  /** What the booking holds that it may keep though the wizard would refuse it now. */
  kept: KeptDetails;
  /** What the booking is priced by now, with its estimate. */
  booked: PricedBooking;
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
  // Built at the first check, not as the page comes alive: building it is most of the form's first render.
  const schema = useMemo(() => builtOnce(() => bookingEditSchema(today, kept)), [today, kept]);
  const [form, fields] = useForm({
    id: "booking-edit",
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema() }),
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
  // What the move is priced by as the form holds it: as typed when the page came back, then as it changes.
  const [choices, setChoices] = useState<PricedChoices>(() =>
    lastResult?.initialValue ? pricedChoicesFromForm(lastResult.initialValue, pricedChoicesOf(booked)) : pricedChoicesOf(booked),
  );
  // The booking's own times that are none of the wizard's slots.
  const keptTimes = timeOptions.filter((option) => !(TIME_SLOTS as readonly string[]).includes(option.value));
  const counterValue = (name: (typeof COUNTER_OFFERS)[number]["name"]) => {
    const value = Number(fields[name].initialValue);
    return Number.isInteger(value) ? value : booked[COUNTER_COLUMNS[name]];
  };
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className="flex max-w-2xl flex-col gap-6"
      onChange={(event) => {
        const values = Object.fromEntries(new FormData(event.currentTarget));
        setChoices((previous) => pricedChoicesFromForm(values, previous));
      }}
    >
      {/* The form's default button (Enter in a field) saves, not the calendar's month buttons before it. */}
      <button type="submit" name="intent" value={EDIT_INTENT} className="hidden" tabIndex={-1} aria-hidden="true" />
      {form.errors?.[0] && lastResult?.overCapacity ? (
        <FormAlert id={form.errorId} title="Not a free time" description={`${form.errors[0]} ${BOOKING_EDIT_MESSAGES.overCapacityHint}`} />
      ) : form.errors?.[0] ? (
        <FormAlert id={form.errorId} title="Error" description={form.errors[0]} />
      ) : null}
      <Section legend="Customer">
        <TextField field={fields.fullName} label="Full name" type="text" autoComplete="off" />
        <TextField field={fields.email} label="Email" type="email" autoComplete="off" />
        <TextField field={fields.phone} label="Phone" type="tel" autoComplete="off" />
      </Section>
      <Section legend="The move">
        <MoveTimeFields
          formId={form.id}
          date={fields.date}
          time={fields.time}
          today={today}
          availability={lastResult?.availability ?? loaded}
          endpoint={availabilityEndpoint}
          chosen={{ date: initialDate, time: initialTime }}
          noPreference={!initialTime}
          size={{ name: fields.propertySize.name, loaded: kept.propertySize ?? "" }}
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
        <SelectField
          field={fields.propertySize}
          label="Property size"
          placeholder={kept.propertySize === null ? "Not recorded" : undefined}
          hint="The estimated hours follow the size, as the wizard sets them."
          options={PROPERTY_SIZES.map((size) => ({ value: size, label: PROPERTY_SIZE_LABELS[size] }))}
        />
      </Section>
      <Section legend="Team and service">
        <ChoiceCards
          field={fields.teamType}
          legend="Team"
          choices={TEAM_TYPES.map((value) => ({
            value,
            title: TEAM_LABELS[value],
            description: `${formatCents(hourlyRateCents(value, choices.serviceType))}/hr for a ${SERVICE_TYPE_LABELS[choices.serviceType].toLowerCase()}`,
          }))}
        />
        <ChoiceCards
          field={fields.serviceType}
          legend="Service"
          choices={SERVICE_TYPES.map((value) => ({
            value,
            title: SERVICE_TYPE_LABELS[value],
            description: `${formatCents(hourlyRateCents(choices.teamType, value))}/hr with the ${TEAM_LABELS[choices.teamType]}`,
          }))}
        />
      </Section>
      <Section legend="Add-ons">
        {FLAT_ADDON_OFFERS.map((addon) => (
          <AddonBox key={addon.name} field={fields[addon.name]} label={FLAT_ADDON_LABELS[addon.name]} price={formatCents(addon.price)} />
        ))}
        {COUNTER_OFFERS.map((counter) => (
          <CounterField
            key={counter.name}
            name={counter.name}
            label={COUNTER_LABELS[counter.name]}
            hint={counter.hint}
            min={COUNTER_LIMITS[counter.name].min}
            max={COUNTER_LIMITS[counter.name].max}
            defaultValue={counterValue(counter.name)}
            error={fields[counter.name].errors?.[0]}
            onChange={(value) => setChoices((previous) => ({ ...previous, [counter.name]: value }))}
          />
        ))}
      </Section>
      <InstructionsField field={fields.specialInstructions} />
      <TextField
        field={fields.finalCost}
        label="Final cost (dollars)"
        type="text"
        autoComplete="off"
        hint="What the customer is billed, e.g. 1250.50. Leave empty while not known."
        inputProps={{ inputMode: "decimal" }}
      />
      <PriceChange booked={booked} choices={choices} offerPreview={!hydrated} />
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

/** Each counter's column in the booking. */
const COUNTER_COLUMNS = { extraMovers: "extra_movers", tvMounting: "tv_mounting", deepCleaningBedrooms: "deep_cleaning_bedrooms" } as const;

/** One part of the form, with its heading. */
function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** An add-on sold at one price, as the wizard offers it: a box on a card with its price. */
function AddonBox({ field, label, price }: { field: FieldMetadata<boolean>; label: string; price: string }) {
  return (
    <label className={`${ADDON_CARD_CLASSES} flex cursor-pointer items-start gap-3`}>
      <input {...getInputProps(field, { type: "checkbox" })} key={field.key} className="mt-0.5 size-5 shrink-0 accent-brand-700" />
      <span className="min-w-0">
        <span className="block font-medium">{label}</span>
        <span className="block text-sm text-slate-600">{price}, one price for the whole move</span>
      </span>
    </label>
  );
}

/**
 * The booking's estimate now and, once anything it is priced by changes, the new one line by line with
 * the difference (read out as it changes). Until the scripts run, `offerPreview` adds the button that
 * sends the form to be priced, saving nothing.
 */
function PriceChange({ booked, choices, offerPreview }: { booked: PricedBooking; choices: PricedChoices; offerPreview: boolean }) {
  const price = repricing(booked, choices);
  const hours = price ? hoursChangeText(price) : null;
  const shown = estimateShown(booked, choices);
  return (
    <section aria-labelledby="edit-price-heading" className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      <input type="hidden" name={SHOWN_ESTIMATE_FIELD} value={shown === null ? "" : String(shown)} />
      <h2 id="edit-price-heading" className="text-lg font-semibold">
        Price
      </h2>
      <p>
        Current estimate:{" "}
        <span className="font-medium tabular-nums">
          {booked.estimated_cost_cents === null ? "none" : formatCents(booked.estimated_cost_cents)}, {bookingHours(booked)} hours
        </span>
      </p>
      <div role="status" className="flex flex-col gap-1">
        {price ? (
          <>
            <p className="text-base font-semibold">{priceChangeText(price)}</p>
            {hours ? <p>{hours}</p> : null}
          </>
        ) : (
          <p className="text-slate-600">No change to the price.</p>
        )}
      </div>
      {price ? (
        <dl aria-label="The new estimate, line by line" className="space-y-1 border-t border-slate-200 pt-2">
          {price.estimate.lines.map((line) => (
            <div key={line.id} className="flex justify-between gap-4">
              <dt className="text-slate-600">{line.label}</dt>
              <dd className="tabular-nums">{formatCents(line.amountCents)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="text-xs text-slate-500">A new team, service, size or add-on prices the move again. The deposit already paid stays as it is.</p>
      {offerPreview ? (
        <div>
          <button type="submit" name="intent" value={SHOW_PRICE_INTENT} formNoValidate className={buttonClasses("outline", "sm")}>
            Show the new price
          </button>
        </div>
      ) : null}
    </section>
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
