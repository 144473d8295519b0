import { type FieldMetadata, type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { SelectField } from "~/components/ui/select-field";
import { StatusButton } from "~/components/ui/status-button";
import { TextField } from "~/components/ui/text-field";
import type { CompanySettings } from "~/domain/company-settings";
import { ANALYTICS_RETENTION_DAYS, COMPANY_TIME_ZONES, DAY_BEFORE_REMINDER_HOURS, companySettingsSchema, hourLabel } from "~/domain/company-settings-form";
import { MAX_LEAD_DAYS, SAME_DAY_NOTICE_HOURS } from "~/domain/move-start-rules";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

export const SAVE_SETTINGS_INTENT = "save-settings";

/** 8:00 AM to 8:00 PM: the hours day-before reminders may go at. */
const REMINDER_HOUR_OPTIONS = Array.from({ length: DAY_BEFORE_REMINDER_HOURS.max - DAY_BEFORE_REMINDER_HOURS.min + 1 }, (_, index) => {
  const hour = DAY_BEFORE_REMINDER_HOURS.min + index;
  return { value: String(hour), label: hourLabel(hour) };
});

const TIME_ZONE_OPTIONS = Object.entries(COMPANY_TIME_ZONES).map(([value, label]) => ({ value, label }));

/** The company settings, checked as the server checks them; what was typed stays after an error. */
export function SettingsForm({ defaults, lastResult }: { defaults: CompanySettings; lastResult: SubmissionResult<string[]> | undefined }) {
  const pending = useIsSubmitting(SAVE_SETTINGS_INTENT);
  const [form, fields] = useForm({
    id: "company-settings",
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companySettingsSchema() }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex max-w-3xl flex-col gap-6">
      <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
      {form.errors?.[0] ? <FormAlert id={form.errorId} title="Error" description={form.errors[0]} /> : null}
      <Section title="Company" description="Shown on the website's header, landing page and footer.">
        <TextField field={fields.companyName} label="Company name" type="text" autoComplete="organization" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField field={fields.adminEmail} label="Admin email" type="email" autoComplete="email" />
          <TextField field={fields.adminPhone} label="Admin phone" type="tel" autoComplete="tel" hint="The number customers call, shown on every page." />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField field={fields.defaultServiceArea} label="Default service area" type="text" autoComplete="off" />
          <TextField field={fields.businessHours} label="Business hours" type="text" autoComplete="off" />
        </div>
        <TextField
          field={fields.emergencyContact}
          label="Emergency contact"
          type="tel"
          autoComplete="off"
          hint="A phone number for after hours; may be left empty."
        />
      </Section>
      <Section title="Admin header" description="Who runs the company, shown at the top of every admin page.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField field={fields.executiveName} label="Executive's name" type="text" autoComplete="off" />
          <TextField field={fields.executiveTitle} label="Executive's title" type="text" autoComplete="off" />
        </div>
      </Section>
      <Section title="Website analytics" description="Page views and visits older than this are deleted every day.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            field={fields.analyticsRetentionDays}
            label="Keep website analytics for (days)"
            type="text"
            autoComplete="off"
            hint={`Whole days, ${ANALYTICS_RETENTION_DAYS.min} to ${ANALYTICS_RETENTION_DAYS.max}; the reports read the last 48 hours.`}
            inputProps={{ inputMode: "numeric" }}
          />
        </div>
      </Section>
      <Section
        title="When moves may start"
        description="The booking wizard offers only these start times, and a booking saved or paid for any other is refused."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            field={fields.minimumLeadDays}
            label="First bookable day (days after today)"
            type="text"
            autoComplete="off"
            hint={`1: from tomorrow, no same-day moves. 0 allows same-day moves starting at least ${SAME_DAY_NOTICE_HOURS} hours ahead. Up to ${MAX_LEAD_DAYS}.`}
            inputProps={{ inputMode: "numeric" }}
          />
        </div>
        <Toggle
          field={fields.longMovesRunOver}
          label="Let long moves run past closing"
          hint="Off: a start time is offered only when the move's estimated hours end by closing. On: later starts are offered too, marked as running past closing."
        />
      </Section>
      <Section
        title="Customers' own changes"
        description="What customers may change themselves, from their booking's page or the link in its emails; otherwise they call the office."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            field={fields.customerChangeNoticeHours}
            label="Online changes close (hours before the move)"
            type="text"
            autoComplete="off"
            hint="Customers may reschedule or cancel online until this many hours before their move starts."
            inputProps={{ inputMode: "numeric" }}
          />
          <TextField
            field={fields.onlineRescheduleLimit}
            label="Online reschedules per booking"
            type="text"
            autoComplete="off"
            hint="After this many, customers call the office to move it again."
            inputProps={{ inputMode: "numeric" }}
          />
        </div>
        <Toggle
          field={fields.refundDepositOnCustomerCancel}
          label="Refund the deposit when a customer cancels in time"
          hint="On: the deposit goes back in full, by itself, when a customer cancels online before changes close. Off: the deposit is kept unless the office refunds it."
        />
      </Section>
      <Section title="Final bills" description="What a move costs once it is done, from the hours worked and what the crew provided.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            field={fields.billMarginPercent}
            label="Charge without asking up to (% above the estimate)"
            type="text"
            autoComplete="off"
            hint="A bill further above the estimate the customer accepted waits for their approval before it is charged in full."
            inputProps={{ inputMode: "numeric" }}
          />
        </div>
      </Section>
      <Section title="Messages and bookings">
        <Toggle
          field={fields.emailAlerts}
          label="Email alerts"
          hint="Email the admin address about every new paid booking, every customer cancellation, and tomorrow's moves each day."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            field={fields.dayBeforeReminderHour}
            label="Day-before reminder hour"
            options={REMINDER_HOUR_OPTIONS}
            hint="Customers get their day-before reminder at this hour, company time. The office's list of tomorrow's moves goes at the same hour."
          />
          <SelectField
            field={fields.timeZone}
            label="Time zone"
            options={TIME_ZONE_OPTIONS}
            hint="The company's clock: move dates and times, today's date and every message's hours are read on it."
          />
        </div>
        <Toggle field={fields.autoConfirmBookings} label="Auto-confirm bookings" hint="A booking whose deposit is paid becomes confirmed at once." />
      </Section>
      <div>
        <StatusButton type="submit" pending={pending}>
          {pending ? "Saving…" : "Save Settings"}
        </StatusButton>
      </div>
    </Form>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {description ? <p className="-mt-3 text-sm text-slate-600">{description}</p> : null}
      {children}
    </fieldset>
  );
}

/** A checkbox: sent as "on" when checked and not at all when not, which the schema reads as off. */
function Toggle({ field, label, hint }: { field: FieldMetadata<boolean>; label: string; hint: string }) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="flex items-start gap-3">
      <input {...getInputProps(field, { type: "checkbox" })} key={field.key} aria-describedby={hintId} className="mt-1 size-5 accent-brand-700" />
      <div>
        <label htmlFor={field.id} className="font-medium text-slate-800">
          {label}
        </label>
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}
