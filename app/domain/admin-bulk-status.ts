import { bookingStatusLabel, type BookingStatus } from "./booking-status";
import type { ToastInput } from "./toast";

// The office changes the status of several bookings at once: ticked rows of the bookings table and
// one status, posted together. Each booking changes on its own (and is recorded on its own), so some
// may change while others are refused.

/** The `intent` of the bulk status form, posted to the page that shows the table. */
export const SET_BOOKING_STATUSES_INTENT = "set-statuses";

/** The form the rows' tick boxes belong to (they sit in the table, outside the form's element). */
export const BULK_STATUS_FORM_ID = "bulk-status";

/** At most a page of the table at once. */
export const MAX_BULK_BOOKINGS = 25;

/** How one booking's change ended. */
export type BulkStatusOutcome = "changed" | "no-crew" | "not-found" | "failed";

export const BULK_STATUS_MESSAGES = {
  noneChosen: "Tick the bookings to change first",
  noneChosenDescription: "Each row's box chooses it; then pick the status and press the button again.",
  noCrew: (count: number) => `${count === 1 ? "One needs" : `${count} need`} a crew and none is free at its time (or its day is closed)`,
  notFound: (count: number) => `${count === 1 ? "One no longer exists" : `${count} no longer exist`}`,
  failed: (count: number) => `${count === 1 ? "One" : count} could not be changed: try again`,
} as const;

const bookingsCount = (count: number) => `${count} booking${count === 1 ? "" : "s"}`;

/** The toast after a bulk change: what changed, and why the others did not. */
export function bulkStatusSummary(outcomes: readonly BulkStatusOutcome[], status: BookingStatus): ToastInput {
  const count = (outcome: BulkStatusOutcome) => outcomes.filter((each) => each === outcome).length;
  const changed = count("changed");
  const label = bookingStatusLabel(status);
  const reasons = [
    count("no-crew") ? BULK_STATUS_MESSAGES.noCrew(count("no-crew")) : null,
    count("not-found") ? BULK_STATUS_MESSAGES.notFound(count("not-found")) : null,
    count("failed") ? BULK_STATUS_MESSAGES.failed(count("failed")) : null,
  ].filter((reason): reason is string => reason !== null);
  if (reasons.length === 0) return { type: "success", title: `${bookingsCount(changed)} changed to ${label}` };
  const title = changed === 0 ? `No booking changed to ${label}` : `${changed} of ${bookingsCount(outcomes.length)} changed to ${label}`;
  return { type: "error", title, description: `${reasons.join(". ")}.` };
}
