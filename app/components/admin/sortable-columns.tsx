import { ChevronDown, ChevronsUpDown, ChevronUp } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SortDirection } from "~/domain/list-sort";

// The sortable columns of the office's tables: a header that is a link (so sorting works without
// JavaScript and every order can be bookmarked), and, below 768px where the header is gone, the same
// links above the cards.

export interface SortableColumn {
  label: string;
  /** The list is sorted by this column now, and which way. */
  direction: SortDirection | null;
  /** The list sorted by this column, or the other way when it already is. */
  to: string;
}

export function SortHeader({ column, className = "" }: { column: SortableColumn; className?: string }) {
  const Icon = column.direction === null ? ChevronsUpDown : column.direction === "asc" ? ChevronUp : ChevronDown;
  return (
    <th
      scope="col"
      className={`px-3 py-2 font-semibold ${className}`}
      aria-sort={column.direction === null ? undefined : column.direction === "asc" ? "ascending" : "descending"}
    >
      <Link to={column.to} preventScrollReset className="inline-flex min-h-6 items-center gap-1 hover:text-brand-700">
        {column.label}
        <Icon aria-hidden className="size-4" />
      </Link>
    </th>
  );
}

export function SortLinks({ label, columns }: { label: string; columns: SortableColumn[] }) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2 text-sm md:hidden">
      <span className="font-medium">Sort by</span>
      {columns.map((column) => (
        <Link
          key={column.label}
          to={column.to}
          preventScrollReset
          className="rounded-full border border-slate-300 bg-white px-3 py-1"
          aria-current={column.direction === null ? undefined : "true"}
        >
          {column.label}
          {column.direction === null ? "" : column.direction === "asc" ? " ↑" : " ↓"}
        </Link>
      ))}
    </nav>
  );
}

/** A line that never wraps: cut with an ellipsis, the whole text on hover. */
export function OneLine({ text, className = "", children }: { text: string; className?: string; children?: ReactNode }) {
  return (
    <span className={`block truncate ${className}`} title={text}>
      {children ?? text}
    </span>
  );
}
