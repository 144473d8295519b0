import { Link } from "react-router";
import { PhoneLink } from "~/components/phone-link";
import { useCompany } from "~/components/company-context";
import { buttonClasses } from "~/components/ui/button";
import type { CancellationView } from "~/domain/booking-cancellation";
import { CANCEL_CONFIRM_PARAM, CANCEL_CONFIRM_VALUE, CancelConfirmationOnDemand } from "./cancel-confirmation-on-demand";

/** The page's address with the confirmation step open (the address may carry a query of its own). */
const withConfirmation = (address: string) => `${address}${address.includes("?") ? "&" : "?"}${CANCEL_CONFIRM_PARAM}=${CANCEL_CONFIRM_VALUE}`;

const phoneLinkClasses = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

/**
 * Cancelling the booking: while the company's rules allow it online, the deadline, what becomes of the
 * deposit and 'Cancel booking', a link to the confirmation step; closer to the move, why not and the
 * company's phone; once cancelled, what became of a paid deposit.
 */
export function BookingDetailsCancellation({
  action,
  cancellation,
  confirming,
  depositAmount,
}: {
  /** The address that takes the cancel form (and shows the page again without the confirmation). */
  action: string;
  cancellation: CancellationView;
  confirming: boolean;
  depositAmount: string;
}) {
  const company = useCompany();
  const phone = <PhoneLink className={phoneLinkClasses}>{company.phoneDisplay}</PhoneLink>;
  if (cancellation.kind === "closed") {
    if (!cancellation.deposit) return null;
    return (
      <section aria-labelledby="booking-cancel-heading" className="rounded-xl border border-slate-200 p-4">
        <h2 id="booking-cancel-heading" className="text-lg font-semibold">
          Cancellation
        </h2>
        <p className="mt-3 text-sm text-slate-700">
          {cancellation.deposit === "refunded"
            ? `This booking is cancelled and the ${depositAmount} deposit was refunded to the card you paid with.`
            : cancellation.deposit === "refund-due"
              ? `This booking is cancelled, so the ${depositAmount} deposit you paid will be refunded to the card you paid with.`
              : `This booking is cancelled. The ${depositAmount} deposit was not refunded.`}{" "}
          Questions? Call us at {phone}.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="booking-cancel-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="booking-cancel-heading" className="text-lg font-semibold">
        Cancellation
      </h2>
      {cancellation.kind === "too-late" ? (
        <p className="mt-3 text-sm text-slate-700">
          {cancellation.reason} Please call us at {phone} to cancel or change it.
        </p>
      ) : (
        <>
          <div className="mt-3 flex flex-col gap-2 text-sm text-slate-700">
            {cancellation.kind === "day-closed" ? (
              <p>
                As we cannot move you on the day you booked, you can also cancel online
                {cancellation.onCancel === "refund" ? `, and your ${depositAmount} deposit is refunded in full` : ""}.
              </p>
            ) : (
              <>
                <p>
                  You can cancel online until {cancellation.deadline}, {cancellation.notice}.
                </p>
                <p>{cancellation.deposit}</p>
              </>
            )}
          </div>
          <Link to={withConfirmation(action)} preventScrollReset className={buttonClasses("outline", "md", "mt-4 w-full")}>
            Cancel booking
          </Link>
          {confirming ? <CancelConfirmationOnDemand action={action} depositOutcome={depositOutcome(cancellation.onCancel, depositAmount)} /> : null}
        </>
      )}
    </section>
  );
}

/** What cancelling now does with the deposit, said before the customer confirms. */
function depositOutcome(onCancel: Extract<CancellationView, { kind: "allowed" | "day-closed" }>["onCancel"], depositAmount: string): string {
  switch (onCancel) {
    case "refund":
      return `Your ${depositAmount} deposit will be refunded in full to the card you paid with.`;
    case "keep":
      return `Your ${depositAmount} deposit will not be refunded.`;
    case "nothing-paid":
      return "No deposit has been paid, so nothing is charged or refunded.";
  }
}
