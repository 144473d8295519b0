import { addDays, zonedWallTimeToInstant } from "./company-time";

/** Where a booking's emailed 'Manage your booking' link leads; its token travels in the query. */
export const MANAGE_BOOKING_PATH = "/manage";

/**
 * A manage link opens its booking until the end of the day after the move, on the company's clock:
 * long enough to find the calendar file or the details on the day, and no longer.
 */
export function manageLinkExpiresAt(movingDate: string, timeZone: string): Date {
  return zonedWallTimeToInstant(addDays(movingDate, 2), "00:00", timeZone);
}
