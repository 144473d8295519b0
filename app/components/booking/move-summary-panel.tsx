import { moveSummary, runningEstimate } from "~/domain/booking-review";
import type { BookingDraft } from "~/domain/booking-wizard";
import { EstimateTotals } from "./price-summary";
import { RateNote } from "./rate-note";

/**
 * 'Your move': the answers so far in brief and the running estimate, beside every step on large
 * screens. Rendered by the server from the saved draft; with JavaScript it follows what the customer
 * changes on the step before sending it. Before the team, the service and the home's size are known,
 * the rate in words stands in for the estimate.
 */
export function MoveSummaryPanel({ draft, className = "" }: { draft: BookingDraft; className?: string }) {
  const estimate = runningEstimate(draft);
  return (
    <aside aria-labelledby="move-summary-heading" className={`rounded-2xl border border-slate-200 bg-white p-5 ${className}`.trim()}>
      <h2 id="move-summary-heading" className="text-lg font-semibold">
        Your move
      </h2>
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        {moveSummary(draft).map((line) => (
          <div key={line.label}>
            <dt className="text-slate-600">{line.label}</dt>
            <dd className={`break-words ${line.value ? "font-medium text-slate-900" : "text-slate-500"}`}>{line.value ?? "Not chosen yet"}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 border-t border-slate-200 pt-4">
        {estimate ? (
          <dl className="flex flex-col gap-1 text-sm">
            <EstimateTotals estimate={estimate} totalClassName="text-base" />
          </dl>
        ) : (
          <RateNote draft={draft} />
        )}
      </div>
    </aside>
  );
}
