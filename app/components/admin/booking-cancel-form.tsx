import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

export const CANCEL_INTENT = "cancel-booking";
export const REFUND_CHOICE = { field: "refund", yes: "yes", no: "no" } as const;

/**
 * The confirmation step of a cancellation. When the deposit was paid the admin chooses whether to
 * give it back (refund is preselected: a cancelled move owes nothing); `canRefund` is false for
 * staff who may cancel but not refund, who are told so.
 */
export function BookingCancelForm({
  depositPaid,
  depositAmount,
  canRefund,
  backTo,
}: {
  depositPaid: boolean;
  depositAmount: string;
  canRefund: boolean;
  backTo: string;
}) {
  const pending = useIsSubmitting(CANCEL_INTENT);
  return (
    <Form method="post" className="flex max-w-2xl flex-col gap-5">
      <input type="hidden" name="intent" value={CANCEL_INTENT} />
      {depositPaid && canRefund ? (
        <fieldset className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold">The customer paid a {depositAmount} deposit</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name={REFUND_CHOICE.field} value={REFUND_CHOICE.yes} defaultChecked className="size-4" />
            Refund the {depositAmount} deposit
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={REFUND_CHOICE.field} value={REFUND_CHOICE.no} className="size-4" />
            Keep the deposit
          </label>
        </fieldset>
      ) : null}
      {depositPaid && !canRefund ? <p className="text-slate-700">The {depositAmount} deposit stays paid: only an admin can refund it.</p> : null}
      <div className="flex flex-wrap gap-3">
        <StatusButton type="submit" pending={pending} className="bg-red-700 hover:bg-red-800">
          {pending ? "Cancelling…" : "Cancel Booking"}
        </StatusButton>
        <Link to={backTo} className={buttonClasses("outline")}>
          Keep Booking
        </Link>
      </div>
    </Form>
  );
}
