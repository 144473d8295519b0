import { bookingBadge, type StatusTone } from "~/domain/booking-status";

const TONE_CLASSES: Record<StatusTone, string> = {
  success: "bg-green-100 text-green-800 ring-green-600/20",
  primary: "bg-brand-100 text-brand-900 ring-brand-700/20",
  warning: "bg-amber-100 text-amber-900 ring-amber-600/30",
  secondary: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

/**
 * A booking's status as a coloured badge (the colour repeats the word: it never carries meaning alone).
 * The customer's pages pass the deposit too, so a paid pending move reads as reserved.
 */
export function StatusBadge({ status, depositStatus }: { status: string; depositStatus?: string }) {
  const { label, tone } = bookingBadge(status, depositStatus);
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE_CLASSES[tone]}`}>{label}</span>;
}
