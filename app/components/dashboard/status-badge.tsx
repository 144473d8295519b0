import { Badge } from "~/components/ui/badge";
import { bookingStatusLabel, bookingStatusTone } from "~/domain/booking-status";

/** A booking's status as a coloured badge (the colour repeats the word: it never carries meaning alone). */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={bookingStatusTone(status)}>{bookingStatusLabel(status)}</Badge>;
}
