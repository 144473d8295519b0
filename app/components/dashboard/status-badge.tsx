import { Badge } from "~/components/ui/badge";
import { bookingBadge } from "~/domain/booking-status";

/**
 * A booking's status as a coloured badge (the colour repeats the word: it never carries meaning alone).
 * The customer's pages pass the deposit too, so a paid pending move reads as reserved.
 */
export function StatusBadge({ status, depositStatus }: { status: string; depositStatus?: string }) {
  const { label, tone } = bookingBadge(status, depositStatus);
  return <Badge tone={tone}>{label}</Badge>;
}
