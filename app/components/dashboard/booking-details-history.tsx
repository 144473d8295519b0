import { Badge } from "~/components/ui/badge";
import type { StatusTone } from "~/domain/booking-status";

/** The booking's history as its customer reads it (statuses and the deposit's payment, in the badge's words), oldest first, each with when on the company's clock. */
export function BookingDetailsHistory({ history }: { history: Array<{ label: string; tone: StatusTone; changedAt: string }> }) {
  return (
    <section aria-labelledby="booking-history-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="booking-history-heading" className="text-lg font-semibold">
        Status history
      </h2>
      {history.length > 0 ? (
        <ol className="mt-3 flex flex-col gap-2">
          {history.map((event, index) => (
            <li key={`${index}-${event.label}`} className="flex flex-wrap items-center justify-between gap-2 border-l-2 border-slate-200 pl-3">
              <Badge tone={event.tone}>{event.label}</Badge>
              <span className="text-sm text-slate-600">{event.changedAt}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No changes recorded yet.</p>
      )}
    </section>
  );
}
