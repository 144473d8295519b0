import { type FieldMetadata, type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { SelectField } from "~/components/ui/select-field";
import { TextField } from "~/components/ui/text-field";
import { builtOnce } from "~/domain/built-once";
import { needsApproval, type FinalBill } from "~/domain/final-bill";
import { billFormSchema } from "~/domain/final-bill-form";
import { formatCents } from "~/domain/money";
import { COUNTER_LIMITS, type ServiceType, type TeamType } from "~/domain/pricing";
import { useIsSubmitting } from "~/hooks/use-is-submitting";
import { BillLines } from "~/components/booking/bill-lines";

export const BILL_INTENTS = { preview: "preview-bill", complete: "complete-move" } as const;

/** The counted add-ons, as the crew provided them. */
const COUNTERS = [
  { name: "extraMovers", label: "Extra movers" },
  { name: "tvMounting", label: "TVs mounted" },
  { name: "deepCleaningBedrooms", label: "Bedrooms deep-cleaned" },
] as const;

/** What the form starts from: the move's own start time and the add-ons it was booked with. */
export interface BillFormDefaults {
  startedAt: string;
  endedAt: string;
  totalHours: string;
  totalMinutes: string;
  discount: string;
  discountReason: string;
  packingService: boolean;
  storageService: boolean;
  cleaningService: boolean;
  extraMovers: string;
  tvMounting: string;
  deepCleaningBedrooms: string;
  /** The crew the schedule gave the move ("" when none). */
  crew: string;
}

interface BillFormProps {
  move: { teamType: TeamType; serviceType: ServiceType; depositPaidCents: number; acceptedEstimateCents: number; marginPercent: number };
  defaults: BillFormDefaults;
  /** The company's crews, to record which did the move. */
  crews: ReadonlyArray<{ number: number; name: string }>;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The bill the server priced for a preview without JavaScript. */
  serverPreview: FinalBill | null;
  backTo: string;
}

/**
 * The office completes a move: the crew's start and end (or the total time), the add-ons the crew
 * provided, a discount with its reason. The bill is shown line by line before it is kept: as the
 * fields are typed with JavaScript, after "Preview the bill" without it.
 */
export function FinalBillForm({ move, defaults, crews, lastResult, serverPreview, backTo }: BillFormProps) {
  const completing = useIsSubmitting(BILL_INTENTS.complete);
  // Built at the first check or typed value, not as the page comes alive.
  const schema = useMemo(() => builtOnce(() => billFormSchema(move)), [move]);
  const [form, fields] = useForm({
    id: "final-bill",
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema() }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // With JavaScript the bill follows what is typed; without it, the server's preview.
  const typed = useMemo(() => {
    if (form.value === undefined) return null;
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(form.value)) if (typeof value === "string") params.set(name, value);
    const reading = parseWithZod(params, { schema: schema() });
    return reading.status === "success" ? reading.value.bill : null;
  }, [form.value, schema]);
  const preview = typed ?? serverPreview;
  const shown = preview ? { ...preview, depositPaidCents: move.depositPaidCents, balanceCents: Math.max(0, preview.totalCents - move.depositPaidCents) } : null;

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex max-w-3xl flex-col gap-6">
      {form.errors?.[0] ? <FormAlert id={form.errorId} title="Not completed" description={form.errors[0]} /> : null}
      <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5">
        <legend className="px-1 text-lg font-semibold">Time worked</legend>
        <div className="max-w-sm">
          <SelectField
            field={fields.crew}
            label="Crew"
            options={crews.map((crew) => ({ value: String(crew.number), label: crew.name }))}
            placeholder="Not recorded"
            hint="Its tips are paid to it; the schedule's crew is chosen."
          />
        </div>
        <p className="-mt-2 text-sm text-slate-600">The crew&apos;s start and end, or the total time. Billed in quarter hours, two hours at least.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.startedAt} label="Crew started" type="time" autoComplete="off" />
          <TextField field={fields.endedAt} label="Crew finished" type="time" autoComplete="off" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.totalHours} label="Or total hours" type="text" autoComplete="off" inputProps={{ inputMode: "numeric" }} />
          <TextField field={fields.totalMinutes} label="And minutes" type="text" autoComplete="off" inputProps={{ inputMode: "numeric" }} />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5">
        <legend className="px-1 text-lg font-semibold">What the crew provided</legend>
        <Checkbox field={fields.packingService} label="Packing service" />
        <Checkbox field={fields.storageService} label="Storage service" />
        <Checkbox field={fields.cleaningService} label="Basic cleaning" />
        <div className="grid gap-4 sm:grid-cols-3">
          {COUNTERS.map(({ name, label }) => (
            <TextField
              key={name}
              field={fields[name]}
              label={label}
              type="text"
              autoComplete="off"
              hint={`0 to ${COUNTER_LIMITS[name].max}`}
              inputProps={{ inputMode: "numeric" }}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5">
        <legend className="px-1 text-lg font-semibold">Discount</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.discount} label="Discount (dollars)" type="text" autoComplete="off" inputProps={{ inputMode: "decimal" }} />
          <TextField field={fields.discountReason} label="Reason for the discount" type="text" autoComplete="off" hint="The customer sees it on the bill." />
        </div>
      </fieldset>
      <section aria-labelledby="bill-preview-heading" className="flex flex-col gap-3">
        <h2 id="bill-preview-heading" className="text-lg font-semibold">
          The bill
        </h2>
        {/* Only the sums are read out as they change, not the whole table at every keystroke. */}
        <p className="sr-only" aria-live="polite">
          {shown ? `Total ${formatCents(shown.totalCents)}, balance due ${formatCents(shown.balanceCents)}` : ""}
        </p>
        {shown ? (
          <>
            <BillLines bill={shown} caption="The bill as it will be kept" />
            {needsApproval(shown.totalCents, move.acceptedEstimateCents, move.marginPercent) ? (
              <p className="max-w-xl text-amber-800">
                More than {move.marginPercent}% above the accepted estimate of {formatCents(move.acceptedEstimateCents)}: the customer approves it before it is
                charged in full.
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-slate-600">Enter the time worked to see the bill.</p>
        )}
      </section>
      {/* Preview comes first: Enter in a field previews the bill, it never completes the move. */}
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value={BILL_INTENTS.preview} className={buttonClasses("outline")}>
          Preview the bill
        </button>
        <StatusButton type="submit" name="intent" value={BILL_INTENTS.complete} pending={completing}>
          {completing ? "Completing…" : "Complete the move"}
        </StatusButton>
        <Link to={backTo} className={buttonClasses("outline")}>
          Back to booking
        </Link>
      </div>
    </Form>
  );
}

/** A checkbox: sent as "on" when checked and not at all when not, which the schema reads as not provided. */
function Checkbox({ field, label }: { field: FieldMetadata<boolean>; label: string }) {
  return (
    <div className="flex items-center gap-3">
      <input {...getInputProps(field, { type: "checkbox" })} key={field.key} className="size-5 accent-brand-700" />
      <label htmlFor={field.id} className="font-medium text-slate-800">
        {label}
      </label>
    </div>
  );
}
