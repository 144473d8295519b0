import { useForm } from "@conform-to/react";
import { TextField } from "~/components/ui/text-field";
import { priceInBrief } from "~/domain/booking-review";
import { contactSchema } from "~/domain/booking-schemas";
import { RateNote } from "./rate-note";
import { WizardAccountLink } from "./wizard-account-link";
import { WizardForm } from "./wizard-form";
import { CONTINUE, STEP_VALIDATION, validateStep, type StepProps } from "./wizard-step-form";

export function ContactStep({ draft, live, lastResult, signedIn }: StepProps & { signedIn: boolean }) {
  const [form, fields] = useForm({
    id: "wizard-contact",
    lastResult,
    defaultValue: { fullName: draft.fullName, email: draft.email, phone: draft.phone },
    onValidate: validateStep(contactSchema),
    ...STEP_VALIDATION,
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
