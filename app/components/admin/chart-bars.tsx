import { useId } from "react";
import { barShares } from "~/domain/admin-analytics";

export interface ChartBar {
  label: string;
  value: number;
  /** The value as people read it ("$1,200", "12 bookings"). */
  shown: string;
}

/** The longest bar's share of its row, leaving room for the value beside it. */
const LONGEST_BAR = 0.72;

/**
 * A horizontal bar chart drawn on the server as boxes and the page's own text: visible without
 * JavaScript, its words the page's size however narrow the screen, and read by assistive technology
 * as one image through its title and description (the figures themselves are also in the page as
 * text or a table).
 */
export function BarChart({ title, description, bars }: { title: string; description: string; bars: ChartBar[] }) {
  const id = useId();
  const shares = barShares(bars.map((bar) => bar.value));
  return (
    <div role="img" aria-labelledby={`${id}-title ${id}-desc`} className="grid max-w-2xl gap-2" data-testid="bar-chart">
      <span id={`${id}-title`} className="sr-only">
        {title}
      </span>
      <span id={`${id}-desc`} className="sr-only">
        {description}
      </span>
      {bars.map((bar, index) => (
        <div key={bar.label} className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] items-center gap-3 text-sm">
          <span className="truncate text-right text-slate-700" title={bar.label}>
            {bar.label}
          </span>
          <span className="flex min-w-0 items-center gap-2">
            {bar.value > 0 ? (
              <span data-bar className="h-5 min-w-0.5 rounded bg-brand-600" style={{ width: `${(shares[index]! * LONGEST_BAR * 100).toFixed(2)}%` }} />
            ) : null}
            <span className="shrink-0 font-semibold whitespace-nowrap text-slate-900">{bar.shown}</span>
          </span>
        </div>
      ))}
    </div>
  );
}
