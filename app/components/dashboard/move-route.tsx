import { ArrowRight } from "lucide-react";

/** Where a move goes: the pickup address, an arrow read as "to", the delivery address, wrapping on a phone. */
export function MoveRoute({ from, to, className = "" }: { from: string; to: string; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-1.5 text-slate-700 ${className}`}>
      <span>{from}</span>
      <ArrowRight role="img" aria-label="to" className="size-4 shrink-0 text-slate-500" />
      <span>{to}</span>
    </p>
  );
}
