import { bookingStatusLabel, bookingStatusTone, type StatusTone } from "./booking-status";

// A booking's history as its customer reads it, in the words of its badge: the statuses it took, and
// the moment the deposit was paid, which turns a pending booking into 'Reserved · deposit paid'
// although its status does not change.

export interface CustomerHistoryEntry {
  label: string;
  tone: StatusTone;
  /** When, as an ISO timestamp. */
  at: string;
}

/** The label the badge gives a move once its deposit is paid and the office has not yet confirmed it. */
export const RESERVED_LABEL = "Reserved · deposit paid";

/** The statuses (oldest first) with the deposit's payment among them, in time order. */
export function customerStatusHistory(events: ReadonlyArray<{ status: string; changedAt: string }>, depositPaidAt: string | null): CustomerHistoryEntry[] {
  const entries: CustomerHistoryEntry[] = events.map((event) => ({
    label: bookingStatusLabel(event.status),
    tone: bookingStatusTone(event.status),
    at: event.changedAt,
  }));
  if (depositPaidAt) entries.push({ label: RESERVED_LABEL, tone: "primary", at: depositPaidAt });
  // A stable sort: a status and the payment at the same moment keep that order.
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
