import { useId } from "react";
import { barShares } from "~/domain/admin-analytics";

export interface ChartColumn {
  /** What the column stands for, under it when it is labelled ("Thu 7 AM"). */
  label: string;
  value: number;
  /** The value as people read it ("12 page views"). */
  shown: string;
}

const WIDTH = 640;
const PLOT_HEIGHT = 160;
const AXIS_WIDTH = 40;
const LABEL_HEIGHT = 24;
const HEIGHT = PLOT_HEIGHT + LABEL_HEIGHT + 8;

/**
 * A column chart drawn on the server as SVG (a column per value, left to right): visible without
 * JavaScript, scaled to its container, and read by assistive technology through its title and
 * description; the figures themselves are also in the page as a table. One column in `labelEvery`
 * is named under the axis, starting half way into the first group so no name runs off an edge.
 */
export function ColumnChart({ title, description, columns, labelEvery }: { title: string; description: string; columns: ChartColumn[]; labelEvery: number }) {
  const id = useId();
  const shares = barShares(columns.map((column) => column.value));
  const highest = Math.max(0, ...columns.map((column) => column.value));
  const step = (WIDTH - AXIS_WIDTH) / Math.max(1, columns.length);
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full max-w-3xl"
      preserveAspectRatio="xMinYMin meet"
      data-testid="column-chart"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <text x={AXIS_WIDTH - 6} y={10} textAnchor="end" dominantBaseline="middle" className="fill-slate-600 text-[12px]">
        {highest}
      </text>
      <text x={AXIS_WIDTH - 6} y={PLOT_HEIGHT} textAnchor="end" dominantBaseline="middle" className="fill-slate-600 text-[12px]">
        0
      </text>
      <line x1={AXIS_WIDTH} x2={WIDTH} y1={PLOT_HEIGHT + 0.5} y2={PLOT_HEIGHT + 0.5} className="stroke-slate-300" />
      <line x1={AXIS_WIDTH} x2={WIDTH} y1={4.5} y2={4.5} className="stroke-slate-200" strokeDasharray="4 4" />
      {columns.map((column, index) => {
        const x = AXIS_WIDTH + index * step;
        const height = Math.round(shares[index]! * (PLOT_HEIGHT - 6));
        return (
          <g key={`${index}-${column.label}`}>
            {column.value > 0 ? (
              <rect
                x={x + step * 0.15}
                y={PLOT_HEIGHT - Math.max(height, 2)}
                width={step * 0.7}
                height={Math.max(height, 2)}
                rx={1.5}
                className="fill-brand-600"
              >
                <title>{`${column.label}: ${column.shown}`}</title>
              </rect>
            ) : null}
            {index % labelEvery === Math.floor(labelEvery / 2) ? (
              <text x={x + step / 2} y={PLOT_HEIGHT + 16} textAnchor="middle" className="fill-slate-700 text-[11px]">
                {column.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
