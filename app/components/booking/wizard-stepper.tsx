import { Check } from "lucide-react";
import { STEP_SHORT_TITLES, STEP_TITLES, WIZARD_STEPS, type WizardStep } from "~/domain/booking-wizard";

/**
 * The steps, where the customer is, and which are done: a numbered circle each, joined by a line that
 * fills in as steps are done. The circles sit on one line whatever their labels do (a label wraps
 * under its own circle); the narrowest phones get the short names.
 */
export function WizardStepper({ current }: { current: WizardStep }) {
  const currentIndex = WIZARD_STEPS.indexOf(current);
  return (
    <nav aria-label="Booking steps">
      <ol className="flex">
        {WIZARD_STEPS.map((step, index) => {
          const done = index < currentIndex;
          const here = index === currentIndex;
          const last = index === WIZARD_STEPS.length - 1;
          return (
            <li key={step} aria-current={here ? "step" : undefined} className="relative flex min-w-0 flex-1 flex-col items-center gap-1.5 text-center">
              {last ? null : (
                // The line to the next step, from this circle's edge to the next one's.
                <span
                  aria-hidden
                  className={`absolute top-4 left-[calc(50%+1.25rem)] h-0.5 w-[calc(100%-2.5rem)] -translate-y-1/2 rounded-full ${done ? "bg-brand-700" : "bg-slate-200"}`}
                />
              )}
              <span
                aria-hidden
                className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                  here
                    ? "bg-brand-700 text-white ring-4 ring-brand-100"
                    : done
                      ? "bg-brand-700 text-white"
                      : "border-2 border-slate-300 bg-white text-slate-500"
                }`}
              >
                {done ? <Check className="size-4" strokeWidth={3} /> : index + 1}
              </span>
              <span
                className={`max-w-full px-0.5 text-xs leading-tight sm:text-sm ${here ? "font-semibold text-slate-900" : done ? "text-slate-700" : "text-slate-500"}`}
              >
                <span className="sr-only">{`Step ${index + 1} of ${WIZARD_STEPS.length}: `}</span>
                <span aria-hidden className="sm:hidden">
                  {STEP_SHORT_TITLES[step]}
                </span>
                <span className="sr-only sm:not-sr-only">{STEP_TITLES[step]}</span>
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
