import { useId } from "react";
import { barShares } from "~/domain/admin-analytics";

export interface ChartBar {
  label: string;
  value: number;
  /** The value as people read it ("$1,200", "12 bookings"). */
  shown: string;
}

const ROW_HEIGHT = 36;
const LABEL_WIDTH = 150;
const BAR_AREA = 300;
const VALUE_WIDTH = 110;
const WIDTH = LABEL_WIDTH + BAR_AREA + VALUE_WIDTH;

/**
 * A horizontal bar chart drawn on the server as SVG: visible without JavaScript, scaled to its
 * container, and read by assistive technology through its title and description (the figures
 * themselves are also in the page as text or a table).
 */
export function BarChart({ title, description, bars }: { title: string; description: string; bars: ChartBar[] }) {
  const id = useId();
  const shares = barShares(bars.map((bar) => bar.value));
  const height = Math.max(1, bars.length) * ROW_HEIGHT;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      className="h-auto w-full max-w-2xl"
      preserveAspectRatio="xMinYMin meet"
      data-testid="bar-chart"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {bars.map((bar, index) => {
        const y = index * ROW_HEIGHT;
        const length = Math.round(shares[index]! * BAR_AREA);
        return (
          <g key={bar.label}>
            <text x={LABEL_WIDTH - 8} y={y + ROW_HEIGHT / 2} textAnchor="end" dominantBaseline="middle" className="fill-slate-700 text-[13px]">
              {bar.label}
            </text>
            <rect x={LABEL_WIDTH} y={y + 8} width={bar.value > 0 ? Math.max(length, 2) : 0} height={ROW_HEIGHT - 16} rx={4} className="fill-brand-600" />
            <text x={LABEL_WIDTH + length + 8} y={y + ROW_HEIGHT / 2} dominantBaseline="middle" className="fill-slate-900 text-[13px] font-semibold">
              {bar.shown}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
