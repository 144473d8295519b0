import { useForm } from "@conform-to/react";
import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { PhoneLink } from "~/components/phone-link";
import { useCompany } from "~/components/company-context";
import { priceInBrief, reviewSections } from "~/domain/booking-review";
import { estimateFromDraft } from "~/domain/booking-wizard";
import { formatCents } from "~/domain/money";
import { DEPOSIT_CENTS } from "~/domain/pricing";
import { KEEP_DETAILS } from "~/domain/profile";
import { SAVE_CARD_CONSENT, SAVE_CARD_FIELD } from "~/domain/saved-card";
import { PriceSummary } from "./price-summary";
import { wizardPath } from "~/domain/wizard-path";
import { WizardForm } from "./wizard-form";
import type { StepProps } from "./wizard-step-form";

const PAY = { intent: "pay", label: `Pay ${formatCents(DEPOSIT_CENTS)} Deposit`, pendingLabel: "Going to payment…" };

/**
 * The last step: every answer as saved, grouped by the step that asked for it, each group with an
 * Edit link that comes back here; the estimate priced from the saved draft, the cancellation terms,
 * and Pay, which saves the booking and goes to Checkout.
 */
export function ReviewStep({
  draft,
  lastResult,
  attempt,
  cancellation,
  billMarginPercent,
  detailsToKeep,
}: Pick<StepProps, "draft" | "lastResult"> & {
  /** Names this page's Pay press: pressing it twice (or resubmitting) starts one checkout, not two. */
  attempt: string;
  /** The terms in sentences, as the server stated them for the move's date. */
  cancellation: string[];
  /** How far above the estimate a bill may be charged to a saved card before the customer approves it. */
  billMarginPercent: number;
  /** A signed-in customer's phone and new address their profile does not hold yet, offered to keep; null otherwise. */
  detailsToKeep: { phone: string; address: string } | null;
}) {
  const company = useCompany();
  const [form] = useForm({ id: "wizard-review", lastResult });
  const estimate = estimateFromDraft(draft);
  return (
    <WizardForm form={form} isFirst={false} primary={PAY} price={priceInBrief(draft)} errorTitle="Payment Error">
      <input type="hidden" name="attempt" value={attempt} />
      <p className="text-slate-700">Check your answers, then pay the deposit to book your move.</p>
      {reviewSections(draft).map((section) => (
        <section key={section.step} aria-labelledby={`review-${section.step}`} className="rounded-xl border border-slate-200 p-4">
          <div className="flex items-center justify-between gap-3">
            <h3 id={`review-${section.step}`} className="font-semibold">
              {section.title}
            </h3>
            <Link
              to={wizardPath(section.step, "review")}
              className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              <Pencil aria-hidden className="size-3.5" />
              Edit<span className="sr-only"> {section.title.toLowerCase()}</span>
            </Link>
          </div>
          <dl className="mt-2 flex flex-col gap-2 text-sm">
            {section.lines.map((line) => (
              <div key={line.label} className="flex flex-col sm:flex-row sm:gap-4">
                <dt className="shrink-0 text-slate-600 sm:w-44">{line.label}</dt>
                <dd className="min-w-0 font-medium break-words whitespace-pre-line">{line.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {estimate ? <PriceSummary estimate={estimate} /> : null}
      <section aria-labelledby="review-cancellation" className="rounded-xl border border-slate-200 p-4 text-sm text-slate-700">
        <h3 id="review-cancellation" className="font-semibold text-slate-900">
          Cancellation
        </h3>
        {cancellation.map((sentence) => (
          <p key={sentence} className="mt-2">
            {sentence}
          </p>
        ))}
        <p className="mt-2">
          Our number: <PhoneLink className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">{company.phoneDisplay}</PhoneLink>
        </p>
      </section>
      {detailsToKeep ? (
        <div className="rounded-xl border border-slate-200 p-4">
          <label className="flex cursor-pointer items-start gap-3 font-medium text-slate-900">
            <input
              type="checkbox"
              name={KEEP_DETAILS.field}
              value="yes"
              defaultChecked
              aria-describedby="keep-details-hint"
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
            />
            {KEEP_DETAILS.label}
          </label>
          <p id="keep-details-hint" className="mt-1 pl-8 text-sm break-words text-slate-600">
            {KEEP_DETAILS.hint(detailsToKeep.phone, detailsToKeep.address)}
          </p>
        </div>
      ) : null}
      {/* Consent to keep the card for the balance: never ticked for the customer. */}
      <div className="rounded-xl border border-slate-200 p-4">
        <label className="flex cursor-pointer items-start gap-3 font-medium text-slate-900">
          <input type="checkbox" name={SAVE_CARD_FIELD} value="yes" aria-describedby="save-card-hint" className="mt-0.5 size-5 shrink-0 accent-brand-700" />
          {SAVE_CARD_CONSENT.label}
        </label>
        <p id="save-card-hint" className="mt-1 pl-8 text-sm text-slate-600">
          {SAVE_CARD_CONSENT.hint(billMarginPercent)}
        </p>
      </div>
    </WizardForm>
  );
}
