import type { ReactNode } from "react";

/**
 * A box that scrolls where its content is wider or taller than the page allows (a wide table on a
 * phone, a long list beside a chart). It takes focus, so a keyboard scrolls it too, and is a region
 * named by `label`, so a screen reader says what the focus landed on.
 */
export function ScrollRegion({ label, className = "overflow-x-auto", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      {children}
    </div>
  );
}
