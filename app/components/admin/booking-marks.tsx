import type { ReactNode } from "react";
import { MOVED_BY_CUSTOMER_MARK, NEW_DATE_NEEDED_MARK } from "~/domain/admin-booking-edit";

// Marks in words beside a booking's move in the office's lists (the bookings table, the schedule's day).

function Mark({ title, tone, children }: { title: string; tone: "sky" | "amber"; children: ReactNode }) {
  const colours = tone === "sky" ? "border-sky-300 bg-sky-50 text-sky-900" : "border-amber-400 bg-amber-50 text-amber-950";
  return (
    <span title={title} className={`mt-1 block w-fit rounded-full border px-2 py-0.5 text-xs font-medium ${colours}`}>
      {children}
    </span>
  );
}

/** A booking the customer moved online (how often in its title); nothing when never. */
export function MovedByCustomerMark({ times }: { times: number }) {
  if (times <= 0) return null;
  return (
    <Mark title={`Moved online by the customer ${times === 1 ? "once" : `${times} times`}`} tone="sky">
      {MOVED_BY_CUSTOMER_MARK}
    </Mark>
  );
}

/** A booking whose day the office closed, its customer asked to pick another and not done yet; nothing otherwise. */
export function NewDateNeededMark({ needed }: { needed: boolean }) {
  if (!needed) return null;
  return (
    <Mark title="The day is closed: the customer was emailed to pick another" tone="amber">
      {NEW_DATE_NEEDED_MARK}
    </Mark>
  );
}
