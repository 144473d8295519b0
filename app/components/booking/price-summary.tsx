import { formatCents } from "~/domain/money";
import type { Estimate } from "~/domain/pricing";

/** The itemised estimate: each line, the total, the deposit due now and the balance after the move. */
export function PriceSummary({ estimate }: { estimate: Estimate }) {
  return (
    <section aria-labelledby="price-summary-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
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
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 font-semibold">
          <dt>Estimated total</dt>
          <dd className="tabular-nums" data-testid="estimate-total">
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
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        {estimate.hours} estimated hours at {formatCents(estimate.hourlyRateCents)}/hr. The final bill follows the actual time.
      </p>
    </section>
  );
}
