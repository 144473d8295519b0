import type { SubmissionResult } from "@conform-to/react";
import { RescheduleForm } from "~/components/booking/reschedule-form";
import { useCompany } from "~/components/company-context";
import { PhoneLink } from "~/components/phone-link";
import { RESCHEDULE_MESSAGES, type RescheduleView } from "~/domain/booking-reschedule";
import type { WizardAvailability } from "~/domain/capacity";
import { movesLeftInWords, phoneLinkClasses } from "./booking-reschedule-section";

/** The reschedule page's content: the move as it is, then the calendar, or why it cannot be moved online. */
export function ReschedulePanel({
  page,
  action,
  endpoint,
  backTo,
  lastResult,
}: {
  page: {
    view: RescheduleView;
    current: { words: string };
    chosen: { date: string; time: string | null };
    today: string | null;
    availability: WizardAvailability | null;
  };
  action: string;
  endpoint: string;
  backTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const company = useCompany();
  const { view, current, chosen, today, availability } = page;
  return (
    <section aria-labelledby="reschedule-heading" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h1 id="reschedule-heading" className="text-2xl font-bold">
        Reschedule your move
      </h1>
      <p className="text-slate-700">
        Now booked for <strong>{current.words}</strong>.
      </p>
      {(view.kind === "allowed" || view.kind === "new-date-needed") && today && availability ? (
        <>
          <p className="text-sm text-slate-700">
            {view.kind === "allowed" ? (
              <>
                Choose a new day and start time; only those we can serve are offered. You can reschedule online until {view.deadline},{" "}
                {movesLeftInWords(view.movesLeft)}. Your price stays the same.
              </>
            ) : (
              <>{RESCHEDULE_MESSAGES.dayClosed(view.day)} Only the days and start times we can serve are offered. Your price stays the same.</>
            )}
          </p>
          <RescheduleForm
            action={action}
            endpoint={endpoint}
            backTo={backTo}
            today={today}
            availability={availability}
            chosen={chosen}
            lastResult={lastResult}
          />
        </>
      ) : (
        <p className="text-slate-700">
          {view.kind === "unavailable" ? view.reason : RESCHEDULE_MESSAGES.notChangeable} Please call us at{" "}
          <PhoneLink className={phoneLinkClasses}>{company.phoneDisplay}</PhoneLink> to change the date or time.
        </p>
      )}
    </section>
  );
}
