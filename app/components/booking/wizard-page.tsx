import type { SubmissionResult } from "@conform-to/react";
import { ArrowLeft } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, href } from "react-router";
import { STEP_TITLES, type BookingDraft, type ReturnTo, type WizardStep } from "~/domain/booking-wizard";
import { MoveSummaryPanel } from "./move-summary-panel";
import type { StepProps } from "./wizard-step-form";
import { WizardStepper } from "./wizard-stepper";

export interface WizardPageProps {
  step: WizardStep;
  /** The draft as saved. */
  draft: BookingDraft;
  /** Set when the step was opened from the review's Edit link: Continue goes back there. */
  returnTo: ReturnTo | null;
  /** The step's form as the server answered its last post (the messages, with everything typed). */
  lastResult?: SubmissionResult<string[]>;
  /** The step's form, given the saved draft and the draft as the customer is changing it. */
  children: (stepProps: StepProps) => ReactNode;
}

/** One step of the booking wizard: its heading, where it stands among the steps, its form and the move's summary. */
export function WizardPage({ step, draft, returnTo, lastResult, children }: WizardPageProps) {
  // The draft as the step's form holds it now: the summary and the estimates follow it before it is sent.
  const [live, setLive] = useState<BookingDraft>(draft);
  return (
    <div className="flex flex-col gap-6">
      {draft.entry === "dashboard" || draft.entry === "again" ? (
        <Link to={href("/dashboard")} className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to Dashboard
        </Link>
      ) : null}
      <h1 className="text-2xl font-bold">{draft.entry === "again" ? "Book Again" : "Book your move"}</h1>
      <WizardStepper current={step} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-8">
        <section aria-labelledby="step-heading" className="min-w-0 sm:rounded-2xl sm:border sm:border-slate-200 sm:p-6">
          <h2 id="step-heading" className="mb-4 text-xl font-semibold">
            {STEP_TITLES[step]}
          </h2>
          {returnTo && step !== "review" ? <p className="mb-4 text-sm text-slate-600">Change what you need: Continue takes you back to the review.</p> : null}
          {children({ draft, live, onLiveChange: setLive, lastResult })}
        </section>
        <MoveSummaryPanel draft={live} className="hidden lg:sticky lg:top-24 lg:block" />
      </div>
    </div>
  );
}
