import { Form } from "react-router";
import { StatusButton } from "~/components/ui/status-button";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

export const REFUND_INTENT = "refund";

export interface DepositView {
  amount: string;
  /** "Deposit paid", "Refund due", "Deposit refunded"… */
  label: string;
  paidAt: string | null;
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  refund: { id: string | null; amount: string; at: string; by: string } | null;
  /** A paid deposit of a cancelled booking, and the viewer may refund it. */
  canRefund: boolean;
}

/** The deposit and its payment with Stripe's ids, the refund once made, and Refund while one is owed. */
export function BookingDeposit({ deposit }: { deposit: DepositView }) {
  const pending = useIsSubmitting(REFUND_INTENT);
  const row = (label: string, value: string) => (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium break-all">{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="admin-deposit-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="admin-deposit-heading" className="text-lg font-semibold">
        Deposit and payment
      </h2>
      <dl className="mt-3 space-y-1 text-sm">
        {row("Amount", deposit.amount)}
        {row("State", deposit.label)}
        {deposit.paidAt ? row("Paid", deposit.paidAt) : null}
        {row("Checkout Session", deposit.checkoutSessionId ?? "None")}
        {deposit.paymentIntentId ? row("Payment intent", deposit.paymentIntentId) : null}
        {deposit.refund ? (
          <>
            {row("Refunded", `${deposit.refund.amount} on ${deposit.refund.at}`)}
            {row("Refunded by", deposit.refund.by)}
            {deposit.refund.id ? row("Refund", deposit.refund.id) : null}
          </>
        ) : null}
      </dl>
      {deposit.canRefund ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={REFUND_INTENT} />
          <StatusButton type="submit" pending={pending}>
            {pending ? "Refunding…" : `Refund ${deposit.amount} deposit`}
          </StatusButton>
        </Form>
      ) : null}
    </section>
  );
}
