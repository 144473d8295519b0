import { PayDepositForm } from "./booking-card";

export interface BookingPaymentView {
  bookingId: string;
  depositAmount: string;
  /** "Deposit paid", "Deposit unpaid"… */
  depositLabel: string;
  /** When it was paid, on the company's clock; null while unpaid. */
  paidAt: string | null;
  /** Unpaid, failed or expired on a booking still ahead: a new checkout can be started. */
  canPay: boolean;
  /** The page's attempt id for 'Pay deposit'. */
  attempt: string;
}

/** The deposit's state, and 'Pay deposit' (a new Stripe Checkout) while it can still be paid. */
export function BookingDetailsPayment({ payment }: { payment: BookingPaymentView }) {
  return (
    <section aria-labelledby="booking-deposit-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="booking-deposit-heading" className="text-lg font-semibold">
        Deposit
      </h2>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Amount</dt>
          <dd className="tabular-nums">{payment.depositAmount}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">State</dt>
          <dd className="font-medium">{payment.depositLabel}</dd>
        </div>
        {payment.paidAt ? (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Paid</dt>
            <dd>{payment.paidAt}</dd>
          </div>
        ) : null}
      </dl>
      {payment.canPay ? (
        <div className="mt-4">
          <PayDepositForm bookingId={payment.bookingId} attempt={payment.attempt} />
        </div>
      ) : null}
    </section>
  );
}
