import { Badge } from "~/components/ui/badge";
import { officeStateLabel, officeStateTone, type OfficeBookingState } from "~/domain/admin-booking-row";

/** A booking's status as the office sees it, 'Checkout abandoned' included, as a coloured badge (the words carry the meaning). */
export function OfficeStatusBadge({ state }: { state: OfficeBookingState }) {
  return <Badge tone={officeStateTone(state)}>{officeStateLabel(state)}</Badge>;
}
