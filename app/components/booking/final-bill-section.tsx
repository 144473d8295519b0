import { Form } from "react-router";
import { useCompany } from "~/components/company-context";
import { PhoneLink } from "~/components/phone-link";
import { StatusButton } from "~/components/ui/status-button";
import type { CustomerBillView } from "~/domain/final-bill";
import { useIsSubmitting } from "~/hooks/use-is-submitting";
import { BillLines } from "./bill-lines";

export const APPROVE_BILL_INTENT = "approve-bill";

const phoneLinkClasses = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

/**
 * The final bill of a move that is done, line by line. One that came out more than the margin above
 * the estimate the customer accepted waits for them: 'Approve the bill', or a call to the company.
 */
export function FinalBillSection({ bill, action }: { bill: CustomerBillView; action: string }) {
  const company = useCompany();
  const approving = useIsSubmitting(APPROVE_BILL_INTENT);
  return (
    <section aria-labelledby="final-bill-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="final-bill-heading" className="mb-3 text-lg font-semibold">
        Your final bill
      </h2>
      <BillLines bill={bill.summary} caption="What your move came to" />
      {bill.waitingForApproval ? (
        <div className="mt-4 flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            This bill is more than {bill.marginPercent}% above the estimate you accepted ({bill.acceptedEstimate}), so we charge it in full only once you
            approve it. Questions? Call us at <PhoneLink className={phoneLinkClasses}>{company.phoneDisplay}</PhoneLink>.
          </p>
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value={APPROVE_BILL_INTENT} />
            <StatusButton type="submit" pending={approving}>
              {approving ? "Approving…" : "Approve the bill"}
            </StatusButton>
          </Form>
        </div>
      ) : null}
      {bill.approvedAt ? <p className="mt-4 text-sm text-slate-700">You approved this bill on {bill.approvedAt}.</p> : null}
    </section>
  );
}
