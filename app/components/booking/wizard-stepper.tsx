import { Check } from "lucide-react";
import { STEP_TITLES, WIZARD_STEPS, type WizardStep } from "~/domain/booking-wizard";

/** The five steps, where the customer is, and which are done. */
export function WizardStepper({ current }: { current: WizardStep }) {
  const currentIndex = WIZARD_STEPS.indexOf(current);
  return (
    <ol aria-label="Booking steps" className="flex items-center gap-1 sm:gap-2">
      {WIZARD_STEPS.map((step, index) => {
        const done = index < currentIndex;
        const here = index === currentIndex;
        return (
          <li key={step} aria-current={here ? "step" : undefined} className="flex flex-1 flex-col items-center gap-1 text-center">
            <span
              aria-hidden
              className={`flex size-8 items-center justify-center rounded-full text-sm font-semibold ${
                here ? "bg-brand-700 text-white" : done ? "bg-brand-100 text-brand-900" : "bg-slate-100 text-slate-500"
              }`}
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <span className={`text-xs sm:text-sm ${here ? "font-semibold text-slate-900" : "text-slate-500"}`}>
              <span className="sr-only">{`Step ${index + 1} of ${WIZARD_STEPS.length}: `}</span>
              {STEP_TITLES[step]}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
