/** One headline figure of an admin report (a `<dt>`/`<dd>` pair for a `<dl>`): what it is, its value, and what it counts. */
export function Figure({ label, value, children }: { label: string; value: string; children: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold break-words text-slate-900 tabular-nums">{value}</dd>
      <dd className="text-sm text-slate-600">{children}</dd>
    </div>
  );
}
