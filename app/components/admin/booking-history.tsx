import { StatusBadge } from "~/components/dashboard/status-badge";

export interface StatusChangeView {
  from: string | null;
  to: string;
  changedAt: string;
  /** Who made it, or "System" for the server's own changes. */
  changedBy: string;
}

export interface EditView {
  field: string;
  before: string;
  after: string;
  changedAt: string;
  changedBy: string;
  /** The customer moved their own booking online. */
  byCustomer: boolean;
}

/** Every status the booking took (who, when, from, to), then every edit of its details (before, after). */
export function BookingHistory({ statusHistory, edits }: { statusHistory: StatusChangeView[]; edits: EditView[] }) {
  return (
    <>
      <section aria-labelledby="admin-status-history-heading" className="rounded-xl border border-slate-200 p-4">
        <h2 id="admin-status-history-heading" className="text-lg font-semibold">
          Status history
        </h2>
        <ol className="mt-3 flex flex-col gap-3">
          {statusHistory.map((change, index) => (
            <li key={`${index}-${change.changedAt}`} className="flex flex-col gap-1 border-l-2 border-slate-200 pl-3 text-sm">
              <span className="flex flex-wrap items-center gap-2">
                {change.from ? (
                  <>
                    <StatusBadge status={change.from} />
                    <span aria-label="to">→</span>
                  </>
                ) : null}
                <StatusBadge status={change.to} />
              </span>
              <span className="text-slate-600">
                {change.changedAt} · {change.changedBy}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="admin-edit-history-heading" className="rounded-xl border border-slate-200 p-4">
        <h2 id="admin-edit-history-heading" className="text-lg font-semibold">
          Edit history
        </h2>
        {edits.length > 0 ? (
          <ol className="mt-3 flex flex-col gap-3">
            {edits.map((edit, index) => (
              <li key={`${index}-${edit.field}`} className="flex flex-col gap-1 border-l-2 border-slate-200 pl-3 text-sm">
                <span>
                  <span className="font-medium">{edit.field}</span>: <del className="text-slate-500">{edit.before}</del> →{" "}
                  <ins className="no-underline">{edit.after}</ins>
                </span>
                <span className="text-slate-600">
                  {edit.changedAt} · {edit.changedBy}
                  {edit.byCustomer ? " · by the customer" : ""}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-sm text-slate-600">No edits yet.</p>
        )}
      </section>
    </>
  );
}
