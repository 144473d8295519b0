import type { ReactNode } from "react";
import { MOVED_BY_CUSTOMER_MARK, NEW_DATE_NEEDED_MARK } from "~/domain/booking-marks";

// Marks in words beside a booking's move in the office's lists (the bookings table, the schedule's day).

/** Below the move on a line of its own, or `inline` on a line it shares (the bookings table's one line a row). */
interface MarkPlacement {
  inline?: boolean;
}

function Mark({ title, tone, inline = false, children }: { title: string; tone: "sky" | "amber"; children: ReactNode } & MarkPlacement) {
  const colours = tone === "sky" ? "border-sky-300 bg-sky-50 text-sky-900" : "border-amber-400 bg-amber-50 text-amber-950";
  const placement = inline ? "shrink-0 px-1.5 leading-4" : "mt-1 block w-fit px-2 py-0.5";
  return (
    <span title={title} className={`rounded-full border text-xs font-medium ${placement} ${colours}`}>
      {children}
    </span>
  );
}

/** A booking the customer moved online (how often in its title); nothing when never. */
export function MovedByCustomerMark({ times, inline }: { times: number } & MarkPlacement) {
  if (times <= 0) return null;
  return (
    <Mark title={`Moved online by the customer ${times === 1 ? "once" : `${times} times`}`} tone="sky" inline={inline}>
      {MOVED_BY_CUSTOMER_MARK}
    </Mark>
  );
}

/** A booking whose day the office closed, its customer asked to pick another and not done yet; nothing otherwise. */
export function NewDateNeededMark({ needed, inline }: { needed: boolean } & MarkPlacement) {
  if (!needed) return null;
  return (
    <Mark title="The day is closed: the customer was emailed to pick another" tone="amber" inline={inline}>
      {NEW_DATE_NEEDED_MARK}
    </Mark>
  );
}
