import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { PhoneLink } from "~/components/phone-link";
import { useCompany } from "~/components/company-context";
import { buttonClasses } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";
import { CANCELLATION_MESSAGES, CUSTOMER_CANCELLATION_NOTICE_HOURS } from "~/domain/booking-cancellation";

/** The confirmation step has its own address (`?cancel=confirm`), so it works without JavaScript. */
export const CANCEL_CONFIRM_PARAM = "cancel";
export const CANCEL_CONFIRM_VALUE = "confirm";

export type CancellationView =
  /** `deadline` on the company's clock. */
  | { kind: "allowed"; deadline: string }
  | { kind: "too-late" }
  /**
   * `cancelledWithPaidDeposit`: a cancelled booking whose deposit was paid, which the company may refund;
   * `refundDue`: the deposit arrived after the booking was cancelled, so the company owes it back.
   */
  | { kind: "closed"; cancelledWithPaidDeposit: boolean; refundDue: boolean };

const phoneLinkClasses = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

/**
 * Cancelling the booking: while it may be cancelled online, the deposit policy and 'Cancel booking',
 * a link to the confirmation step; closer than 48 hours to the move, the company's phone instead.
 */
export function BookingDetailsCancellation({
  action,
  cancellation,
  confirming,
  depositAmount,
}: {
  /** The booking's own address, which takes the cancel form. */
  action: string;
  cancellation: CancellationView;
  confirming: boolean;
  depositAmount: string;
}) {
  const company = useCompany();
  if (cancellation.kind === "closed") {
    if (!cancellation.cancelledWithPaidDeposit) return null;
    return (
      <section aria-labelledby="booking-cancel-heading" className="rounded-xl border border-slate-200 p-4">
        <h2 id="booking-cancel-heading" className="text-lg font-semibold">
          Cancellation
        </h2>
        {cancellation.refundDue ? (
          <p className="mt-3 text-sm text-slate-700">
            This booking was cancelled before your payment reached us, so the {depositAmount} deposit you paid will be refunded. Questions? Call us at{" "}
            <PhoneLink className={phoneLinkClasses}>{company.phoneDisplay}</PhoneLink>.
          </p>
        ) : (
          <p className="mt-3 text-sm text-slate-700">
            This booking is cancelled. The {depositAmount} deposit you paid is not refunded online: refunds are handled by our office. Call us at{" "}
            <PhoneLink className={phoneLinkClasses}>{company.phoneDisplay}</PhoneLink> about a refund.
          </p>
        )}
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
          {CANCELLATION_MESSAGES.tooLate} Please call us at <PhoneLink className={phoneLinkClasses}>{company.phoneDisplay}</PhoneLink> to cancel or change it.
        </p>
      ) : (
        <>
          <div className="mt-3 flex flex-col gap-2 text-sm text-slate-700">
            <p>
              You can cancel online until {cancellation.deadline}, {CUSTOMER_CANCELLATION_NOTICE_HOURS} hours before your move.
            </p>
            <p>
              The {depositAmount} deposit is applied to your final bill. Cancelling here does not refund it: refunds are handled by our office, not online. Call
              us at <PhoneLink className={phoneLinkClasses}>{company.phoneDisplay}</PhoneLink> about a refund.
            </p>
          </div>
          <Link to={`?${CANCEL_CONFIRM_PARAM}=${CANCEL_CONFIRM_VALUE}`} preventScrollReset className={buttonClasses("outline", "md", "mt-4 w-full")}>
            Cancel booking
          </Link>
          {confirming ? <ConfirmCancellation action={action} /> : null}
        </>
      )}
    </section>
  );
}

/**
 * "Are you sure…": a form that cancels, and 'Keep booking', a link back. Rendered by the server from
 * the URL, so it works before JavaScript; not portalled, so that render is the dialog itself. Once
 * hydrated Radix keeps focus inside, and Escape or the overlay closes it.
 */
function ConfirmCancellation({ action }: { action: string }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const cancelling = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel";
  return (
    <Dialog.Root open onOpenChange={(open) => !open && navigate(action, { preventScrollReset: true, replace: true })}>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
      <Dialog.Content
        aria-labelledby="cancel-dialog-title"
        aria-describedby="cancel-dialog-description"
        className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl bg-white p-6 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
      >
        <Dialog.Title id="cancel-dialog-title" className="text-xl font-bold">
          Cancel this booking?
        </Dialog.Title>
        <Dialog.Description id="cancel-dialog-description" className="mt-2 text-slate-700">
          Are you sure you want to cancel this booking? This cannot be undone online.
        </Dialog.Description>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Dialog.Close asChild>
            <Link to={action} replace preventScrollReset className={buttonClasses("outline", "md")}>
              Keep booking
            </Link>
          </Dialog.Close>
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="cancel" />
            <StatusButton type="submit" pending={cancelling} className="w-full">
              Yes, cancel booking
            </StatusButton>
          </Form>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
