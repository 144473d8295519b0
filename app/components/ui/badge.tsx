import type { ReactNode } from "react";

export type BadgeTone = "success" | "primary" | "warning" | "secondary" | "destructive" | "outline";

/** A tone's colours, for a control that shows a status as its badge does. */
export const TONE_CLASSES: Record<BadgeTone, string> = {
  success: "bg-green-100 text-green-800 ring-green-600/20",
  primary: "bg-brand-100 text-brand-900 ring-brand-700/20",
  warning: "bg-amber-100 text-amber-900 ring-amber-600/30",
  secondary: "bg-slate-100 text-slate-700 ring-slate-500/20",
  destructive: "bg-red-100 text-red-800 ring-red-600/30",
  outline: "bg-white text-slate-700 ring-slate-300",
};

/** A small rounded label; its colour repeats its words and never carries meaning alone. */
export function Badge({ tone, children, label }: { tone: BadgeTone; children: ReactNode; label?: string }) {
  return (
    <span
      aria-label={label}
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE_CLASSES[tone]}`}
    >
      {children}
    </span>
  );
}
