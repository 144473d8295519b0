import { Link } from "react-router";
import { useCompany } from "~/components/company-context";
import { PhoneLink } from "~/components/phone-link";
import { buttonClasses } from "~/components/ui/button";
import { RESCHEDULE_MESSAGES, type RescheduleView } from "~/domain/booking-reschedule";

// Apart from the reschedule page's calendar (booking-reschedule.tsx): a booking's page shows only
// this section and its link, so it does not load the calendar's form and the move's schemas.

export const phoneLinkClasses = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

export const movesLeftInWords = (count: number) => (count === 1 ? "once more" : `${count} more times`);

/**
 * Moving the booking to another day or time, on its page: while the company's rules allow it online,
 * until when and how often, and 'Reschedule', a link to the calendar; otherwise why not and the phone.
 */
export function BookingDetailsReschedule({ reschedule, pagePath }: { reschedule: RescheduleView; pagePath: string }) {
  const company = useCompany();
  if (reschedule.kind === "closed") return null;
  return (
    <section aria-labelledby="booking-reschedule-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="booking-reschedule-heading" className="text-lg font-semibold">
        Date and time
      </h2>
      {reschedule.kind === "unavailable" ? (
        <p className="mt-3 text-sm text-slate-700">
          {reschedule.reason} Please call us at <PhoneLink className={phoneLinkClasses}>{company.phoneDisplay}</PhoneLink> to change the date or time.
        </p>
      ) : reschedule.kind === "new-date-needed" ? (
        <>
          <p role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
            {RESCHEDULE_MESSAGES.dayClosed(reschedule.day)}
          </p>
          <Link to={pagePath} className={buttonClasses("primary", "md", "mt-4 w-full")}>
            Pick another day
          </Link>
        </>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-700">
            You can reschedule online until {reschedule.deadline}, {movesLeftInWords(reschedule.movesLeft)}.
          </p>
          <Link to={pagePath} className={buttonClasses("outline", "md", "mt-4 w-full")}>
            Reschedule
          </Link>
        </>
      )}
    </section>
  );
}
