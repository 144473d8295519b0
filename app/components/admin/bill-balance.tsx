import { Form } from "react-router";
import { StatusButton } from "~/components/ui/status-button";
import { CHARGE_SAVED_CARD_INTENT, type BillBalanceView } from "~/domain/saved-card";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

/** What is left of a billed move's balance, its payments, and the charge to the card saved with the deposit. */
export function BillBalance({ balance }: { balance: BillBalanceView }) {
  const pending = useIsSubmitting(CHARGE_SAVED_CARD_INTENT);
  return (
    <section aria-labelledby="bill-balance-heading" className="flex max-w-xl flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <h2 id="bill-balance-heading" className="text-lg font-semibold">
        Balance
      </h2>
      <p className="text-slate-700">
        Left to pay: <span className="font-semibold text-slate-900">{balance.due}</span>
      </p>
      {balance.payments.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm text-slate-700">
          {balance.payments.map((payment) => (
            <li key={payment.id}>{payment.text}</li>
          ))}
        </ul>
      ) : null}
      <p className="text-sm text-slate-700">Saved card: {balance.savedCard ?? "none (the customer did not save one with the deposit)"}</p>
      {balance.chargeNote ? <p className="text-sm text-amber-800">{balance.chargeNote}</p> : null}
      {balance.charge ? (
        <Form method="post">
          <input type="hidden" name="intent" value={CHARGE_SAVED_CARD_INTENT} />
          <StatusButton type="submit" pending={pending}>
            {pending ? "Charging…" : balance.charge}
          </StatusButton>
        </Form>
      ) : null}
    </section>
  );
}
