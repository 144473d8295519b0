import { useId } from "react";
import { barShares } from "~/domain/admin-analytics";

export interface ChartColumn {
  /** What the column stands for, under it when it is labelled ("Thu 7 AM"). */
  label: string;
  value: number;
  /** The value as people read it ("12 page views"). */
  shown: string;
}

/** The plot's own units: a column is 10 wide, the plot 100 high; CSS stretches it to its box. */
const COLUMN_WIDTH = 10;
const PLOT_HEIGHT = 100;

/**
 * A column chart drawn on the server (a column per value, left to right): visible without
 * JavaScript, read by assistive technology through its title and description, the figures
 * themselves also in the page as a table. Only the columns are SVG, stretched to the width; the
 * axis's words are the page's own text, 12px however narrow the screen, so a phone can read them.
 * Each group of `labelEvery` columns is named under the axis by its middle column; below 640px every
 * other group, so the names have room.
 */
export function ColumnChart({ title, description, columns, labelEvery }: { title: string; description: string; columns: ChartColumn[]; labelEvery: number }) {
  const id = useId();
  const shares = barShares(columns.map((column) => column.value));
  const highest = Math.max(0, ...columns.map((column) => column.value));
  const width = Math.max(1, columns.length) * COLUMN_WIDTH;
  return (
    <div className="grid max-w-3xl grid-cols-[auto_minmax(0,1fr)] gap-x-2">
      <div aria-hidden className="flex h-40 flex-col justify-between text-right text-xs text-slate-600 tabular-nums">
        <span className="-translate-y-1/2">{highest}</span>
        <span className="translate-y-1/2">0</span>
      </div>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${width} ${PLOT_HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full border-t border-b border-dashed border-t-slate-200 border-b-slate-300 border-b-solid"
        data-testid="column-chart"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {columns.map((column, index) =>
          column.value > 0 ? (
            <rect
              key={`${index}-${column.label}`}
              x={index * COLUMN_WIDTH + COLUMN_WIDTH * 0.15}
              y={PLOT_HEIGHT - Math.max(shares[index]! * PLOT_HEIGHT, 1)}
              width={COLUMN_WIDTH * 0.7}
              height={Math.max(shares[index]! * PLOT_HEIGHT, 1)}
              className="fill-brand-600"
            >
              <title>{`${column.label}: ${column.shown}`}</title>
            </rect>
          ) : null,
        )}
      </svg>
      <div aria-hidden className="col-start-2 grid pt-1 text-xs text-slate-700" style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}>
        {columns.map((column, index) =>
          index % labelEvery === 0 ? (
            // Centred on its group, a name may run over into the groups beside it (hidden on a phone).
            <span
              key={`${index}-${column.label}`}
              className={`flex justify-center whitespace-nowrap ${(index / labelEvery) % 2 === 1 ? "max-sm:hidden" : ""}`}
              style={{ gridColumn: `${index + 1} / span ${Math.min(labelEvery, columns.length - index)}` }}
            >
              {columns[Math.min(index + Math.floor(labelEvery / 2), columns.length - 1)]!.label}
            </span>
          ) : null,
        )}
      </div>
    </div>
  );
}
