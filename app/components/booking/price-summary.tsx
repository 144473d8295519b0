import { UPDATE_ESTIMATE_INTENT } from "~/domain/booking-wizard";
import { formatCents } from "~/domain/money";
import { WithoutScripts } from "~/components/without-scripts";
import type { Estimate } from "~/domain/pricing";

/**
 * The itemised estimate: each line, the total, the deposit due now and the balance after the move.
 * Inside a step's form, `offerUpdate` adds, until the scripts run, a button that sends the form to be
 * priced again: without JavaScript a ticked box reaches the estimate only when the form is sent.
 */
export function PriceSummary({ estimate, offerUpdate = false }: { estimate: Estimate; offerUpdate?: boolean }) {
  return (
    <section id="price-summary" aria-labelledby="price-summary-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h2 id="price-summary-heading" className="font-semibold">
        Your estimate
      </h2>
      <dl className="mt-3 space-y-1 text-sm">
        {estimate.lines.map((line) => (
          <div key={line.id} className="flex justify-between gap-4">
            <dt className="text-slate-600">{line.label}</dt>
            <dd className="tabular-nums">{formatCents(line.amountCents)}</dd>
          </div>
        ))}
        <EstimateTotals estimate={estimate} totalClassName="border-t border-slate-200 pt-2" totalTestId="estimate-total" />
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        {estimate.hours} estimated hours at {formatCents(estimate.hourlyRateCents)}/hr. The final bill follows the actual time.
      </p>
      {offerUpdate ? (
        <WithoutScripts>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3 text-sm">
            <p className="text-slate-600">Changed a service above? Update the estimate before you continue.</p>
            <button
              type="submit"
              name="intent"
              value={UPDATE_ESTIMATE_INTENT}
              formNoValidate
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-medium text-slate-800 hover:bg-slate-100"
            >
              Update estimate
            </button>
          </div>
        </WithoutScripts>
      ) : null}
    </section>
  );
}

/** The estimate's bottom lines, inside a `dl`: the total, the deposit due now and the balance after the move. */
export function EstimateTotals({ estimate, totalClassName = "", totalTestId }: { estimate: Estimate; totalClassName?: string; totalTestId?: string }) {
  return (
    <>
      <div className={`flex justify-between gap-4 font-semibold ${totalClassName}`.trim()}>
        <dt>Estimated total</dt>
        <dd className="tabular-nums" data-testid={totalTestId}>
          {formatCents(estimate.totalCents)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 text-brand-900">
        <dt>Due now (deposit)</dt>
        <dd className="tabular-nums">{formatCents(estimate.depositCents)}</dd>
      </div>
      <div className="flex justify-between gap-4 text-slate-600">
        <dt>Balance after the move</dt>
        <dd className="tabular-nums">{formatCents(estimate.balanceCents)}</dd>
      </div>
    </>
  );
}
