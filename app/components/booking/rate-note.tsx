import { Tag } from "lucide-react";
import type { BookingDraft } from "~/domain/booking-wizard";
import { rateSummary } from "~/domain/rate-summary";

/** The price in words on the steps before it can be itemised, so it never surprises late. */
export function RateNote({ draft, className = "" }: { draft: BookingDraft; className?: string }) {
  return (
    <p className={`flex gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ${className}`.trim()}>
      <Tag aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <span>{rateSummary(draft)}</span>
    </p>
  );
}
